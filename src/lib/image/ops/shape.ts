/** Cutting an image to a shape with antialiased, transparent outside: circle, square, rounded square. */
import type { RasterImage } from '../types';
import { region } from './raster';

export type Shape = 'circle' | 'square' | 'rounded-square';

/** The largest centred square of the image. */
export function centreSquare(src: RasterImage): RasterImage {
  const side = Math.min(src.width, src.height);
  return region(src, Math.floor((src.width - side) / 2), Math.floor((src.height - side) / 2), side, side);
}

/**
 * Signed distance from a pixel centre to the shape's edge (negative inside)
 * for a square image of `side` pixels; a rounded square has corners of 18 % of the side.
 */
function edgeDistance(shape: Shape, side: number, x: number, y: number): number {
  const half = side / 2;
  const px = x + 0.5 - half;
  const py = y + 0.5 - half;
  if (shape === 'circle') return Math.hypot(px, py) - half;
  const radius = shape === 'rounded-square' ? side * 0.18 : 0;
  const qx = Math.abs(px) - (half - radius);
  const qy = Math.abs(py) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/**
 * Applies the shape to a square image: each pixel's alpha is multiplied by
 * the share of it inside the shape (distance-based coverage), which gives a
 * smooth, antialiased edge and fully transparent corners.
 */
export function applyShape(src: RasterImage, shape: Shape): RasterImage {
  const side = src.width;
  const out = new Uint8ClampedArray(src.data);
  if (shape === 'square') return { width: side, height: src.height, data: out };
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < side; x++) {
      const coverage = Math.min(1, Math.max(0, 0.5 - edgeDistance(shape, side, x, y)));
      const i = (y * side + x) * 4 + 3;
      out[i] = Math.round(out[i] * coverage);
    }
  }
  return { width: side, height: src.height, data: out };
}
