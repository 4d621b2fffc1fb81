import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decode } from '../lib/image/decode';
import { encode } from '../lib/image/encode';
import type { RasterImage } from '../lib/image/types';
import { twoToneJpeg, withExifOrientation } from '../../tests/fixtures/pdf-build/images';
import { readJpegOrientation } from '../lib/pdf/jpeg-orientation';
import processor, { options } from './image-compressor';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const file = (name: string, bytes: Uint8Array) => ({ name, type: '', bytes });
const run = (inputs: { name: string; bytes: Uint8Array; type: string }[], values: Record<string, unknown>) =>
  processor.run(inputs, options.parse(values), ctx());

/** A smooth photo-like gradient with some texture, where quality matters. */
function photo(w = 96, h = 64): RasterImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data[i] = (x * 255) / w;
      data[i + 1] = (y * 255) / h;
      data[i + 2] = 128 + 60 * Math.sin(x / 3) * Math.cos(y / 4);
      data[i + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

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
});
