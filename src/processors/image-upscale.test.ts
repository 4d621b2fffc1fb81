import '../../tests/setup/offscreen-canvas';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { resize } from '../lib/image/ops/resample';
import upscale, { MAX_INPUT_PIXELS } from './image-upscale';

// The real model and backend, read from node_modules instead of fetched from the site.
vi.mock('../lib/upscale/served', () => ({
  servedUpscaleEnv: {
    wasmBase: `${process.cwd()}/node_modules/@tensorflow/tfjs-backend-wasm/dist/`,
    loadModel: async () => {
      const dir = `${process.cwd()}/node_modules/@upscalerjs/esrgan-legacy/models/gans/`;
      const modelJson = JSON.parse(readFileSync(`${dir}model.json`, 'utf8'));
      const shard = readFileSync(dir + modelJson.weightsManifest[0].paths[0]);
      return { modelJson, weights: shard.buffer.slice(shard.byteOffset, shard.byteOffset + shard.byteLength) };
    },
  },
}));

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
type Raster = { width: number; height: number; data: Uint8ClampedArray };

/** A sharp 160 x 120 scene: blocks, dark bars 2 to 4 pixels wide and a ring; alpha 255, or a transparent left edge. */
function scene(transparentEdge = false): Raster {
  const width = 160;
  const height = 120;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let rgb = (x >> 5) % 2 === (y >> 5) % 2 ? [210, 180, 100] : [50, 100, 170];
      if (x % 16 < 2 + ((x >> 4) % 3)) rgb = [20, 20, 25];
      const r = Math.hypot(x - 110, y - 60);
      if (r > 25 && r < 29) rgb = [240, 240, 240];
      data.set([...rgb, transparentEdge && x < 10 ? 0 : 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

function png(im: Raster): Uint8Array {
  const out = new PNG({ width: im.width, height: im.height });
  out.data.set(im.data);
  return new Uint8Array(PNG.sync.write(out));
}

/** Mean squared error of the green channel, away from a 4-pixel border. */
function mse(a: Raster, b: Raster): number {
  let sum = 0;
  let n = 0;
  for (let y = 4; y < a.height - 4; y++)
    for (let x = 4; x < a.width - 4; x++) {
      sum += (a.data[(y * a.width + x) * 4 + 1] - b.data[(y * a.width + x) * 4 + 1]) ** 2;
      n++;
    }
  return sum / n;
}

/** Variance of the Laplacian of the green channel: higher is sharper. */
function sharpness(im: Raster): number {
  const g = (x: number, y: number) => im.data[(y * im.width + x) * 4 + 1];
  const values: number[] = [];
  for (let y = 1; y < im.height - 1; y++)
    for (let x = 1; x < im.width - 1; x++) values.push(4 * g(x, y) - g(x - 1, y) - g(x + 1, y) - g(x, y - 1) - g(x, y + 1));
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
}

/** Bicubic (Keys, a = -0.5) enlargement by a whole factor, edges clamped: the baseline a model must beat. */
function bicubic(src: Raster, factor: number): Raster {
  const width = src.width * factor;
  const height = src.height * factor;
  const data = new Uint8ClampedArray(width * height * 4);
  const w = (t: number) => {
    const a = Math.abs(t);
    return a <= 1 ? 1.5 * a ** 3 - 2.5 * a ** 2 + 1 : a < 2 ? -0.5 * a ** 3 + 2.5 * a ** 2 - 4 * a + 2 : 0;
  };
  const at = (x: number, y: number, c: number) =>
    src.data[(Math.min(src.height - 1, Math.max(0, y)) * src.width + Math.min(src.width - 1, Math.max(0, x))) * 4 + c];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = (x + 0.5) / factor - 0.5;
      const sy = (y + 0.5) / factor - 0.5;
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let j = -1; j <= 2; j++) for (let i = -1; i <= 2; i++) sum += at(ix + i, iy + j, c) * w(sx - ix - i) * w(sy - iy - j);
        data[(y * width + x) * 4 + c] = sum;
      }
    }
  return { width, height, data };
}

describe('image-upscale', () => {
  it('2x: twice the size, sharper than bicubic and closer to the original', async () => {
    const original = scene();
    const small = await resize(original, 80, 60);
    const context = ctx();
    const [out] = await upscale.run([{ name: 'small.png', type: 'image/png', bytes: png(small) }], { scale: '2x' }, context);
    const result = decodeRgba(out.bytes);
    expect([result.width, result.height]).toEqual([160, 120]);
    expect(out.vars).toEqual({ width: 160, height: 120 });
    const cubic = bicubic(small, 2);
    expect(sharpness(result)).toBeGreaterThan(2 * sharpness(cubic));
    expect(mse(result, original)).toBeLessThan(0.6 * mse(cubic, original));
    // Progress goes tile by tile.
    expect(context.onProgress).toHaveBeenCalled();
  }, 120000);

  it('4x: four times the size, and a transparent edge stays transparent', async () => {
    const small = await resize(scene(true), 40, 30);
    const [out] = await upscale.run([{ name: 'logo.png', type: 'image/png', bytes: png(small) }], { scale: '4x' }, ctx());
    const result = decodeRgba(out.bytes);
    expect([result.width, result.height]).toEqual([160, 120]);
    expect(result.data[(60 * 160 + 2) * 4 + 3]).toBeLessThan(8);
    expect(result.data[(60 * 160 + 100) * 4 + 3]).toBe(255);
  }, 120000);

  it('refuses an image over the size limit before decoding it, naming its size', async () => {
    const bytes = new Uint8Array(PNG.sync.write(new PNG({ width: 600, height: 500 })));
    expect(600 * 500).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expect(upscale.run([{ name: 'big.png', type: 'image/png', bytes }], { scale: '2x' }, ctx())).rejects.toThrow(
      'The image big.png is 600 x 500 pixels. Upscaling works on images of up to 250,000 pixels (for example 500 x 500): please crop or resize it first.',
    );
  });
});
