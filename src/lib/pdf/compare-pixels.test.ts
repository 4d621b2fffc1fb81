import { describe, expect, it } from 'vitest';
import type { RasterImage } from '../image/types';
import { CHANGE_COLOR, comparePixels } from './compare-pixels';

/** A white image with black pixels in the given rectangles [x, y, width, height]. */
function image(width: number, height: number, rects: [number, number, number, number][] = [], level = 0): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [rx, ry, rw, rh] of rects) {
    for (let y = ry; y < ry + rh; y++) for (let x = rx; x < rx + rw; x++) data.fill(level, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height, data };
}

const pixel = (img: RasterImage, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)];

describe('comparePixels', () => {
  it('marks the changed pixels, and only those, in the change colour', () => {
    const older = image(20, 10, [[2, 2, 3, 3]]);
    const newer = image(20, 10, [[2, 2, 3, 3], [12, 4, 4, 2]]);
    const diff = comparePixels(older, newer);
    expect(diff.changedPixels).toBe(8);
    expect(diff.box).toEqual({ x: 12, y: 4, width: 4, height: 2 });
    expect(pixel(diff.overlay, 13, 5)).toEqual([...CHANGE_COLOR]);
    // Unchanged ink is faded, not highlighted; white stays white.
    const faded = pixel(diff.overlay, 3, 3);
    expect(faded[0]).toBeGreaterThan(150);
    expect(faded).not.toEqual([...CHANGE_COLOR]);
    expect(pixel(diff.overlay, 0, 0)).toEqual([255, 255, 255]);
  });

  it('ignores differences within the tolerance, as at anti-aliased edges', () => {
    const diff = comparePixels(image(10, 10, [[1, 1, 4, 4]], 100), image(10, 10, [[1, 1, 4, 4]], 130));
    expect(diff.changedPixels).toBe(0);
    expect(diff.box).toBeUndefined();
  });

  it('compares pages of different sizes over the larger, the missing part counting as white', () => {
    const diff = comparePixels(image(10, 10), image(10, 14, [[0, 12, 2, 1]]));
    expect([diff.overlay.width, diff.overlay.height]).toEqual([10, 14]);
    expect(diff.changedPixels).toBe(2);
  });
});
