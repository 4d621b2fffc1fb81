import { describe, expect, it } from 'vitest';
import { boxFromPoints, boxToMargins, hasArea, marginsToBox } from './crop-box';

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
