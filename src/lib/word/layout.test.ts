import { describe, expect, it } from 'vitest';
import { wordRun as run } from '../../../tests/fixtures/word-pdfs';
import { linesOf, readingOrder, type WordFragment } from './layout';
import { alignedTable } from './tables';

/** The text of each flow step: lines joined by "/", atoms as "[atom]". */
function flowTexts(flow: ReturnType<typeof readingOrder<string>>): string[] {
  return flow.map((item) => (item.kind === 'text' ? item.lines.map((l) => l.text).join(' / ') : `[${item.value}]`));
}

describe('reading order', () => {
  it('reads a title, then the left column, then the right one', () => {
    const runs = [run('Title across both', 150, 700, 20)];
    for (let i = 0; i < 5; i++) {
      runs.push(run(`left ${i} words words words`, 50, 660 - i * 12));
      runs.push(run(`right ${i} words words words`, 320, 660 - i * 12));
    }
    const text = flowTexts(readingOrder<string>(runs, []));
    expect(text).toHaveLength(1);
    const order = text[0]!.split(' / ');
    expect(order).toEqual(['Title across both', ...[0, 1, 2, 3, 4].map((i) => `left ${i} words words words`), ...[0, 1, 2, 3, 4].map((i) => `right ${i} words words words`)]);
  });

  it('reads three columns left to right', () => {
    const runs: WordFragment[] = [];
    for (let c = 2; c >= 0; c--) for (let i = 0; i < 4; i++) runs.push(run(`c${c} line ${i} of prose`, 40 + c * 190, 700 - i * 12));
    const order = flowTexts(readingOrder<string>(runs, []))[0]!.split(' / ');
    expect(order.map((t) => t.slice(0, 2))).toEqual(['c0', 'c0', 'c0', 'c0', 'c1', 'c1', 'c1', 'c1', 'c2', 'c2', 'c2', 'c2']);
  });

  it('keeps words set apart after a shorter line above on their line', () => {
    // "tail" is more than an em from "short" but sits on the line with "short"; nothing below it makes a column.
    const runs = [run('a full line of text here', 50, 700), run('short', 50, 688), run('tail', 90, 688), run('another full line of text', 50, 676)];
    const order = flowTexts(readingOrder<string>(runs, []))[0]!.split(' / ');
    expect(order.join(' ')).toBe('a full line of text here short tail another full line of text');
  });

  it('places an atom between the text above and below it', () => {
    const runs = [run('above the picture', 50, 700), run('below the picture', 50, 500)];
    const flow = flowTexts(readingOrder(runs, [{ box: { x0: 50, y0: 520, x1: 200, y1: 690 }, value: 'image' }]));
    expect(flow).toEqual(['above the picture', '[image]', 'below the picture']);
  });

  it('reads a right-to-left line from its right end', () => {
    const [line] = linesOf([run('first', 300, 700, 10, { rtl: true }), run('third ', 100, 700, 10, { rtl: true }), run('second ', 200, 700, 10, { rtl: true })]);
    expect(line!.rtl).toBe(true);
    expect(line!.text).toBe('first second third');
  });
});

describe('aligned tables', () => {
  it('turns short aligned cells into a table with one row per line', () => {
    const rows = [
      ['Region', 'Q1', 'Q2'],
      ['North', '120', '130'],
      ['South', '98', '101'],
      ['East', '77', '80'],
    ];
    const runs = rows.flatMap((cells, r) => cells.map((cell, c) => run(cell, 50 + c * 100, 700 - r * 14)));
    const table = alignedTable(runs)!;
    expect(table).not.toBeNull();
    expect(table.value.ruled).toBe(false);
    expect(table.value.rows.map((row) => row.map((cell) => cell.lines.map((l) => l.text).join(' ')))).toEqual(rows);
    // Through the reading order, the block becomes one table atom instead of three columns.
    const flow = readingOrder(runs, [], { asTable: alignedTable });
    expect(flow).toHaveLength(1);
    expect(flow[0]!.kind).toBe('atom');
  });

  it('leaves two columns of prose as text', () => {
    const runs: WordFragment[] = [];
    for (let i = 0; i < 6; i++) {
      runs.push(run(`the left column carries ordinary sentences ${i}`, 50, 700 - i * 12));
      runs.push(run(`and so does the right column here ${i}`, 320, 700 - i * 12));
    }
    expect(alignedTable(runs)).toBeNull();
  });
});
