import { describe, expect, it } from 'vitest';
import { boxFromPoints, boxToMargins, hasArea, marginsToBox } from './crop-box';
import { fileKey, randomBetween } from './mock-pages';
import { dropIndex, moveItem } from './reorder';

describe('reorder', () => {
  it('moves an item and leaves the input alone', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('finds the drop position from the row middles', () => {
    const middles = [20, 60, 100];
    expect(dropIndex(middles, 0, 110)).toBe(2);
    expect(dropIndex(middles, 0, 70)).toBe(1);
    expect(dropIndex(middles, 2, 0)).toBe(0);
    expect(dropIndex(middles, 1, 59)).toBe(1);
  });
});

describe('mock pages', () => {
  it('draws whole numbers from min to max inclusive', () => {
    expect(randomBetween(5, 24, () => 0)).toBe(5);
    expect(randomBetween(5, 24, () => 0.999999)).toBe(24);
    expect(randomBetween(3, 12, () => 0.5)).toBe(8);
    const seen = new Set(Array.from({ length: 2000 }, () => randomBetween(3, 12)));
    expect([...seen].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('gives each file one stable key', () => {
    const a = new File(['x'], 'a.pdf');
    const b = new File(['x'], 'a.pdf');
    expect(fileKey(a)).toBe(fileKey(a));
    expect(fileKey(a)).not.toBe(fileKey(b));
  });
});

describe('crop box', () => {
  it('spans two points in any order and stays on the page', () => {
    expect(boxFromPoints({ x: 0.75, y: 0.9 }, { x: 0.25, y: 0.1 })).toEqual({ x: 0.25, y: 0.1, width: 0.5, height: 0.8 });
    expect(boxFromPoints({ x: -1, y: 0.5 }, { x: 2, y: 0.5 })).toEqual({ x: 0, y: 0.5, width: 1, height: 0 });
  });

  it('converts to margins in percent and back', () => {
    const box = { x: 0.1, y: 0.2, width: 0.6, height: 0.5 };
    expect(boxToMargins(box)).toEqual({ top: 20, left: 10, right: 30, bottom: 30 });
    const back = marginsToBox({ top: 20, left: 10, right: 30, bottom: 30 });
    expect(back.x).toBeCloseTo(0.1);
    expect(back.width).toBeCloseTo(0.6);
    expect(back.height).toBeCloseTo(0.5);
  });

  it('has no area when the margins meet', () => {
    expect(hasArea(marginsToBox({ top: 0, left: 60, right: 60, bottom: 0 }))).toBe(false);
    expect(hasArea(marginsToBox({ top: 10, left: 10, right: 10, bottom: 10 }))).toBe(true);
  });
});
