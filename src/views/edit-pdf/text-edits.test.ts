import { describe, expect, it } from 'vitest';
import { isChanged, runKey, toTextEdits, untouched, type TextRun } from './text-edits';

const run: TextRun = {
  page: 1,
  index: 4,
  text: 'Total due',
  bounds: [10, 20, 110, 32],
  box: { x: 0.1, y: 0.2, width: 0.3, height: 0.02 },
  fontSize: 12,
  color: '#000000',
  font: 'Helvetica',
};

describe('text edits of the Edit PDF view', () => {
  it('a run only chosen sends nothing', () => {
    expect(isChanged(untouched(run))).toBe(false);
    expect(toTextEdits([untouched(run)])).toEqual([]);
  });

  it('sends only what changed, naming the run as it was read', () => {
    expect(toTextEdits([{ ...untouched(run), text: 'Total paid', color: '#FF0000', dx: 0.01 }])).toEqual([
      { page: 1, index: 4, was: 'Total due', bounds: [10, 20, 110, 32], text: 'Total paid', color: '#FF0000', dx: 0.01 },
    ]);
    expect(toTextEdits([{ ...untouched(run), fontSize: 14 }])).toEqual([{ page: 1, index: 4, was: 'Total due', bounds: [10, 20, 110, 32], fontSize: 14 }]);
  });

  it('a deleted run sends only the deletion', () => {
    expect(toTextEdits([{ ...untouched(run), text: 'x', deleted: true }])).toEqual([{ page: 1, index: 4, was: 'Total due', bounds: [10, 20, 110, 32], delete: true }]);
  });

  it('keys runs by page and object index', () => {
    expect(runKey(run)).toBe('1:4');
  });
});
