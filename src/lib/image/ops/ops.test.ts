import { describe, expect, it } from 'vitest';
import type { RasterImage } from '../types';
import { collageCells } from './collage';
import { addBorder, clampRect, flip, mergeStrip, split, tileEdges } from './geometry';
import { blank, parseHexColour, paste } from './raster';
import { cover, resize } from './resample';
import { applyShape, centreSquare } from './shape';
import { blackAndWhite, pixelate, rec709Grey } from './tone';

/** A width x height image where each pixel's colour encodes its position (r = x, g = y, b = 7, opaque). */
function coords(width: number, height: number): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([x, y, 7, 255], (y * width + x) * 4);
  return { width, height, data };
}
const px = (im: RasterImage, x: number, y: number) => [...im.data.subarray((y * im.width + x) * 4, (y * im.width + x) * 4 + 4)];

describe('flip', () => {
  it('horizontal swaps left and right halves, vertical swaps top and bottom', () => {
    const im = coords(5, 3);
    const h = flip(im, 'horizontal');
    const v = flip(im, 'vertical');
    for (let y = 0; y < 3; y++) for (let x = 0; x < 5; x++) {
      expect(px(h, x, y)).toEqual([4 - x, y, 7, 255]);
      expect(px(v, x, y)).toEqual([x, 2 - y, 7, 255]);
    }
  });
});

describe('border and crop', () => {
  it('adds 2 x width to each side in the colour, with the image unchanged inside', () => {
    const out = addBorder(coords(4, 3), 5, [255, 0, 0, 255]);
    expect([out.width, out.height]).toEqual([14, 13]);
    expect(px(out, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(out, 13, 12)).toEqual([255, 0, 0, 255]);
    expect(px(out, 4, 6)).toEqual([255, 0, 0, 255]);
    expect(px(out, 5, 5)).toEqual([0, 0, 7, 255]);
    expect(px(out, 8, 7)).toEqual([3, 2, 7, 255]);
  });

  it('cuts the crop area to the image and refuses one outside it', () => {
    expect(clampRect({ width: 10, height: 8 }, 6, 2, 100, 3)).toEqual({ x: 6, y: 2, width: 4, height: 3 });
    expect(clampRect({ width: 10, height: 8 }, 10, 0, 1, 1)).toBeNull();
  });

  it('parses colours', () => {
    expect(parseHexColour('#0f8')).toEqual([0, 255, 136, 255]);
    expect(parseHexColour('#12345678')).toEqual([0x12, 0x34, 0x56, 0x78]);
    expect(parseHexColour('red')).toBeNull();
  });
});

describe('split and merge', () => {
  it('tiles reassemble exactly to the input, sizes differing by one pixel at most', () => {
    const im = coords(11, 7);
    const tiles = split(im, 3, 4);
    expect(tiles).toHaveLength(12);
    const back = blank(11, 7);
    const xs = tileEdges(11, 4);
    const ys = tileEdges(7, 3);
    for (const t of tiles) paste(back, t.image, xs[t.column - 1], ys[t.row - 1]);
    expect(Buffer.from(back.data).equals(Buffer.from(im.data))).toBe(true);
    const widths = tiles.map((t) => t.image.width);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
  });

  it('stacks images with spacing, centred, on transparency', () => {
    const out = mergeStrip([coords(4, 2), coords(2, 3)], 'vertical', 5);
    expect([out.width, out.height]).toEqual([4, 10]);
    expect(px(out, 3, 1)).toEqual([3, 1, 7, 255]);
    expect(px(out, 0, 3)[3]).toBe(0);
    expect(px(out, 1, 7)).toEqual([0, 0, 7, 255]);
    expect(px(out, 0, 7)[3]).toBe(0);
    const side = mergeStrip([coords(4, 2), coords(2, 3)], 'horizontal', 10);
    expect([side.width, side.height]).toEqual([16, 3]);
    expect(px(side, 14, 0)).toEqual([0, 0, 7, 255]);
  });
});

describe('tone', () => {
  it('black and white gives R = G = B = the Rec. 709 luminance (linear light) at contrast 50', () => {
    const im: RasterImage = { width: 3, height: 1, data: new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 128, 10, 20, 200, 255]) };
    const out = blackAndWhite(im, 50);
    // Pure red, green: luminance 0.2126 and 0.7152 in linear light.
    expect(px(out, 0, 0)).toEqual([127, 127, 127, 255]);
    expect(px(out, 1, 0)).toEqual([220, 220, 220, 128]);
    expect(px(out, 2, 0)).toEqual(Array(3).fill(rec709Grey(10, 20, 200)).concat(255));
  });

  it('contrast above 50 pushes greys away from the middle, below 50 towards it', () => {
    const im: RasterImage = { width: 2, height: 1, data: new Uint8ClampedArray([60, 60, 60, 255, 200, 200, 200, 255]) };
    const hi = blackAndWhite(im, 100);
    const lo = blackAndWhite(im, 0);
    expect(hi.data[0]).toBeLessThan(60);
    expect(hi.data[4]).toBeGreaterThan(200);
    expect(lo.data[0]).toBeGreaterThan(60);
    expect(lo.data[4]).toBeLessThan(200);
  });

  it('pixelate makes every block one colour, the block average', () => {
    const out = pixelate(coords(6, 4), 3);
    expect(px(out, 0, 0)).toEqual([1, 1, 7, 255]);
    expect(px(out, 2, 2)).toEqual([1, 1, 7, 255]);
    expect(px(out, 4, 0)).toEqual([4, 1, 7, 255]);
    expect(px(out, 5, 3)).toEqual([4, 3, 7, 255]);
  });
});

