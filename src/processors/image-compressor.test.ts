import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decode } from '../lib/image/decode';
import { encode } from '../lib/image/encode';
import type { RasterImage } from '../lib/image/types';
import { twoToneJpeg, withExifOrientation } from '../../tests/fixtures/pdf-build/images';
import { texturedPhoto } from '../../tests/support/image-fixtures';
import { jpegWithMetadata, markersIn, METADATA_MARKERS, webpWithMetadata } from '../../tests/support/metadata';
import { readJpegOrientation } from '../lib/image/jpeg-orientation';
import { sniffFormat } from '../lib/image/header';
import processor, { avifQuality, keptNote, largerNote, options } from './image-compressor';
import { resizedNote, sizeNotReachedMessage } from '../lib/image/fit-size';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const file = (name: string, bytes: Uint8Array) => ({ name, type: '', bytes });
const run = (inputs: { name: string; bytes: Uint8Array; type: string }[], values: Record<string, unknown>) =>
  processor.run(inputs, options.parse(values), ctx());

/** A smooth photo-like gradient with some texture, where quality matters. */
const photo = (w = 96, h = 64): RasterImage => texturedPhoto(w, h);

describe('image-compressor', () => {
  it('re-encodes a large JPEG smaller at the chosen quality and reports the sizes', async () => {
    const input = await encode(photo(), 'jpg', { quality: 100 });
    const [out] = await run([file('photo.jpg', input)], { quality: 60, format: 'original' });
    expect(out.type).toBe('image/jpeg');
    expect(out.bytes.byteLength).toBeLessThan(input.byteLength);
    expect(out.meta).toMatchObject({ originalSize: input.byteLength, compressedSize: out.bytes.byteLength, width: 96, height: 64 });
    expect(out.meta?.compressionRatio).toBe(Math.round((1 - out.bytes.byteLength / input.byteLength) * 100));
    const img = jpegJs.decode(out.bytes, { useTArray: true });
    expect([img.width, img.height]).toEqual([96, 64]);
    expect(out.notice).toBeUndefined();
  });

  it('keeps the original when compressing would make it larger, and says so', async () => {
    const input = await encode(photo(), 'jpg', { quality: 20 });
    const [out] = await run([file('small.jpg', input)], { quality: 100, format: 'original' });
    expect(out.bytes).toEqual(input);
    expect(out.meta?.compressionRatio).toBe(0);
    expect(out.notice).toBe('small.jpg is already well compressed, so the original file is kept.');
    expect(out.note).toBe(keptNote());
  });

  it('keeps an already tiny optimised PNG as it is, and the card says so', async () => {
    const flat = { width: 32, height: 32, data: new Uint8ClampedArray(32 * 32 * 4).fill(255) };
    const input = await encode(flat, 'png');
    for (const values of [{ quality: 80, format: 'original' }, { quality: 30, format: 'png' }]) {
      const [out] = await run([file('tiny.png', input)], values);
      expect(out.type).toBe('image/png');
      expect(out.bytes).toEqual(input);
      expect(out.meta).toMatchObject({ originalSize: input.byteLength, compressedSize: input.byteLength, compressionRatio: 0 });
      expect(out.note).toBe(keptNote());
    }
  });

  it('delivers a format the visitor chose even when it is larger, and the card says so', async () => {
    const flat = { width: 32, height: 32, data: new Uint8ClampedArray(32 * 32 * 4).fill(255) };
    const input = await encode(flat, 'png');
    const [out] = await run([file('tiny.png', input)], { quality: 80, format: 'jpg' });
    expect(out.type).toBe('image/jpeg');
    expect(out.bytes.byteLength).toBeGreaterThan(input.byteLength);
    expect(out.note).toBe(largerNote('JPG'));
  });

  it.each([
    ['avif', 'image/avif'],
    ['jxl', 'image/jxl'],
  ] as const)('compresses a JPEG to %s: smaller, same size, close to the source', async (format, type) => {
    const source = photo(160, 120);
    const input = await encode(source, 'jpg', { quality: 95 });
    const [out] = await run([file('photo.jpg', input)], { quality: 80, format });
    expect(out.type).toBe(type);
    expect(sniffFormat(out.bytes)).toBe(format);
    expect(out.bytes.byteLength).toBeLessThan(input.byteLength);
    expect(out.note).toBeUndefined();
    const back = (await decode(`photo.${format}`, out.bytes)).frames[0];
    expect([back.width, back.height]).toEqual([160, 120]);
    let sum = 0;
    for (let i = 0; i < back.data.length; i++) sum += Math.abs(back.data[i] - source.data[i]);
    expect(sum / back.data.length).toBeLessThan(4);
  });

  it('maps the slider onto libavif\'s quality scale: 75 is libavif\'s default 50, 100 stays 100', () => {
    expect([10, 60, 75, 80, 90, 100].map(avifQuality)).toEqual([7, 40, 50, 60, 80, 100]);
  });

  it('converts to WebP and to PNG (reduced to 256 colours below quality 80)', async () => {
    const input = await encode(photo(), 'png', { optimise: false });
    const [webp] = await run([file('a.png', input)], { quality: 75, format: 'webp' });
    expect(webp.type).toBe('image/webp');
    expect((await decode('a.webp', webp.bytes)).frames[0].width).toBe(96);
    const [lossless] = await run([file('a.png', input)], { quality: 90, format: 'png' });
    const [indexed] = await run([file('a.png', input)], { quality: 50, format: 'png' });
    expect(indexed.bytes.byteLength).toBeLessThan(lossless.bytes.byteLength);
    const png = PNG.sync.read(Buffer.from(lossless.bytes));
    const source = (await decode('a.png', input)).frames[0];
    expect(Buffer.from(png.data).equals(Buffer.from(source.data))).toBe(true);
  });

  it('compresses a batch, one output per file', async () => {
    const a = await encode(photo(), 'jpg', { quality: 100 });
    const b = await encode(photo(40, 30), 'png', { optimise: false });
    const outs = await run([file('a.jpg', a), file('b.png', b)], { quality: 70, format: 'original' });
    expect(outs.map((o) => o.type)).toEqual(['image/jpeg', 'image/png']);
  });

  it('turns a JPEG with EXIF orientation 6 upright, as JPEG and as PNG', async () => {
    // Stored 40 x 20 with red over blue; orientation 6 shows it 20 x 40, blue left, red right.
    const rotated = withExifOrientation(twoToneJpeg(40, 20), 6);
    const [jpg] = await run([file('turned.jpg', rotated)], { quality: 60, format: 'original' });
    const [png] = await run([file('turned.jpg', rotated)], { quality: 90, format: 'png' });
    expect(jpg.notice).toBeUndefined();
    expect(readJpegOrientation(jpg.bytes)).toBe(1);
    for (const picture of [jpegJs.decode(jpg.bytes, { useTArray: true }), PNG.sync.read(Buffer.from(png.bytes))]) {
      expect([picture.width, picture.height]).toEqual([20, 40]);
      const at = (x: number, y: number) => [...picture.data.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 3)];
      expect(at(4, 20).map((v, i) => Math.abs(v - [0, 0, 255][i]) < 40)).toEqual([true, true, true]);
      expect(at(15, 20).map((v, i) => Math.abs(v - [255, 0, 0][i]) < 40)).toEqual([true, true, true]);
    }
  });

  describe('with a file size limit', () => {
    it('gives the best JPEG of at most the limit, at full size, ignoring the quality slider', async () => {
      const input = await encode(photo(480, 320), 'jpg', { quality: 100 });
      const maxKb = Math.floor(input.byteLength / 1024 / 3);
      const [out] = await run([file('photo.jpg', input)], { quality: 10, format: 'original', limitSize: true, maxKb });
      expect(out.bytes.byteLength).toBeLessThanOrEqual(maxKb * 1024);
      expect(out.bytes.byteLength).toBeGreaterThan(maxKb * 1024 * 0.7);
      const img = jpegJs.decode(out.bytes, { useTArray: true });
      expect([img.width, img.height]).toEqual([480, 320]);
      expect(out.note).toBeUndefined();
    });

    it('makes a picture smaller to fit a small limit, and the card says to what size', async () => {
      const input = await encode(photo(480, 320), 'png');
      const [out] = await run([file('photo.png', input)], { format: 'webp', limitSize: true, maxKb: 1 });
      expect(out.type).toBe('image/webp');
      expect(out.bytes.byteLength).toBeLessThanOrEqual(1024);
      const { width, height } = out.meta as { width: number; height: number };
      expect(width).toBeLessThan(480);
      expect(Math.abs(width / height - 1.5)).toBeLessThan(0.05);
      const decoded = await decode('out.webp', out.bytes);
      expect([decoded.frames[0].width, decoded.frames[0].height]).toEqual([width, height]);
      expect(out.note).toBe(resizedNote(width, height, 1));
    });

    it('warns with the size reached when no file fits', async () => {
      // A strip of noise 16 pixels high is as small as a picture is made, and far over 1 KB even in 256 colours.
      const noise = photo(2000, 16);
      for (let i = 0; i < noise.data.length; i += 4) noise.data.set([(i * 7919) % 251, (i * 104729) % 241, (i * 31) % 239], i);
      const input = await encode(noise, 'png');
      const [out] = await run([file('noise.png', input)], { format: 'png', limitSize: true, maxKb: 1 });
      expect(out.bytes.byteLength).toBeGreaterThan(1024);
      expect(out.bytes.byteLength).toBeLessThanOrEqual(input.byteLength);
      expect(out.noticeTone).toBe('warning');
      expect(out.notice).toBe(sizeNotReachedMessage('noise.png', 1, out.bytes.byteLength));
      expect(out.notice).toMatch(/^noise\.png could not be made smaller than [\d.]+ KB, over the 1 KB limit\. Try a larger limit or another format\.$/);
      expect(out.note).toBe(out.notice);
    });
  });
});

