/**
 * The visual difference of two renderings of a page: which pixels differ by
 * more than anti-aliasing would, and a picture that shows them in a strong
 * colour over a faded copy of the newer page. Pure functions over RGBA, so
 * they are tested without a canvas.
 */
import type { RasterImage } from '../image/types';

/**
 * A pixel counts as changed when one of its channels differs by more than
 * this (of 255): the same page drawn twice differs by a few levels at glyph
 * edges, a changed letter or picture by far more.
 */
export const PIXEL_TOLERANCE = 48;

/** The colour of changed pixels (a strong magenta, apart from the report's red and green words). */
export const CHANGE_COLOR: readonly [number, number, number] = [225, 0, 140];

/** How much of the newer page's ink is kept under the highlights (0 white, 1 as it is). */
const FADE = 0.35;

export interface PixelDiff {
  /** The newer page faded, changed pixels in CHANGE_COLOR; as large as the larger of the two renderings. */
  overlay: RasterImage;
  changedPixels: number;
  totalPixels: number;
  /** The smallest box around every changed pixel, in overlay pixels; absent when none changed. */
  box?: { x: number; y: number; width: number; height: number };
}

/** Channel `c` of pixel (x, y), or white outside the image (a smaller page is white where the other has more). */
function channel(image: RasterImage, x: number, y: number, c: number): number {
  if (x >= image.width || y >= image.height) return 255;
  return image.data[(y * image.width + x) * 4 + c]!;
}

/** Compares two renderings aligned at their top-left corners, over the larger of their sizes. */
export function comparePixels(older: RasterImage, newer: RasterImage, tolerance = PIXEL_TOLERANCE): PixelDiff {
  const width = Math.max(older.width, newer.width);
  const height = Math.max(older.height, newer.height);
  const data = new Uint8ClampedArray(width * height * 4);
  let changedPixels = 0;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      let changed = false;
      for (let c = 0; c < 3 && !changed; c++) changed = Math.abs(channel(older, x, y, c) - channel(newer, x, y, c)) > tolerance;
      if (changed) {
        changedPixels++;
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
        data[at] = CHANGE_COLOR[0];
        data[at + 1] = CHANGE_COLOR[1];
        data[at + 2] = CHANGE_COLOR[2];
      } else {
        for (let c = 0; c < 3; c++) data[at + c] = 255 - (255 - channel(newer, x, y, c)) * FADE;
      }
      data[at + 3] = 255;
    }
  }
  const box = changedPixels > 0 ? { x: left, y: top, width: right - left + 1, height: bottom - top + 1 } : undefined;
  return { overlay: { width, height, data }, changedPixels, totalPixels: width * height, ...(box ? { box } : {}) };
}
