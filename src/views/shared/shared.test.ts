import { describe, expect, it } from 'vitest';
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