describe('image-compressor hands back the original without its metadata', () => {
  const samePixels = async (a: Uint8Array, b: Uint8Array) => {
    const [x, y] = [(await decode('a', a)).frames[0], (await decode('b', b)).frames[0]];
    expect([y.width, y.height]).toEqual([x.width, x.height]);
    expect(Buffer.compare(Buffer.from(x.data), Buffer.from(y.data))).toBe(0);
  };

  it.each([1, 6])('a JPEG with EXIF (orientation %i), GPS, XMP, IPTC and a comment', async (orientation) => {
    const input = jpegWithMetadata(await encode(photo(), 'jpg', { quality: 20 }), orientation);
    expect(markersIn(input)).toEqual(METADATA_MARKERS);
    const [out] = await run([file('phone.jpg', input)], { quality: 100, format: 'original' });
    expect(out.note).toBe(keptNote());
    expect(markersIn(out.bytes)).toEqual(orientation === 1 ? [] : ['Exif']);
    expect(readJpegOrientation(out.bytes)).toBe(orientation);
    expect(out.meta).toMatchObject({ originalSize: input.byteLength, compressedSize: out.bytes.byteLength });
    expect(out.bytes.byteLength).toBeLessThan(input.byteLength);
    await samePixels(input, out.bytes);
  });

  it('a WebP with EXIF and XMP chunks', async () => {
    const input = webpWithMetadata(await encode(photo(), 'webp', { quality: 5 }), 96, 64);
    const [out] = await run([file('phone.webp', input)], { quality: 100, format: 'original' });
    expect(out.note).toBe(keptNote());
    expect(markersIn(out.bytes, ['EXIF', 'XMP ', 'TestCam', 'GPSLatitude'])).toEqual([]);
    await samePixels(input, out.bytes);
  });
});
