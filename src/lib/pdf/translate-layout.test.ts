import { describe, expect, it } from 'vitest';
import type { LayoutItem } from './text-layout';
import { baselineOf, fitText, hasCjk, pageParagraphs, readTranslated, roomyBoxes, wrapText } from './translate-layout';

/** Every character one unit wide, so widths are character counts. */
const chars = (s: string) => s.length;

function item(str: string, x: number, y: number, size: number): LayoutItem {
  return { str, transform: [size, 0, 0, size, x, y], width: str.length * size * 0.5, height: size, fontName: 'f' };
}

describe('wrapText', () => {
  it('keeps words whole and breaks at spaces', () => {
    expect(wrapText('the quick brown fox jumps', 10, chars)).toEqual(['the quick', 'brown fox', 'jumps']);
  });

  it('breaks a word longer than a line between its characters', () => {
    expect(wrapText('a abcdefghijkl', 5, chars)).toEqual(['a', 'abcde', 'fghij', 'kl']);
  });

  it('breaks Chinese and Japanese between any characters but not before closing punctuation', () => {
    expect(wrapText('\u4eca\u5e74\u3001\u4f1a\u793e\u306f\u6210\u9577\u3057\u307e\u3057\u305f\u3002', 4, chars)).toEqual([
      '\u4eca\u5e74\u3001\u4f1a',
      '\u793e\u306f\u6210\u9577',
      '\u3057\u307e\u3057\u305f\u3002',
    ]);
  });

  it('gives no lines for blank text', () => {
    expect(wrapText('  \n ', 10, chars)).toEqual([]);
  });
});

describe('fitText', () => {
  const box = { x: 0, y: 0, width: 100, height: 30 };
  /** Characters half a size wide, like a typical Latin font. */
  const half = (s: string) => s.length * 0.5;

  it('keeps the original size when the text fits', () => {
    const fitted = fitText('short text', box, 12, half);
    expect(fitted.size).toBe(12);
    expect(fitted.lines).toEqual(['short text']);
    expect(baselineOf(box, fitted, 0)).toBeCloseTo(30 - 12 * 0.9);
  });

  it('shrinks until the lines fit the box height', () => {
    const text = 'word '.repeat(40).trim();
    const fitted = fitText(text, box, 12, half);
    expect(fitted.size).toBeLessThan(12);
    const bottom = baselineOf(box, fitted, fitted.lines.length - 1) - fitted.size * 0.25;
    expect(bottom).toBeGreaterThanOrEqual(-0.5);
    for (const line of fitted.lines) expect(half(line) * fitted.size).toBeLessThanOrEqual(100);
  });

  it('stops at the smallest size even if the text still overflows', () => {
    const fitted = fitText('word '.repeat(2000), box, 12, half, 4);
    expect(fitted.size).toBe(4);
  });
});

describe('pageParagraphs', () => {
  it('finds paragraphs in reading order with the boxes they cover', () => {
    const items = [
      item('Body line two', 50, 576, 10),
      item('Title', 50, 640, 20),
      item('Body line one', 50, 590, 10),
    ];
    const paragraphs = pageParagraphs(items);
    expect(paragraphs.map((p) => p.text)).toEqual(['Title', 'Body line one Body line two']);
    const [title, body] = paragraphs;
    expect(title!.size).toBe(20);
    expect(title!.box).toEqual({ x: 50, y: 635, width: 50, height: 23 });
    expect(body!.box.x).toBe(50);
    expect(body!.box.y).toBeCloseTo(573.5);
    expect(body!.box.y + body!.box.height).toBeCloseTo(599);
  });
});

describe('roomyBoxes', () => {
  it('widens a box to the mirrored right margin, but stops before a paragraph beside it', () => {
    const para = (x: number, y: number, width: number) => ({ text: 't', size: 10, box: { x, y, width, height: 12 } });
    const boxes = roomyBoxes([para(50, 600, 100), para(300, 600, 100), para(50, 500, 100)], [0, 0, 500, 700]);
    expect(boxes[0]!.width).toBe(244);
    expect(boxes[1]!.width).toBe(150);
    expect(boxes[2]!.width).toBe(400);
  });
});

describe('readTranslated and hasCjk', () => {
  it('accepts pages with string paragraphs and refuses anything else', () => {
    expect(readTranslated([{ page: 2, paragraphs: ['a', 'b'] }], 2)).toEqual(new Map([[2, ['a', 'b']]]));
    expect(readTranslated([], 1)).toEqual(new Map());
    expect(readTranslated([{ page: 3, paragraphs: [] }], 2)).toBeNull();
    expect(readTranslated([{ page: 1, paragraphs: [] }, { page: 1, paragraphs: [] }], 2)).toBeNull();
    expect(readTranslated([{ page: 1.5, paragraphs: [] }], 2)).toBeNull();
    expect(readTranslated([{ page: 1, paragraphs: [3] }], 2)).toBeNull();
    expect(readTranslated({ page: 1 }, 2)).toBeNull();
  });

  it('tells CJK text from Latin, Greek and Cyrillic', () => {
    expect(hasCjk('\u65e5\u672c')).toBe(true);
    expect(hasCjk('\u3072\u3089\u304c\u306a')).toBe(true);
    expect(hasCjk('Caf\u00e9 \u03b1\u03b2 \u043f\u0440\u0438\u0432\u0435\u0442')).toBe(false);
  });
});
