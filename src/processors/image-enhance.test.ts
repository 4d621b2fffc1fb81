import '../../tests/setup/offscreen-canvas';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import enhance from './image-enhance';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const SIZE = 96;
type Rgb = Float64Array;

/** A sharp scene: coloured blocks crossed by dark lines 2 and 3 pixels wide, with white patches, as RGB floats per pixel. */
function scene(): Rgb {
  const out = new Float64Array(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      let rgb = (x >> 4) % 2 === (y >> 4) % 2 ? [200, 170, 90] : [60, 110, 170];
      if ((x % 24 < 3 && x > 10) || y % 20 === 9 || y % 20 === 10) rgb = [25, 25, 30];
      if (x % 48 >= 30 && x % 48 < 38 && y % 48 >= 30 && y % 48 < 38) rgb = [240, 240, 240];
      out.set(rgb, (y * SIZE + x) * 3);
    }
  return out;
}

/** A true separable Gaussian (kernel to 4 sigma, edges clamped): not the box passes the tool uses. */
function gaussian(src: Rgb, sigma: number): Rgb {
  const radius = Math.ceil(4 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const pass = (from: Rgb, dx: number, dy: number) => {
    const to = new Float64Array(from.length);
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++)
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let k = -radius; k <= radius; k++) {
            const sx = Math.min(SIZE - 1, Math.max(0, x + k * dx));
            const sy = Math.min(SIZE - 1, Math.max(0, y + k * dy));
            sum += from[(sy * SIZE + sx) * 3 + c] * kernel[k + radius];
          }
          to[(y * SIZE + x) * 3 + c] = sum / total;
        }
    return to;
  };
  return pass(pass(src, 1, 0), 0, 1);
}

function png(rgb: Rgb): Uint8Array {
  const image = new PNG({ width: SIZE, height: SIZE });
  for (let p = 0; p < SIZE * SIZE; p++) {
    for (let c = 0; c < 3; c++) image.data[p * 4 + c] = Math.max(0, Math.min(255, Math.round(rgb[p * 3 + c])));
    image.data[p * 4 + 3] = 255;
  }
  return new Uint8Array(PNG.sync.write(image));
}

function rgbOf(bytes: Uint8Array): Rgb {
  const im = decodeRgba(bytes);
  expect([im.width, im.height]).toEqual([SIZE, SIZE]);
  const out = new Float64Array(SIZE * SIZE * 3);
  for (let p = 0; p < SIZE * SIZE; p++) for (let c = 0; c < 3; c++) out[p * 3 + c] = im.data[p * 4 + c];
  return out;
}

const luma = (a: Rgb, p: number) => 0.299 * a[p * 3] + 0.587 * a[p * 3 + 1] + 0.114 * a[p * 3 + 2];

/** Mean squared error of the luminance (what the eye reads as sharpness), away from the 6-pixel border where any filter guesses. */
function mse(a: Rgb, b: Rgb): number {
  let sum = 0;
  let n = 0;
  for (let y = 6; y < SIZE - 6; y++)
    for (let x = 6; x < SIZE - 6; x++) {
      sum += (luma(a, y * SIZE + x) - luma(b, y * SIZE + x)) ** 2;
      n++;
    }
  return sum / n;
}

/** Variance of the Laplacian of the green channel: higher is sharper. */
function sharpness(a: Rgb): number {
  const values: number[] = [];
  for (let y = 1; y < SIZE - 1; y++)
    for (let x = 1; x < SIZE - 1; x++) {
      const g = (xx: number, yy: number) => a[(yy * SIZE + xx) * 3 + 1];
      values.push(4 * g(x, y) - g(x - 1, y) - g(x + 1, y) - g(x, y - 1) - g(x, y + 1));
    }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
}

const input = (bytes: Uint8Array) => [{ name: 'photo.png', type: 'image/png', bytes }];

describe('image-enhance', () => {
  it('unblur: a Gaussian-blurred picture comes back closer to the sharp original, and sharper', async () => {
    const sharp = scene();
    const blurred = rgbOf(png(gaussian(sharp, 1.6)));
    const [out] = await enhance.run(input(png(blurred)), { mode: 'unblur', sharpness: 50 }, ctx());
    expect(out.type).toBe('image/png');
    const result = rgbOf(out.bytes);
    expect(mse(result, sharp)).toBeLessThan(0.6 * mse(blurred, sharp));
    expect(sharpness(result)).toBeGreaterThan(1.5 * sharpness(blurred));
  });

  it('unblur: more sharpness undoes more blur', async () => {
    const blurred = png(gaussian(scene(), 2.2));
    const [soft] = await enhance.run(input(blurred), { mode: 'unblur', sharpness: 0 }, ctx());
    const [strong] = await enhance.run(input(blurred), { mode: 'unblur', sharpness: 100 }, ctx());
    expect(sharpness(rgbOf(strong.bytes))).toBeGreaterThan(sharpness(rgbOf(soft.bytes)));
  });

  it('restore: a faded, tinted, noisy and soft copy comes back closer to the original', async () => {
    const original = scene();
    const soft = gaussian(original, 1);
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 24;
    const tint = [18, 4, -14];
    const faded = soft.map((v, i) => 0.55 * v + 60 + tint[i % 3] + noise());
    const degraded = rgbOf(png(faded));
    const [out] = await enhance.run(input(png(degraded)), { mode: 'restore', sharpness: 50 }, ctx());
    const restored = rgbOf(out.bytes);
    expect(mse(restored, original)).toBeLessThan(0.75 * mse(degraded, original));
    // The cast is gone: the mean of each channel moves back toward the original's.
    const meanOf = (a: Rgb, c: number) => a.filter((_, i) => i % 3 === c).reduce((s, v) => s + v, 0) / (SIZE * SIZE);
    const castBefore = meanOf(degraded, 0) - meanOf(degraded, 2) - (meanOf(original, 0) - meanOf(original, 2));
    const castAfter = meanOf(restored, 0) - meanOf(restored, 2) - (meanOf(original, 0) - meanOf(original, 2));
    expect(Math.abs(castAfter)).toBeLessThan(Math.abs(castBefore) / 2);
  });

  it('keeps the size, the alpha channel and a JPEG as a JPEG', async () => {
    const image = new PNG({ width: 40, height: 30 });
    for (let p = 0; p < 40 * 30; p++) image.data.set([p % 256, 90, 160, p % 2 ? 255 : 100], p * 4);
    const [out] = await enhance.run(input(new Uint8Array(PNG.sync.write(image))), { mode: 'restore', sharpness: 50 }, ctx());
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height, im.data[3], im.data[7]]).toEqual([40, 30, 100, 255]);
  });
});