describe('shapes', () => {
  it('a circle has transparent corners, an opaque centre and a soft edge', () => {
    const out = applyShape(centreSquare(blank(60, 40, [9, 9, 9, 255])), 'circle');
    expect([out.width, out.height]).toEqual([40, 40]);
    expect(px(out, 0, 0)[3]).toBe(0);
    expect(px(out, 39, 39)[3]).toBe(0);
    expect(px(out, 20, 20)[3]).toBe(255);
    const alphas = new Set(Array.from({ length: 40 }, (_, y) => px(out, 20 + Math.round(19.5 * Math.cos(y)), 20)[3]));
    const partial = [...Array(40 * 40).keys()].filter((i) => out.data[i * 4 + 3] > 0 && out.data[i * 4 + 3] < 255);
    expect(partial.length).toBeGreaterThan(40);
    expect(alphas.size).toBeGreaterThan(0);
  });

  it('a rounded square keeps its edge midpoints but not its corners', () => {
    const out = applyShape(blank(50, 50, [1, 2, 3, 255]), 'rounded-square');
    expect(px(out, 0, 0)[3]).toBe(0);
    expect(px(out, 0, 25)[3]).toBe(255);
    expect(px(out, 25, 49)[3]).toBe(255);
  });
});

describe('resample and collage', () => {
  it('resizes a flat colour to the exact size without changing it', async () => {
    const out = await resize(blank(40, 30, [10, 120, 250, 255]), 17, 9);
    expect([out.width, out.height]).toEqual([17, 9]);
    expect(px(out, 8, 4)).toEqual([10, 120, 250, 255]);
  });

  it('keeps colours of semi-transparent edges (no dark fringe)', async () => {
    const im = blank(20, 20, [255, 255, 255, 0]);
    paste(im, blank(10, 20, [255, 255, 255, 255]), 0, 0);
    const out = await resize(im, 7, 7);
    for (let x = 0; x < 7; x++) if (out.data[(3 * 7 + x) * 4 + 3] > 10) expect(out.data[(3 * 7 + x) * 4]).toBeGreaterThan(245);
  });

  it('cover fills the target exactly', async () => {
    const out = await cover(coords(40, 10), 10, 10);
    expect([out.width, out.height]).toEqual([10, 10]);
  });

  it('layouts have non-overlapping cells inside the canvas', () => {
    for (const layout of ['grid-2x2', 'grid-3x1', 'mixed-1-2'] as const) {
      const { width, height, cells } = collageCells(layout);
      for (const c of cells) {
        expect(c.x + c.width).toBeLessThanOrEqual(width);
        expect(c.y + c.height).toBeLessThanOrEqual(height);
        for (const d of cells) if (c !== d) expect(c.x + c.width <= d.x || d.x + d.width <= c.x || c.y + c.height <= d.y || d.y + d.height <= c.y).toBe(true);
      }
    }
    expect(collageCells('grid-2x2').cells).toHaveLength(4);
    expect(collageCells('mixed-1-2').cells[0].width).toBeGreaterThan(collageCells('mixed-1-2').cells[1].width);
  });
});
