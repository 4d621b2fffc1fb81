/** Small building blocks over straight-RGBA rasters, shared by the editing operations. */
import type { RasterImage } from '../types';

export type Rgba = [number, number, number, number];

/** A new raster filled with one colour (transparent by default). */
export function blank(width: number, height: number, fill: Rgba = [0, 0, 0, 0]): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4);
  if (fill.some((v) => v !== 0)) for (let i = 0; i < data.length; i += 4) data.set(fill, i);
  return { width, height, data };
}

/** Parses #rgb, #rrggbb or #rrggbbaa; null for anything else. */
export function parseHexColour(value: string): Rgba | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), hex.length === 8 ? n(6) : 255];
}

/** The rectangle (x, y, width, height) of src, copied as is. */
export function region(src: RasterImage, x: number, y: number, width: number, height: number): RasterImage {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * src.width + x) * 4;
    out.set(src.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data: out };
}

/** Copies src into dst at (x, y), replacing the pixels (parts outside dst are cut). */
export function paste(dst: RasterImage, src: RasterImage, x: number, y: number): void {
  for (let row = 0; row < src.height; row++) {
    const ty = y + row;
    if (ty < 0 || ty >= dst.height) continue;
    const x0 = Math.max(0, x);
    const x1 = Math.min(dst.width, x + src.width);
    if (x1 <= x0) continue;
    const from = (row * src.width + (x0 - x)) * 4;
    dst.data.set(src.data.subarray(from, from + (x1 - x0) * 4), (ty * dst.width + x0) * 4);
  }
}

/** Draws src over dst at (x, y) with straight-alpha "source over" compositing. */
export function pasteOver(dst: RasterImage, src: RasterImage, x: number, y: number): void {
  const d = dst.data;
  const s = src.data;
  for (let row = 0; row < src.height; row++) {
    const ty = y + row;
    if (ty < 0 || ty >= dst.height) continue;
    for (let col = 0; col < src.width; col++) {
      const tx = x + col;
      if (tx < 0 || tx >= dst.width) continue;
      const si = (row * src.width + col) * 4;
      const di = (ty * dst.width + tx) * 4;
      const sa = s[si + 3] / 255;
      if (sa === 0) continue;
      const da = d[di + 3] / 255;
      const oa = sa + da * (1 - sa);
      for (let c = 0; c < 3; c++) d[di + c] = (s[si + c] * sa + d[di + c] * da * (1 - sa)) / oa;
      d[di + 3] = oa * 255;
    }
  }
}
