/**
 * Geometry and line breaking for translated PDFs: the paragraphs of a page
 * with the boxes they occupy, a line breaker that treats Chinese and
 * Japanese characters as break opportunities, and a fit that shrinks the
 * font until a translation fits its original box. The page (main thread)
 * and the processor (worker) both call pageParagraphs on the same pdf.js
 * items, so the paragraphs translated in the page line up with the boxes
 * the processor draws into. Coordinates are PDF user space, y grows up.
 */
import { groupLines, groupParagraphs, type LayoutItem } from './text-layout';

/** A rectangle in PDF user space; y is its bottom edge. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One paragraph of a page: its text, the size of its first line and the area it covers. */
export interface SourceParagraph {
  text: string;
  size: number;
  box: TextBox;
}

/** Share of the font size above the baseline (with accents) and below it (descenders). */
const ASCENT = 0.9;
const DESCENT = 0.25;

/** The paragraphs of a page in reading order, with their boxes. */
export function pageParagraphs(items: LayoutItem[]): SourceParagraph[] {
  return groupParagraphs(groupLines(items)).map((p) => {
    const first = p.lines[0]!;
    const last = p.lines[p.lines.length - 1]!;
    const left = Math.min(...p.lines.map((l) => l.x));
    const right = Math.max(...p.lines.map((l) => l.right));
    const top = Math.max(...p.lines.map((l) => l.y + l.size * ASCENT));
    const bottom = last.y - last.size * DESCENT;
    return { text: p.text, size: first.size, box: { x: left, y: bottom, width: Math.max(right - left, first.size), height: top - bottom } };
  });
}

/**
 * The boxes translations are set in: each paragraph's own box, widened to
 * the right as far as the page's right margin (taken equal to its left one)
 * or the next paragraph beside it, since translations often run longer.
 * `view` is the page's [x0, y0, x1, y1].
 */
export function roomyBoxes(paragraphs: SourceParagraph[], view: number[]): TextBox[] {
  const [x0 = 0, , x1 = 612] = view;
  const margin = Math.max(0, Math.min(...paragraphs.map((p) => p.box.x)) - x0);
  return paragraphs.map(({ box }) => {
    let right = Math.max(box.x + box.width, x1 - margin);
    for (const other of paragraphs) {
      const o = other.box;
      const besideIt = o.y < box.y + box.height && o.y + o.height > box.y && o.x >= box.x + box.width - 0.5;
      if (besideIt) right = Math.min(right, Math.max(box.x + box.width, o.x - 6));
    }
    return { ...box, width: right - box.x };
  });
}

/** Han, kana, CJK punctuation and full-width forms: each character may start a new line. */
const CJK_CHAR = /[\u2e80-\u303f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const UNIT = /[\u2e80-\u303f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]|\s+|[^\s\u2e80-\u303f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/gu;
/** Characters that must not begin a line (closing punctuation, small kana marks). */
const NO_LINE_START = /^[、。，．！？：；）」』】〕〉》・ー…,.!?:;)\]}]$/u;

/** True when the text has Chinese or Japanese characters, which need the CJK font. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/**
 * Breaks text into lines no wider than `width`, given the width of a string.
 * Words stay whole unless one alone is wider than a line; CJK characters
 * break anywhere except before closing punctuation.
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const units = text.replace(/\s+/g, ' ').trim().match(UNIT) ?? [];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const push = () => {
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    used = 0;
  };
  for (const unit of units) {
    if (unit === ' ') {
      if (line) {
        line += ' ';
        used += measure(' ');
      }
      continue;
    }
    const w = measure(unit);
    if (line.trim() && used + w > width && !NO_LINE_START.test(unit)) push();
    if (w > width && line === '' && unit.length > 1) {
      // A word wider than a whole line is broken between characters.
      for (const char of Array.from(unit)) {
        const cw = measure(char);
        if (line && used + cw > width) push();
        line += char;
        used += cw;
      }
      continue;
    }
    line += unit;
    used += w;
  }
  push();
  return lines;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** Line height as a multiple of size. */
  leading: number;
}

/** Height that `count` lines take at `size`, from the top of the first to the bottom of the last. */
function blockHeight(count: number, size: number, leading: number): number {
  return size * (ASCENT + DESCENT + (count - 1) * leading);
}

/**
 * Shrinks the size from `startSize` (down to `minSize`) until the wrapped
 * text fits the box; `widthAt1` is a string's width at size 1. At the
 * smallest size the text may still overflow the bottom of the box.
 */
export function fitText(text: string, box: TextBox, startSize: number, widthAt1: (s: string) => number, minSize = 4): FittedText {
  const leading = 1.15;
  const floor = Math.min(minSize, startSize);
  let size = startSize;
  for (;;) {
    const lines = wrapText(text, box.width, (s) => widthAt1(s) * size);
    if (blockHeight(lines.length, size, leading) <= box.height + 0.5 || size <= floor) return { size, lines, leading };
    size = Math.max(floor, size * 0.92);
  }
}

/** The baseline of line `index` when fitted text starts at the top of `box`. */
export function baselineOf(box: TextBox, fitted: FittedText, index: number): number {
  return box.y + box.height - fitted.size * ASCENT - index * fitted.size * fitted.leading;
}

/** The translated paragraphs of one page, as the page sends them to the processor. */
export interface TranslatedPage {
  page: number;
  paragraphs: string[];
}

/**
 * Reads the `translated` option: pages numbered 1..pageCount, each with
 * string paragraphs. Returns null when the value has any other shape.
 */
export function readTranslated(value: unknown, pageCount: number): Map<number, string[]> | null {
  if (!Array.isArray(value)) return null;
  const pages = new Map<number, string[]>();
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') return null;
    const { page, paragraphs } = entry as { page?: unknown; paragraphs?: unknown };
    if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > pageCount || pages.has(page)) return null;
    if (!Array.isArray(paragraphs) || !paragraphs.every((p) => typeof p === 'string')) return null;
    pages.set(page, paragraphs as string[]);
  }
  return pages;
}
