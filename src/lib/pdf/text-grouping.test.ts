import { describe, expect, it } from 'vitest';
import { cellsOf, paragraphsOf, usualLineGap } from './text-grouping';

const line = (y: number, size = 10) => ({ y, size });
const run = (x: number, width: number, size = 10) => ({ x, width, size });

describe('text grouping', () => {
  it('takes the usual line gap from lines of one size going down the page', () => {
    expect(usualLineGap([line(700), line(688), line(676), line(640), line(628, 20)])).toBe(12);
    expect(usualLineGap([line(700)])).toBe(0);
  });

  it('starts a paragraph at a wide gap, a size change or a jump back up', () => {
    const lines = [line(700), line(688), line(660), line(648, 16), line(720, 16)];
    expect(paragraphsOf(lines, 12).map((group) => group.map((l) => l.y))).toEqual([[700, 688], [660], [648], [720]]);
  });

  it('splits a line into cells where runs are more than about an em apart', () => {
    const cells = cellsOf([run(0, 20), run(25, 10), run(60, 10)]);
    expect(cells.map(({ x, right, fragments }) => ({ x, right, count: fragments.length }))).toEqual([
      { x: 0, right: 35, count: 2 },
      { x: 60, right: 70, count: 1 },
    ]);
  });
});
