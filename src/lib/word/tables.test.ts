import { describe, expect, it } from 'vitest';
import type { Rule } from './graphics';
import { wordRun as run } from '../../../tests/fixtures/word-pdfs';
import { findGrids, ruledTables } from './tables';

const h = (y: number, x0: number, x1: number): Rule => ({ x0, x1, y0: y, y1: y });
const v = (x: number, y0: number, y1: number): Rule => ({ x0: x, x1: x, y0, y1 });

describe('ruled tables', () => {
  it('finds a grid from rules drawn cell by cell and fills it with the text inside', () => {
    // Horizontal rules drawn as separate pieces per cell, as many writers do.
    const rules = [h(700, 50, 150), h(700, 150, 300), h(680, 50, 300), h(660, 50, 300), v(50, 660, 700), v(150, 660, 700), v(300, 660, 700)];
    expect(findGrids(rules)).toHaveLength(1);
    const outside = run('Caption below', 50, 640);
    const { tables, rest } = ruledTables(rules, [run('Name', 55, 686), run('Value', 155, 686), run('width', 55, 666), run('12 cm', 155, 666), outside]);
    expect(tables).toHaveLength(1);
    const t = tables[0]!.value;
    expect(t.ruled).toBe(true);
    expect(t.widths).toEqual([100, 150]);
    expect(t.rows.map((row) => row.map((c) => c.lines.map((l) => l.text).join(' ')))).toEqual([
      ['Name', 'Value'],
      ['width', '12 cm'],
    ]);
    expect(rest).toEqual([outside]);
  });

  it('merges cells across a missing vertical rule', () => {
    // The title row has no rule at x = 150, so its cell spans both columns.
    const rules = [h(720, 50, 300), h(700, 50, 300), h(680, 50, 300), v(50, 680, 720), v(300, 680, 720), v(150, 680, 700)];
    const { tables } = ruledTables(rules, [run('Both columns title', 60, 706), run('a', 55, 686), run('b', 155, 686)]);
    const rows = tables[0]!.value.rows;
    expect(rows[0]!.map((c) => c.span)).toEqual([2]);
    expect(rows[0]![0]!.lines[0]!.text).toBe('Both columns title');
    expect(rows[1]!.map((c) => c.span)).toEqual([1, 1]);
  });

  it('does not take a frame or an empty chart grid for a table', () => {
    const frame = [h(700, 50, 300), h(500, 50, 300), v(50, 500, 700), v(300, 500, 700)];
    expect(ruledTables(frame, [run('inside a box', 60, 600)]).tables).toHaveLength(0);
    const grid = [0, 1, 2, 3].flatMap((i) => [h(500 + i * 20, 50, 110), v(50 + i * 20, 500, 560)]);
    expect(ruledTables(grid, [run('axis label', 50, 480)]).tables).toHaveLength(0);
  });
});
