/** Exact, lossless geometric edits: flip, crop, border, split into tiles. */
import type { RasterImage } from '../types';
import { blank, paste, region, type Rgba } from './raster';

/** Mirrors the image left-right (horizontal) or top-bottom (vertical). */
export function flip(src: RasterImage, direction: 'horizontal' | 'vertical'): RasterImage {
  const { width, height } = src;
  const out = new Uint8ClampedArray(src.data.length);
  const s32 = new Uint32Array(src.data.buffer, src.data.byteOffset, width * height);
  const o32 = new Uint32Array(out.buffer);
  for (let y = 0; y < height; y++) {
    const sy = direction === 'vertical' ? height - 1 - y : y;
    for (let x = 0; x < width; x++) {
      const sx = direction === 'horizontal' ? width - 1 - x : x;
      o32[y * width + x] = s32[sy * width + sx];
    }
  }
  return { width, height, data: out };
}

/** The crop rectangle cut to the image; null when it lies wholly outside. */
export function clampRect(
  image: { width: number; height: number },
  x: number,
  y: number,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | null {
  if (x >= image.width || y >= image.height) return null;
  return { x, y, width: Math.min(width, image.width - x), height: Math.min(height, image.height - y) };
}

/** Cuts the rectangle out; the caller has clamped it to the image. */
export function crop(src: RasterImage, x: number, y: number, width: number, height: number): RasterImage {
  return region(src, x, y, width, height);
}

/** Surrounds the image with a border of `size` pixels in one colour on every side. */
export function addBorder(src: RasterImage, size: number, colour: Rgba): RasterImage {
  const out = blank(src.width + 2 * size, src.height + 2 * size, colour);
  paste(out, src, size, size);
  return out;
}

/** Where each of `parts` tiles starts along a side of `length` pixels (parts + 1 edges; sizes differ by 1 at most). */
export function tileEdges(length: number, parts: number): number[] {
  return Array.from({ length: parts + 1 }, (_, i) => Math.round((i * length) / parts));
}

export interface Tile {
  row: number;
  column: number;
  image: RasterImage;
}

/** Splits the image into rows x columns tiles that put back together give the image again. */
export function split(src: RasterImage, rows: number, columns: number): Tile[] {
  const xs = tileEdges(src.width, columns);
  const ys = tileEdges(src.height, rows);
  const tiles: Tile[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      tiles.push({ row: r + 1, column: c + 1, image: region(src, xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r]) });
    }
  }
  return tiles;
}

/**
 * Puts images one after the other, downwards (vertical) or rightwards
 * (horizontal), `spacing` pixels apart, each centred across the strip,
 * on a transparent background.
 */
export function mergeStrip(images: RasterImage[], direction: 'vertical' | 'horizontal', spacing: number): RasterImage {
  const vertical = direction === 'vertical';
  const along = images.reduce((sum, im) => sum + (vertical ? im.height : im.width), 0) + spacing * (images.length - 1);
  const across = Math.max(...images.map((im) => (vertical ? im.width : im.height)));
  const out = vertical ? blank(across, along) : blank(along, across);
  let at = 0;
  for (const im of images) {
    const offset = Math.floor((across - (vertical ? im.width : im.height)) / 2);
    if (vertical) paste(out, im, offset, at);
    else paste(out, im, at, offset);
    at += (vertical ? im.height : im.width) + spacing;
  }
  return out;
}
