import { describe, expect, it } from 'vitest';
import { growToInk } from './redact-raster';

/** A white canvas of `width` x `height` with the given pixels black, read as redact-raster reads a canvas. */
function canvas(width: number, height: number, black: [number, number][]) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x, y] of black) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return {
    fillStyle: '',
    fillRect() {},
    getImageData(x0: number, y0: number, w: number, h: number) {
      const out = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++) out.set(data.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x0 + w) * 4), y * w * 4);
      return { data: out };
    },
  };
}

const stroke = (x0: number, x1: number, y: number) => Array.from({ length: x1 - x0 }, (_, i) => [x0 + i, y] as [number, number]);

describe('growToInk', () => {
  it('takes in the part of a glyph that reaches past the box, and stops at ink not joined to it', () => {
    // A stroke from x 10 to 29 on row 20 (a glyph's tail past the box's right edge at 25), and a separate dot at x 34.
    const context = canvas(60, 40, [...stroke(10, 30, 20), [34, 20]]);
    const grown = growToInk(context, 60, 40, { x0: 8, y0: 10, x1: 25, y1: 30 });
    expect(grown.x1).toBe(31);
    expect(grown.x0).toBe(7);
    expect(grown.y0).toBe(9);
    expect(grown.y1).toBe(31);
  });

  it('keeps within half the box height on either side, so an underline does not black out the line', () => {
    const context = canvas(200, 40, stroke(0, 200, 25));
    const grown = growToInk(context, 200, 40, { x0: 90, y0: 10, x1: 110, y1: 30 });
    expect(grown.x0).toBeGreaterThanOrEqual(90 - 10 - 1);
    expect(grown.x1).toBeLessThanOrEqual(110 + 10 + 1);
  });
});
