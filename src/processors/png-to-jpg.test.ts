import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolError } from '../lib/errors';
import { sniffFormat } from '../lib/image/header';
import pngToJpg, { readQuality } from './png-to-jpg';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

/** A 40 x 20 PNG: left half fully transparent, right half opaque red. */
function halfTransparentPng(): Uint8Array {
  const canvas = createCanvas(40, 20);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(20, 0, 20, 20);
  return new Uint8Array(canvas.encodeSync('png'));
}

/** A noisy PNG, where JPEG quality makes a real difference to size. */
function noisyPng(size: number): Uint8Array {
  const canvas = createCanvas(size, size);
  const g = canvas.getContext('2d');
  const image = g.createImageData(size, size);
  let seed = 12345;
  for (let i = 0; i < image.data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    image.data[i] = i % 4 === 3 ? 255 : seed % 256;
  }
  g.putImageData(image, 0, 0);
  return new Uint8Array(canvas.encodeSync('png'));
}

/** Decodes output bytes independently of the processor and gives RGBA at a point. */
function pixels(bytes: Uint8Array) {
  const { width, height, data } = decodeRgba(bytes);
  return { width, height, at: (x: number, y: number) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)] };
}

const png = (name: string, bytes: Uint8Array) => ({ name, type: 'image/png', bytes });

afterEach(() => vi.restoreAllMocks());

describe('png-to-jpg', () => {
  it('flattens transparency onto white, keeps red, and reports size facts', async () => {
    const input = halfTransparentPng();
    const before = input.slice();
    const progress = ctx();
    const [out] = await pngToJpg([png('logo.png', input)], { quality: 90 }, progress);
    expect(out.type).toBe('image/jpeg');
    expect(sniffFormat(out.bytes)).toBe('jpeg');
    expect(out.meta).toEqual({ width: 40, height: 20, quality: 90, originalSize: input.byteLength });
    const decoded = pixels(out.bytes);
    expect([decoded.width, decoded.height]).toEqual([40, 20]);
    for (const [x, y] of [[2, 2], [10, 10], [15, 18]]) {
      const [r, g, b, a] = decoded.at(x, y);
      expect(Math.min(r, g, b)).toBeGreaterThanOrEqual(245);
      expect(a).toBe(255);
    }
    for (const [x, y] of [[25, 2], [30, 10], [37, 18]]) {
      const [r, g, b] = decoded.at(x, y);
      expect(r).toBeGreaterThanOrEqual(235);
      expect(Math.max(g, b)).toBeLessThanOrEqual(20);
    }
    expect(input).toEqual(before);
    expect(progress.onProgress).toHaveBeenLastCalledWith(1, 1);
  });

  it('makes a smaller file at quality 10 than at quality 100', async () => {
    const input = noisyPng(64);
    const [low] = await pngToJpg([png('noise.png', input)], { quality: 10 }, ctx());
    const [high] = await pngToJpg([png('noise.png', input)], { quality: 100 }, ctx());
    expect(low.meta?.quality).toBe(10);
    expect(high.meta?.quality).toBe(100);
    expect(low.bytes.byteLength).toBeLessThan(high.bytes.byteLength / 2);
  });

  it('reads the slider value, clamping it and defaulting to 85', () => {
    expect(readQuality(undefined)).toBe(85);
    expect(readQuality('high')).toBe(85);
    expect(readQuality(5)).toBe(10);
    expect(readQuality(150)).toBe(100);
    expect(readQuality(42.4)).toBe(42);
  });

  it('refuses a header claiming 100000 x 100000 pixels before decoding', async () => {
    const decode = vi.spyOn(globalThis, 'createImageBitmap');
    const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0, 8, 6, 0, 0, 0]);
    const run = pngToJpg([png('bomb.png', header)], {}, ctx());
    await expect(run).rejects.toThrow(ToolError);
    await expect(run).rejects.toThrow(
      'The image bomb.png is 100000 x 100000 pixels, more than can be converted in the browser (at most 16384 pixels a side and 16384 x 16384 pixels in all). Please make it smaller first.',
    );
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses one side over 16384 even when the area is small', async () => {
    const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x40, 0x01, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    await expect(pngToJpg([png('strip.png', header)], {}, ctx())).rejects.toThrow('The image strip.png is 16385 x 1 pixels');
  });

  it('names a .png file that holds a JPEG', async () => {
    const canvas = createCanvas(8, 8);
    const jpegBytes = new Uint8Array(canvas.encodeSync('jpeg', 80));
    await expect(pngToJpg([png('photo.png', jpegBytes)], {}, ctx())).rejects.toThrow(
      'The file photo.png is not a PNG image (it contains a JPEG image). Please choose a PNG file.',
    );
  });

  it('names a .png file that holds garbage, and an empty one', async () => {
    const garbage = new TextEncoder().encode('this is not an image at all');
    await expect(pngToJpg([png('notes.png', garbage)], {}, ctx())).rejects.toThrow('The file notes.png is not a PNG image. Please choose a PNG file.');
    await expect(pngToJpg([png('blank.png', new Uint8Array(0))], {}, ctx())).rejects.toThrow('The file blank.png is empty. Please choose a PNG image.');
  });

  it('gives a ToolError for a PNG cut off after its header', async () => {
    const cut = halfTransparentPng().slice(0, 40);
    await expect(pngToJpg([png('cut.png', cut)], {}, ctx())).rejects.toThrow(
      'The image cut.png could not be decoded; it may be damaged or incomplete. Please choose another image.',
    );
  });

  it('stops before work when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pngToJpg([png('logo.png', halfTransparentPng())], {}, { signal: controller.signal, onProgress: () => {} })).rejects.toThrow('Cancelled');
  });
});
