import jpegJs from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { encode } from './encode';
import { fitUnder, QUALITY_CEILING, QUALITY_FLOOR } from './fit-size';
import type { RasterImage } from './types';
import { seededRandom } from '../seeded-random';

/** Detail everywhere (noise over a gradient), so the file size follows quality and pixel count. */
function noisy(width: number, height: number, seed = 7): RasterImage {
  const random = seededRandom(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / width + (random() - 0.5) * 60;
      data[i + 1] = (y * 255) / height + (random() - 0.5) * 60;
      data[i + 2] = 128 + (random() - 0.5) * 60;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const jpegAt = (image: RasterImage, quality: number) => encode(image, 'jpg', { quality });

describe('fitUnder', () => {
  it('gives the highest quality that fits, at full size, and the next quality up does not fit', async () => {
    const image = noisy(240, 180);
    const low = (await jpegAt(image, QUALITY_FLOOR)).byteLength;
    const high = (await jpegAt(image, QUALITY_CEILING)).byteLength;
    const max = Math.round((low + high) / 2);
    const fit = await fitUnder(image, max, jpegAt);
    expect(fit.fits).toBe(true);
    expect(fit.bytes.byteLength).toBeLessThanOrEqual(max);
    expect([fit.width, fit.height]).toEqual([240, 180]);
    expect(fit.quality).toBeGreaterThan(QUALITY_FLOOR);
    expect(fit.quality).toBeLessThan(QUALITY_CEILING);
    expect((await jpegAt(image, fit.quality + 1)).byteLength).toBeGreaterThan(max);
    const decoded = jpegJs.decode(fit.bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([240, 180]);
  });

  it('keeps the best quality when the picture already fits there', async () => {
    const image = noisy(64, 48);
    const fit = await fitUnder(image, 10_000_000, jpegAt);
    expect(fit).toMatchObject({ fits: true, quality: QUALITY_CEILING, width: 64, height: 48 });
  });

  it('makes the picture smaller, keeping its shape, when even the lowest good quality is over the limit', async () => {
    const image = noisy(400, 300);
    const floor = (await jpegAt(image, QUALITY_FLOOR)).byteLength;
    const max = Math.round(floor / 4);
    const fit = await fitUnder(image, max, jpegAt);
    expect(fit.fits).toBe(true);
    expect(fit.bytes.byteLength).toBeLessThanOrEqual(max);
    // Not needlessly small: most of the budget is used.
    expect(fit.bytes.byteLength).toBeGreaterThan(max * 0.7);
    expect(fit.width).toBeLessThan(400);
    expect(Math.abs(fit.width / fit.height - 4 / 3)).toBeLessThan(0.02);
    const decoded = jpegJs.decode(fit.bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([fit.width, fit.height]);
  });

  it('says when nothing fits, and gives the smallest file it made', async () => {
    const image = noisy(200, 100);
    const fit = await fitUnder(image, 50, jpegAt);
    expect(fit.fits).toBe(false);
    expect(fit.bytes.byteLength).toBeGreaterThan(50);
    expect(Math.min(fit.width, fit.height)).toBeGreaterThanOrEqual(16);
    expect(fit.bytes.byteLength).toBeLessThan((await jpegAt(image, QUALITY_FLOOR)).byteLength);
  });
});
