/** Alpha mattes: applying a mask, keying out a flat background colour, and blurring what lies behind a subject. */
import type { RasterImage } from '../types';
import type { Rgba } from './raster';

/** The image with each pixel's alpha multiplied by the mask (0..255 a pixel). */
export function applyMask(src: RasterImage, mask: Uint8Array): RasterImage {
  const out = new Uint8ClampedArray(src.data);
  for (let i = 0; i < mask.length; i++) out[i * 4 + 3] = Math.round((out[i * 4 + 3] * mask[i]) / 255);
  return { width: src.width, height: src.height, data: out };
}

/** The most common colour along the image's edge (quantised to 8 levels a channel) and the share of edge pixels near it. */
export function edgeColour(src: RasterImage, tolerance = 24): { colour: Rgba; share: number } {
  const { width, height, data } = src;
  const edge: number[] = [];
  for (let x = 0; x < width; x++) edge.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) edge.push(y * width, y * width + width - 1);
  const counts = new Map<number, number>();
  for (const p of edge) {
    const key = ((data[p * 4] >> 5) << 6) | ((data[p * 4 + 1] >> 5) << 3) | (data[p * 4 + 2] >> 5);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  // Average of the edge pixels in the winning bucket, so the key colour is exact, not quantised.
  let r = 0, g = 0, b = 0, n = 0;
  for (const p of edge) {
    const key = ((data[p * 4] >> 5) << 6) | ((data[p * 4 + 1] >> 5) << 3) | (data[p * 4 + 2] >> 5);
    if (key !== top) continue;
    r += data[p * 4]; g += data[p * 4 + 1]; b += data[p * 4 + 2]; n++;
  }
  const colour: Rgba = [Math.round(r / n), Math.round(g / n), Math.round(b / n), 255];
  const near = edge.filter((p) => colourDistance(data, p * 4, colour) <= tolerance).length;
  return { colour, share: near / edge.length };
}

function colourDistance(data: Uint8ClampedArray, i: number, c: Rgba): number {
  return Math.max(Math.abs(data[i] - c[0]), Math.abs(data[i + 1] - c[1]), Math.abs(data[i + 2] - c[2]));
}

/**
 * A mask that clears pixels within `tolerance` (0..255, largest channel
 * difference) of the key colour, with a soft ramp over the next `tolerance / 2`
 * levels so antialiased edges fade instead of keeping a hard fringe.
 */
export function colourKeyMask(src: RasterImage, key: Rgba, tolerance: number): Uint8Array {
  const mask = new Uint8Array(src.width * src.height);
  const ramp = Math.max(1, tolerance / 2);
  for (let p = 0; p < mask.length; p++) {
    const d = colourDistance(src.data, p * 4, key);
    mask[p] = d <= tolerance ? 0 : d >= tolerance + ramp ? 255 : Math.round(((d - tolerance) / ramp) * 255);
  }
  return mask;
}

/** One horizontal then vertical box-blur pass of radius r over premultiplied RGBA floats. */
function boxPass(buf: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(buf.length);
  const out = new Float32Array(buf.length);
  const run = (src: Float32Array, dst: Float32Array, len: number, lines: number, step: number, lineStep: number) => {
    const size = 2 * r + 1;
    for (let line = 0; line < lines; line++) {
      const base = line * lineStep;
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let k = -r; k <= r; k++) sum += src[base + Math.min(len - 1, Math.max(0, k)) * step + c];
        for (let i = 0; i < len; i++) {
          dst[base + i * step + c] = sum / size;
          sum += src[base + Math.min(len - 1, i + r + 1) * step + c] - src[base + Math.max(0, i - r) * step + c];
        }
      }
    }
  };
  run(buf, tmp, width, height, 4, width * 4);
  run(tmp, out, height, width, width * 4, 4);
  return out;
}

/** A Gaussian-like blur (three box passes) of radius about `radius` pixels, alpha-correct. */
export function blur(src: RasterImage, radius: number): RasterImage {
  const { width, height, data } = src;
  let buf: Float32Array = new Float32Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3] / 255;
    buf[i] = data[i] * a; buf[i + 1] = data[i + 1] * a; buf[i + 2] = data[i + 2] * a; buf[i + 3] = data[i + 3];
  }
  const r = Math.max(1, Math.round(radius / Math.sqrt(3)));
  for (let pass = 0; pass < 3; pass++) buf = boxPass(buf, width, height, r);
  const out = new Uint8ClampedArray(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = buf[i + 3] / 255;
    out[i] = a ? buf[i] / a : 0; out[i + 1] = a ? buf[i + 1] / a : 0; out[i + 2] = a ? buf[i + 2] / a : 0; out[i + 3] = buf[i + 3];
  }
  return { width, height, data: out };
}

/** The sharp subject (mask 255) over the blurred picture, blended by the soft mask in between. */
export function blurBehind(src: RasterImage, mask: Uint8Array, radius: number): RasterImage {
  const blurred = blur(src, radius);
  const out = blurred.data;
  for (let p = 0; p < mask.length; p++) {
    const m = mask[p] / 255;
    for (let c = 0; c < 4; c++) out[p * 4 + c] = src.data[p * 4 + c] * m + out[p * 4 + c] * (1 - m);
  }
  return blurred;
}
