import { describe, expect, it } from 'vitest';
import {
  bodySize,
  findColumns,
  fontStyle,
  groupLines,
  groupParagraphs,
  headingLevel,
  parseNumber,
  recoverTable,
  type LayoutItem,
} from './text-layout';

/** A synthetic pdf.js text item; width is estimated at half an em per character. */
function item(str: string, x: number, y: number, size = 12, fontName = 'F1', width?: number): LayoutItem {
  return { str, transform: [size, 0, 0, size, x, y], width: width ?? str.length * size * 0.5, height: size, fontName, hasEOL: false };
}

describe('groupLines', () => {
  it('orders lines top to bottom and items left to right, whatever the stream order', () => {
    const lines = groupLines([item('world', 60, 700), item('second line', 20, 680), item('Hello', 20, 700)]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'second line']);
  });

  it('keeps a superscript on its line but separates single-spaced lines', () => {
    const lines = groupLines([item('E = mc', 20, 700), item('2', 56, 704, 7), item('next', 20, 686)]);
    expect(lines.map((l) => l.text)).toEqual(['E = mc2', 'next']);
    expect(lines[0]!.y).toBe(700);
  });

  it.each([
    ['adjacent runs join without a space', 0, 'abcdef'],
    ['a gap of half an em inserts a space', 6, 'abc def'],
  ])('%s', (_label, gap, expected) => {
    const first = item('abc', 20, 500, 12, 'F1', 18);
    const second = item('def', 38 + gap, 500, 12, 'F1', 18);
    expect(groupLines([first, second])[0]!.text).toBe(expected);
  });

  it('drops empty and end-of-line marker items', () => {
    const lines = groupLines([item('', 20, 700), { ...item(' ', 20, 690), hasEOL: true }, item('text', 20, 680)]);
    expect(lines.map((l) => l.text)).toEqual(['text']);
  });
});

describe('groupParagraphs and headings', () => {
  const items = [
    item('Annual Report', 20, 760, 24),
    item('First paragraph line one', 20, 720),
    item('continues here.', 20, 706),
    item('Second paragraph after a gap.', 20, 670),
    item('Section', 20, 640, 16),
    item('Body again.', 20, 620),
  ];

  it('splits on wide gaps and size changes, joining wrapped lines', () => {
    const paragraphs = groupParagraphs(groupLines(items));
    expect(paragraphs.map((p) => p.text)).toEqual([
      'Annual Report',
      'First paragraph line one continues here.',
      'Second paragraph after a gap.',
      'Section',
      'Body again.',
    ]);
  });

  it('joins a hyphenated line end without a space', () => {
    const paragraphs = groupParagraphs(groupLines([item('exam-', 20, 700), item('ple text', 20, 686)]));
    expect(paragraphs.map((p) => p.text)).toEqual(['exam-ple text']);
  });

  it('finds heading levels relative to the body size', () => {
    const lines = groupLines(items);
    const body = bodySize(lines);
    expect(body).toBe(12);
    expect(groupParagraphs(lines).map((p) => headingLevel(p.size, body))).toEqual([1, 0, 0, 2, 0]);
  });
});

describe('fontStyle', () => {
  it.each([
    ['Helvetica', false, false],
    ['Helvetica-Bold', true, false],
    ['Helvetica-BoldOblique', true, true],
    ['ABCDEF+Arial-ItalicMT', false, true],
    ['TimesNewRomanPS-BoldItalicMT', true, true],
    ['Roboto-Black', true, false],
  ])('%s', (name, bold, italic) => {
    expect(fontStyle(name)).toEqual({ bold, italic });
  });
});

describe('parseNumber', () => {
  it.each([
    ['1,234.50', 1234.5, '#,##0.00'],
    ['-12', -12, undefined],
    ['3.5%', 0.035, '0.0%'],
    ['(45.00)', -45, '0.00;(0.00)'],
    ['0.75', 0.75, '0.00'],
    ['0', 0, undefined],
    ['\u22127', -7, undefined],
    ['12,345,678', 12345678, '#,##0'],
  ])('%s is a number', (text, value, format) => {
    const parsed = parseNumber(text);
    expect(parsed?.value).toBeCloseTo(value, 10);
    expect(parsed?.format).toBe(format);
  });

  it.each(['007', '00123', 'abc', '1.2.3', '12,34', '2024-01-05', '', '-', '1234567890123456', 'N/A'])('%s stays text', (text) => {
    expect(parseNumber(text)).toBeNull();
  });
});

describe('recoverTable', () => {
  // Name left-aligned, Qty right-aligned (different x-starts), Price right-aligned, plus a title row above.
  const rowsY = [700, 680, 660];
  const items: LayoutItem[] = [
    item('Inventory of the main warehouse', 20, 740, 12),
    item('Name', 20, rowsY[0]!),
    item('Qty', 200, rowsY[0]!),
    item('Price', 300, rowsY[0]!),
    item('Widget', 20, rowsY[1]!),
    item('7', 212, rowsY[1]!),
    item('1,234.50', 276, rowsY[1]!),
    item('Gadget long name', 20, rowsY[2]!),
    item('120', 200, rowsY[2]!),
    item('007', 300, rowsY[2]!),
  ];

  it('finds three columns and puts each cell in its column', () => {
    const table = recoverTable(items);
    const texts = table.map((row) => row.map((c) => c?.text ?? null));
    expect(texts).toEqual([
      ['Inventory of the main warehouse', null, null],
      ['Name', 'Qty', 'Price'],
      ['Widget', '7', '1,234.50'],
      ['Gadget long name', '120', '007'],
    ]);
  });

  it('parses numbers but keeps leading-zero IDs as text', () => {
    const table = recoverTable(items);
    expect(table[2]![1]!.number?.value).toBe(7);
    expect(table[2]![2]!.number?.value).toBe(1234.5);
    expect(table[3]![2]!.number).toBeNull();
    expect(table[1]![0]!.number).toBeNull();
  });

  it('merges overlapping spans into one column', () => {
    expect(findColumns([[{ x: 0, right: 10 }, { x: 50, right: 60 }], [{ x: 5, right: 20 }, { x: 40, right: 55 }]])).toEqual([
      { x: 0, right: 20 },
      { x: 40, right: 60 },
    ]);
  });

  it('returns an empty grid for a page without text', () => {
    expect(recoverTable([])).toEqual([]);
  });
});
