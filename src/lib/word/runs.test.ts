import { describe, expect, it } from 'vitest';
import { linesOf } from './layout';
import { wordRun as run } from '../../../tests/fixtures/word-pdfs';
import { applyDecorations, applyLinks, dropMarker, fontFamily, listMarker, paragraphPieces, splitParagraphs } from './runs';

describe('runs', () => {
  it('names font families as Word knows them', () => {
    expect(fontFamily('Helvetica-BoldOblique')).toBe('Arial');
    expect(fontFamily('Times-Roman')).toBe('Times New Roman');
    expect(fontFamily('ABCDEF+TimesNewRomanPS-BoldMT')).toBe('Times New Roman');
    expect(fontFamily('ABCDEF+Calibri-Bold')).toBe('Calibri');
    expect(fontFamily('ArialMT')).toBe('Arial');
    expect(fontFamily('Courier')).toBe('Courier New');
    expect(fontFamily('')).toBeUndefined();
  });

  it('links only the words under a link', () => {
    // 10 pt, half an em a character: "see the docs now" spans x 100..180, "docs" 140..160.
    const out = applyLinks([run('see the docs now', 100, 700)], [{ rect: { x0: 139, y0: 697, x1: 161, y1: 710 }, url: 'https://example.org/' }]);
    expect(out.map((f) => [f.text, f.link])).toEqual([
      ['see the ', undefined],
      ['docs', 'https://example.org/'],
      [' now', undefined],
    ]);
  });

  it('merges runs of one style and keeps style changes', () => {
    const lines = linesOf([run('Bold', 50, 700, 10, { font: 'Arial-BoldMT' }), run('plain', 80, 700), run('red', 110, 700, 10, { colour: '#ff0000' })]);
    const pieces = paragraphPieces(lines);
    expect(pieces.map((p) => [p.text, p.bold, p.colour])).toEqual([
      ['Bold', true, undefined],
      [' plain', false, undefined],
      [' red', false, 'ff0000'],
    ]);
    expect(pieces.every((p) => p.halfPoints === 20 && p.font === 'Arial')).toBe(true);
  });

  it('recognises list markers and removes them from the runs', () => {
    expect(listMarker('\u2022 Milk')).toEqual({ kind: 'bullet', length: 2 });
    expect(listMarker('12. Twelfth')).toEqual({ kind: 'number', value: 12, format: '.', length: 4 });
    expect(listMarker('3) Third')).toMatchObject({ kind: 'number', value: 3, format: ')' });
    expect(listMarker('2019 was a year')).toBeNull();
    expect(listMarker('\u2022')).toBeNull();
    const pieces = paragraphPieces(linesOf([run('\u2022', 50, 700), run('Milk', 62, 700)]));
    expect(dropMarker(pieces, 2).map((p) => p.text)).toEqual(['Milk']);
  });

  it('starts a new paragraph at a list item, after a short line and around code', () => {
    const lines = linesOf([
      run('A long line of prose that fills the measure well', 50, 700),
      run('short end.', 50, 688),
      run('Next paragraph set as tightly as a wrapped line', 50, 676),
      run('\u2022 an item', 50, 664),
      run('\u2022 another item that wraps', 50, 652),
    ]);
    expect(splitParagraphs([lines]).map((p) => p.map((l) => l.text).join(' / '))).toEqual([
      'A long line of prose that fills the measure well / short end.',
      'Next paragraph set as tightly as a wrapped line',
      '\u2022 an item',
      '\u2022 another item that wraps',
    ]);
    const code = linesOf([run('int main() {', 50, 700, 10, { font: 'Courier' }), run('return 0;', 50, 688, 10, { font: 'Courier' })]);
    expect(splitParagraphs([code])).toHaveLength(2);
  });

  it('reads rules under and through words as underline and strike-through, leaving table borders alone', () => {
    // 10 pt runs, half an em a character: "plain underlined" spans x 100..180, "underlined" 130..180.
    const runs = [run('plain underlined', 100, 700), run('struck out', 100, 680)];
    const underline = { x0: 130, x1: 180, y0: 698.5, y1: 698.5 };
    const strike = { x0: 100, x1: 150, y0: 683, y1: 683 };
    const border = { x0: 40, x1: 400, y0: 697, y1: 697 };
    const { fragments, rules } = applyDecorations(runs, [underline, strike, border]);
    expect(fragments.map((f) => [f.text, Boolean(f.underline), Boolean(f.strike)])).toEqual([
      ['plain ', false, false],
      ['underlined', true, false],
      ['struck out', false, true],
    ]);
    expect(rules).toEqual([border]);
  });

  it('sets small raised and lowered runs as superscript and subscript', () => {
    const lines = linesOf([run('x', 50, 700), run('2', 56, 703.5, 7), run('H', 80, 700), run('2', 86, 698, 7), run('O', 90, 700)]);
    expect(lines).toHaveLength(1);
    expect(paragraphPieces(lines).map((p) => [p.text, p.script])).toEqual([
      ['x', undefined],
      ['2', 'super'],
      [' H', undefined],
      ['2', 'sub'],
      ['O', undefined],
    ]);
  });
});
