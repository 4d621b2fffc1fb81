/** Inpainting on generated scenes, and the painted-area coding between page and worker. */
import { describe, expect, it } from 'vitest';
import type { RasterImage } from '../types';
import { inpaint } from './inpaint';
import { decodeMask, encodeMask, hasPaint, maskForImage } from './inpaint-mask';
import { maskSchema } from './inpaint-mask-schema';

const MAGENTA = [255, 0, 255];
const isMarker = (d: Uint8ClampedArray, i: number) => d[i] > 200 && d[i + 1] < 80 && d[i + 2] > 200;

/** Diagonal stripes six pixels wide, two colours, with a little deterministic noise: a texture a smear cannot fake. */
function stripes(width: number, height: number): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 12;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const dark = Math.floor((x + y) / 6) % 2 === 1;
      const n = noise();
      data.set([(dark ? 60 : 190) + n, (dark ? 110 : 200) + n, (dark ? 60 : 140) + n, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

/** The scene with a marker-coloured disc painted on it, and the mask of a slightly larger disc. */
function withBlob(scene: RasterImage, cx: number, cy: number, radius: number) {
  const image = { ...scene, data: new Uint8ClampedArray(scene.data) };
  const hole = new Uint8Array(scene.width * scene.height);
  for (let y = 0; y < scene.height; y++)
    for (let x = 0; x < scene.width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d <= radius) image.data.set([...MAGENTA, 255], (y * scene.width + x) * 4);
      if (d <= radius + 2) hole[y * scene.width + x] = 1;
    }
  return { image, hole };
}

/** Mean absolute RGB difference over the hole. */
function holeError(a: RasterImage, b: RasterImage, hole: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i * 4 + c] - b.data[i * 4 + c]);
    n += 3;
  }
  return sum / n;
}

describe('inpaint', () => {
  it('fills a marker blob with the stripes around it, leaving every other pixel as it was', () => {
    const truth = stripes(160, 120);
    const { image, hole } = withBlob(truth, 80, 60, 22);
    const before = image.data.slice();
    const out = inpaint(image, hole);

    expect(image.data).toEqual(before);
    let markers = 0;
    for (let i = 0; i < hole.length; i++) if (isMarker(out.data, i * 4)) markers++;
    expect(markers).toBe(0);
    for (let i = 0; i < hole.length; i++) if (!hole[i]) expect(out.data[i * 4]).toBe(image.data[i * 4]);
    expect([...out.data.filter((_, i) => !hole[i >> 2])]).toEqual([...image.data.filter((_, i) => !hole[i >> 2])]);

    // The stripes continue through the hole: the fill is close to the hidden truth (the noise alone is about
    // 3 levels), far closer than the best flat colour, which is what a diffusion fill tends towards.
    const error = holeError(out, truth, hole);
    const flat = { ...truth, data: new Uint8ClampedArray(truth.data.length).fill(150) };
    expect(error).toBeLessThan(12);
    expect(holeError(flat, truth, hole)).toBeGreaterThan(40);
  });

  it('fills a thin stroke (a watermark line) and an area at the edge of the picture', () => {
    const truth = stripes(120, 90);
    const image = { ...truth, data: new Uint8ClampedArray(truth.data) };
    const hole = new Uint8Array(120 * 90);
    for (let x = 10; x < 110; x++)
      for (let y = 40; y < 44; y++) {
        hole[y * 120 + x] = 1;
        image.data.set([255, 255, 255, 255], (y * 120 + x) * 4);
      }
    for (let y = 0; y < 20; y++) for (let x = 100; x < 120; x++) hole[y * 120 + x] = 1;
    const out = inpaint(image, hole);
    expect(holeError(out, truth, hole)).toBeLessThan(12);
  });

  it('continues an edge through the hole: light on its side, dark on the other', () => {
    const width = 120;
    const height = 90;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const n = ((x * 7 + y * 13) % 9) - 4;
        const v = x < 60 ? 200 + n : 50 + n;
        data.set([v, v, v, 255], (y * width + x) * 4);
      }
    const hole = new Uint8Array(width * height);
    for (let y = 30; y < 60; y++) for (let x = 40; x < 80; x++) hole[y * width + x] = 1;
    const out = inpaint({ width, height, data }, hole);
    let wrong = 0;
    for (let y = 30; y < 60; y++)
      for (let x = 40; x < 80; x++) {
        if (Math.abs(x - 60) < 4) continue;
        const v = out.data[(y * width + x) * 4];
        if (x < 60 ? v < 150 : v > 100) wrong++;
      }
    expect(wrong).toBe(0);
  });

  it('returns an unchanged copy for an empty mask, and is the same on every run', () => {
    const scene = stripes(40, 30);
    expect(inpaint(scene, new Uint8Array(40 * 30)).data).toEqual(scene.data);
    const { image, hole } = withBlob(scene, 20, 15, 5);
    expect(inpaint(image, hole).data).toEqual(inpaint(image, hole).data);
  });

  it('stops when its signal is aborted', () => {
    const { image, hole } = withBlob(stripes(100, 100), 50, 50, 20);
    const controller = new AbortController();
    controller.abort();
    expect(() => inpaint(image, hole, { signal: controller.signal })).toThrow('Cancelled');
  });
});

describe('painted-area coding', () => {
  it('codes a bitmap as runs and reads it back', () => {
    const bits = Uint8Array.from([0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1]);
    const mask = encodeMask(bits, 4, 3);
    expect(mask).toEqual({ width: 4, height: 3, runs: [2, 3, 1, 1, 4, 1] });
    expect(decodeMask(mask)).toEqual(bits);
    expect(hasPaint(mask)).toBe(true);
    expect(hasPaint(encodeMask(new Uint8Array(6), 3, 2))).toBe(false);
    expect(encodeMask(Uint8Array.from([1, 1]), 2, 1).runs).toEqual([0, 2]);
  });

  it('refuses runs that do not fill the grid exactly', () => {
    const message = 'The painted area could not be read (it does not match its own size). Please clear it and paint again.';
    expect(() => decodeMask({ width: 4, height: 3, runs: [2, 3] })).toThrow(message);
    expect(() => decodeMask({ width: 4, height: 3, runs: [2, 30] })).toThrow(message);
  });

  it('limits the grid and the runs in the schema', () => {
    expect(maskSchema.safeParse({ width: 1025, height: 10, runs: [10250] }).success).toBe(false);
    expect(maskSchema.safeParse({ width: 10, height: 10, runs: [50, -1, 51] }).success).toBe(false);
    expect(maskSchema.safeParse({ width: 10, height: 10, runs: [] }).success).toBe(false);
    expect(maskSchema.safeParse({ width: 10.5, height: 10, runs: [105] }).success).toBe(false);
    expect(maskSchema.safeParse({ width: 10, height: 10, runs: [50, 50] }).success).toBe(true);
  });

  it('stretches the grid over the photo, and refuses a grid of other proportions', () => {
    // A square grid over a photo three times as wide as it is high: refused.
    expect(() => maskForImage(encodeMask(new Uint8Array(400).fill(1), 20, 20), 60, 20, 'wide.png')).toThrow(
      'The painted area (20 x 20) does not have the proportions of wide.png (60 x 20 pixels). Please clear it and paint again on this image.',
    );
    // A 2 x 2 grid with its right column painted, over a 4 x 4 photo: each cell covers 2 x 2 pixels.
    const mask = encodeMask(Uint8Array.from([0, 1, 0, 1]), 2, 2);
    const scaled = maskForImage(mask, 4, 4, 'square.png');
    expect([...scaled]).toEqual([0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1]);
  });
});
