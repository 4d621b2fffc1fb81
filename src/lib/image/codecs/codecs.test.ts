import { existsSync, readFileSync } from 'node:fs';
import * as UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import type { ImageFrame } from '../types';
import { lzwCompress } from './lzw';

function solid(w: number, h: number, rgba: number[], delayMs = 0): ImageFrame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width: w, height: h, data, delayMs };
}

const at = (f: ImageFrame, x: number, y: number) => [...f.data.subarray((y * f.width + x) * 4, (y * f.width + x) * 4 + 4)];
const near = (a: number[], b: number[], tolerance = 24) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

describe('GIF', () => {
  it('keeps frames and delays of an animation, and transparency', async () => {
    const frames = [solid(12, 8, [255, 0, 0, 255], 100), solid(12, 8, [0, 0, 255, 255], 250), solid(12, 8, [0, 0, 0, 0], 50)];
    frames[0].data.set([0, 255, 0, 255], 0);
    const bytes = await encode(frames, 'gif');
    const back = await decode('a.gif', bytes);
    expect(back.frames).toHaveLength(3);
    expect(back.frames.map((f) => f.delayMs)).toEqual([100, 250, 50]);
    expect(near(at(back.frames[0], 0, 0), [0, 255, 0, 255])).toBe(true);
    expect(near(at(back.frames[0], 5, 5), [255, 0, 0, 255])).toBe(true);
    expect(near(at(back.frames[1], 5, 5), [0, 0, 255, 255])).toBe(true);
    // Each frame is a whole picture: the transparent last frame does not show the blue one before it.
    expect(at(back.frames[2], 5, 5)[3]).toBe(0);
  });

  it('writes one still frame without an animation delay', async () => {
    const back = await decode('s.gif', await encode(solid(4, 4, [10, 200, 30, 255]), 'gif'));
    expect(back.frames).toHaveLength(1);
    expect(back.frames[0].delayMs).toBe(0);
  });
});

describe('TIFF', () => {
  it('LZW pages keep every pixel and utif2 reads them back', async () => {
    const pages = [solid(9, 7, [255, 0, 0, 255]), solid(5, 3, [0, 0, 255, 128])];
    pages[0].data.set([1, 2, 3, 4], 0);
    const bytes = await encode(pages, 'tiff', { compression: 'lzw' });
    const ifds = UTIF.decode(bytes.slice().buffer);
    expect(ifds.map((i) => i.t259)).toEqual([[5], [5]]);
    const back = await decode('p.tiff', bytes);
    expect(back.frames.map((f) => [f.width, f.height])).toEqual([[9, 7], [5, 3]]);
    expect([...back.frames[0].data]).toEqual([...pages[0].data]);
    expect([...back.frames[1].data]).toEqual([...pages[1].data]);
  });

  it('JPEG compression gives a readable, smaller page', async () => {
    const photo = solid(64, 48, [200, 120, 40, 255]);
    for (let i = 0; i < photo.data.length; i += 4) photo.data[i] = (i / 4) % 64 * 4;
    const bytes = await encode(photo, 'tiff', { compression: 'jpeg', quality: 80 });
    expect(UTIF.decode(bytes.slice().buffer)[0].t259).toEqual([7]);
    const back = await decode('j.tiff', bytes);
    expect([back.frames[0].width, back.frames[0].height]).toEqual([64, 48]);
    expect(near(at(back.frames[0], 40, 20), [160, 120, 40, 255], 30)).toBe(true);
  });

  it('LZW compresses long runs and round-trips noise that resets the string table many times', async () => {
    expect(lzwCompress(new Uint8Array(100000).fill(7)).length).toBeLessThan(2000);
    const noise = solid(200, 150, [0, 0, 0, 255]);
    let seed = 1;
    for (let i = 0; i < noise.data.length; i++) noise.data[i] = (seed = (seed * 1103515245 + 12345) % 2147483648) >>> 16;
    const back = await decode('n.tiff', await encode(noise, 'tiff'));
    expect([...back.frames[0].data]).toEqual([...noise.data]);
  });
});

const corpus = '../shared/corpus';

describe.runIf(existsSync(`${corpus}/heic`))('HEIC and PSD from the shared corpus', () => {
  it('decodes the primary image of a HEIC collection at its full size', async () => {
    const bytes = new Uint8Array(readFileSync(`${corpus}/heic/content_images_random_collection_1440x960.heic`));
    const back = await decode('c.heic', bytes);
    expect([back.frames[0].width, back.frames[0].height]).toEqual([1440, 960]);
  });

  it('decodes a PSD composite', async () => {
    const bytes = new Uint8Array(readFileSync(`${corpus}/psd/test_read-write_gradient-mode_src.psd`));
    const back = await decode('g.psd', bytes);
    expect(back.frames[0].width).toBeGreaterThan(0);
    expect(back.frames[0].data.length).toBe(back.frames[0].width * back.frames[0].height * 4);
  });
});
