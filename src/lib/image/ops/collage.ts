/** The collage layouts as cell rectangles on a fixed canvas, and the composition of images into them. */
import type { RasterImage } from '../types';
import { blank, paste, pasteOver } from './raster';
import { cover } from './resample';

export type CollageLayout = 'grid-2x2' | 'grid-3x1' | 'mixed-1-2';

export interface Cell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Gap between cells and around the edge, in pixels. */
export const GAP = 12;

const unit = 600;

/** Canvas size and cells: 2 x 2 squares; 3 squares in a row; one large cell on the left and two stacked on the right. */
export function collageCells(layout: CollageLayout): { width: number; height: number; cells: Cell[] } {
  const side = unit - GAP - GAP / 2;
  if (layout === 'grid-2x2') {
    const cells = [0, 1, 2, 3].map((i) => ({ x: GAP + (i % 2) * (side + GAP), y: GAP + Math.floor(i / 2) * (side + GAP), width: side, height: side }));
    return { width: 2 * unit, height: 2 * unit, cells };
  }
  if (layout === 'grid-3x1') {
    const cells = [0, 1, 2].map((i) => ({ x: GAP + i * (side + GAP), y: GAP, width: side, height: side }));
    return { width: 3 * side + 4 * GAP, height: side + 2 * GAP, cells };
  }
  const small = side;
  const large = 2 * small + GAP;
  return {
    width: large + small + 3 * GAP,
    height: large + 2 * GAP,
    cells: [
      { x: GAP, y: GAP, width: large, height: large },
      { x: large + 2 * GAP, y: GAP, width: small, height: small },
      { x: large + 2 * GAP, y: small + 2 * GAP, width: small, height: small },
    ],
  };
}

/** Fills the layout's cells in order with the images, each scaled and centre-cropped to cover its cell, on white. */
export async function makeCollage(images: RasterImage[], layout: CollageLayout, signal?: AbortSignal): Promise<RasterImage> {
  const { width, height, cells } = collageCells(layout);
  const out = blank(width, height, [255, 255, 255, 255]);
  for (const [i, cell] of cells.entries()) {
    const image = images[i];
    if (!image) break;
    const fitted = await cover(image, cell.width, cell.height, signal);
    // Transparent pictures are laid on white, so the collage stays opaque.
    const flat = blank(cell.width, cell.height, [255, 255, 255, 255]);
    pasteOver(flat, fitted, 0, 0);
    paste(out, flat, cell.x, cell.y);
  }
  return out;
}
