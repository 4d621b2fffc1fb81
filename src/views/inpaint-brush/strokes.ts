/**
 * What the visitor paints, as shapes on the mask grid (brush strokes and
 * keyboard rectangles), and the bitmap they make. The bitmap is what the
 * overlay shows and what is sent, so the painted area seen is the area filled.
 */

/** The grid's longer side: fine enough for a brush, small enough to send and redraw at once. */
export const GRID_SIDE = 512;

export type Point = [number, number];

export type Shape =
  | { kind: 'stroke'; radius: number; points: Point[] }
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  /** A whole area at once (the person the model found), on the same grid. */
  | { kind: 'cells'; bits: Uint8Array };

export interface Grid {
  width: number;
  height: number;
}

/** The mask grid of a photo: its own pixels when small, else scaled to GRID_SIDE on the longer side. */
export function gridFor(width: number, height: number): Grid {
  const scale = Math.min(1, GRID_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Cells whose centre lies within `radius` of the segment a-b, marked in `bits`; returns the cells' box. */
export function stampSegment(bits: Uint8Array, grid: Grid, a: Point, b: Point, radius: number): { x0: number; y0: number; x1: number; y1: number } | null {
  const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - radius));
  const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - radius));
  const x1 = Math.min(grid.width - 1, Math.ceil(Math.max(a[0], b[0]) + radius));
  const y1 = Math.min(grid.height - 1, Math.ceil(Math.max(a[1], b[1]) + radius));
  if (x0 > x1 || y0 > y1) return null;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const r2 = radius * radius;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - a[0];
      const py = y + 0.5 - a[1];
      const t = length2 ? Math.max(0, Math.min(1, (px * dx + py * dy) / length2)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      if (ex * ex + ey * ey <= r2) bits[y * grid.width + x] = 1;
    }
  return { x0, y0, x1, y1 };
}

/** Marks a rectangle's cells, cut to the grid. */
export function stampRect(bits: Uint8Array, grid: Grid, shape: Extract<Shape, { kind: 'rect' }>): void {
  const x0 = Math.max(0, shape.x);
  const y0 = Math.max(0, shape.y);
  const x1 = Math.min(grid.width, shape.x + shape.width);
  const y1 = Math.min(grid.height, shape.y + shape.height);
  for (let y = y0; y < y1; y++) bits.fill(1, y * grid.width + x0, y * grid.width + Math.max(x0, x1));
}

/** Marks one shape. */
export function stampShape(bits: Uint8Array, grid: Grid, shape: Shape): void {
  if (shape.kind === 'rect') return stampRect(bits, grid, shape);
  if (shape.kind === 'cells') {
    for (let i = 0; i < bits.length; i++) if (shape.bits[i]) bits[i] = 1;
    return;
  }
  const { points, radius } = shape;
  for (let i = 0; i < points.length; i++) stampSegment(bits, grid, points[Math.max(0, i - 1)], points[i], radius);
}

/** The bitmap of every shape (1: painted). */
export function rasterise(shapes: Shape[], grid: Grid): Uint8Array {
  const bits = new Uint8Array(grid.width * grid.height);
  for (const shape of shapes) stampShape(bits, grid, shape);
  return bits;
}

/** Share of painted cells, 0..1. */
export function paintedShare(bits: Uint8Array): number {
  let n = 0;
  for (const bit of bits) n += bit;
  return bits.length ? n / bits.length : 0;
}
