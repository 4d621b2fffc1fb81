/**
 * Rebuilds reading order, paragraphs, headings and tables from pdf.js text
 * items, which arrive as positioned runs in content-stream order. Pure
 * functions over plain data so they can be tested with synthetic items.
 * Coordinates are PDF user space: x grows right, y (the baseline) grows up.
 */
import { cellsOf, paragraphsOf, usualLineGap, type Cell } from './text-grouping';

/** The fields of a pdf.js TextItem that layout needs. */
export interface LayoutItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL?: boolean;
}

/** One run of text with its position and size. */
export interface Fragment {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  fontName: string;
}

/** Fragments sharing a baseline, ordered left to right. */
export interface Line {
  x: number;
  y: number;
  right: number;
  /** Largest font size on the line. */
  size: number;
  text: string;
  fragments: Fragment[];
}

export interface Paragraph {
  text: string;
  size: number;
  lines: Line[];
}

/** Items turned into fragments; empty runs (such as pdf.js's end-of-line markers) are dropped. */
export function toFragments(items: LayoutItem[]): Fragment[] {
  const out: Fragment[] = [];
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a, b, c, d, x, y] = item.transform;
    // The font size is the length of the transform's vertical vector; height is a fallback for odd matrices.
    const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || item.height || 1;
    out.push({ text: item.str, x: x ?? 0, y: y ?? 0, width: Math.max(0, item.width), size, fontName: item.fontName });
  }
  return out;
}

/** A fragment's text with the separator that goes before it on its line ("" or " "). */
export interface Segment {
  text: string;
  fragment: Fragment;
}

/** Splits a line into per-fragment pieces, a space put before a piece where the gap is wider than a narrow glyph. */
export function lineSegments(fragments: Fragment[]): Segment[] {
  const out: Segment[] = [];
  let prev: Fragment | undefined;
  for (const f of fragments) {
    let text = f.text.replace(/\s+/g, ' ');
    if (prev) {
      const gap = f.x - (prev.x + prev.width);
      const previous = out[out.length - 1]!.text;
      if (gap > 0.15 * Math.min(prev.size, f.size) && !/ $/.test(previous) && !/^ /.test(text)) text = ` ${text}`;
    } else {
      text = text.trimStart();
    }
    out.push({ text, fragment: f });
    prev = f;
  }
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  return out.filter((seg) => seg.text !== '');
}

/** Joins fragments of one line into its text. */
export function joinFragments(fragments: Fragment[]): string {
  return lineSegments(fragments)
    .map((seg) => seg.text)
    .join('')
    .replace(/ {2,}/g, ' ');
}

/**
 * Groups items into lines by baseline. Two runs share a line when their
 * baselines differ by less than 40% of the larger font size, which keeps
 * sub- and superscripts with their line but separates tight single spacing.
 */
export function groupLines(items: LayoutItem[]): Line[] {
  const fragments = toFragments(items).sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: Fragment[][] = [];
  for (const f of fragments) {
    const group = groups.find((g) => {
      const base = g[0]!;
      return Math.abs(base.y - f.y) < 0.4 * Math.max(base.size, f.size);
    });
    if (group) group.push(f);
    else groups.push([f]);
  }
  return groups
    .map((g) => {
      const sorted = g.sort((p, q) => p.x - q.x);
      const size = Math.max(...sorted.map((f) => f.size));
      // The line's baseline is that of its largest text, not of a superscript.
      const main = sorted.find((f) => f.size === size)!;
      return {
        x: sorted[0]!.x,
        y: main.y,
        right: Math.max(...sorted.map((f) => f.x + f.width)),
        size,
        text: joinFragments(sorted),
        fragments: sorted,
      };
    })
    .sort((p, q) => q.y - p.y || p.x - q.x);
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((p, q) => p - q);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The font size most of the page's characters are set in (weighted by length). */
export function bodySize(lines: Line[]): number {
  const sizes: number[] = [];
  for (const line of lines) for (const f of line.fragments) for (let i = 0; i < Math.min(f.text.length, 200); i++) sizes.push(f.size);
  return median(sizes);
}

/** 1 or 2 for a heading by size relative to the body text (at least 1.6x or 1.2x), 0 for body text. */
export function headingLevel(size: number, body: number): 0 | 1 | 2 {
  if (body <= 0) return 0;
  const ratio = size / body;
  if (ratio >= 1.6) return 1;
  if (ratio >= 1.2) return 2;
  return 0;
}

/**
 * Groups lines into paragraphs. A new paragraph starts where the gap to the
 * previous line is clearly wider than the page's usual line spacing, or where
 * the font size changes (a heading next to body text).
 */
export function groupParagraphs(lines: Line[]): Paragraph[] {
  return paragraphsOf(lines, usualLineGap(lines)).map((group) => {
    let text = '';
    for (const line of group) {
      // A line ending in a hyphen continues the word on the next line.
      text += text === '' || text.endsWith('-') ? line.text : ` ${line.text}`;
    }
    return { text, size: Math.max(...group.map((l) => l.size)), lines: group };
  });
}

/** Bold and italic as far as the PDF font's name tells (subset prefixes like "ABCDEF+" are ignored). */
export function fontStyle(fontName: string): { bold: boolean; italic: boolean } {
  const name = fontName.replace(/^[A-Z]{6}\+/, '');
  return {
    bold: /bold|black|heavy|semibold|demibold|extrabold|[-,]bd\b/i.test(name),
    italic: /italic|oblique|[-,]it\b/i.test(name),
  };
}

export type CellValue = string | number;

/** A number written in a cell, with the Excel number format that shows it the same way. */
export interface ParsedNumber {
  value: number;
  format?: string;
}

const NUMBER = /^([-+]?)(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/;

/**
 * Reads "1,234.50", "-12", "(45.00)" and "3.5%" as numbers. Returns null for
 * text, including IDs with leading zeros ("007"), version-like strings and
 * digit runs too long for a double to hold exactly.
 */
export function parseNumber(raw: string): ParsedNumber | null {
  let s = raw.trim().replace(/\u2212/g, '-');
  if (s === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  let percent = false;
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  const m = NUMBER.exec(s);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const [, sign, whole = '0', fraction] = m;
  const digits = whole.replace(/,/g, '');
  if (digits.length > 1 && digits.startsWith('0')) return null;
  if (digits.length + (fraction?.length ?? 0) > 15) return null;
  let value = Number(`${digits}.${fraction ?? '0'}`);
  if (sign === '-' || negative) value = -value;
  if (negative && sign === '-') return null;
  const decimals = fraction?.length ?? 0;
  const dec = decimals > 0 ? `.${'0'.repeat(decimals)}` : '';
  if (percent) return { value: value / 100, format: `0${dec}%` };
  if (whole.includes(',')) return { value, format: `#,##0${dec}` };
  if (negative) return { value, format: `0${dec};(0${dec})` };
  if (decimals > 0) return { value, format: `0${dec}` };
  return { value };
}

/** A table cell: its text and, when the text is a number, the number. */
export interface TableCell {
  text: string;
  number: ParsedNumber | null;
}

/** Rows of cells; a missing cell is null. */
export type Table = (TableCell | null)[][];

type Chunk = Cell<Fragment>;

/**
 * Column spans from the cells of rows with two or more cells: cells whose
 * horizontal extents overlap belong to one column, so left-, right- and
 * centre-aligned columns are all found. Single-cell rows (titles, notes) do
 * not take part, or one wide title would merge every column.
 */
export function findColumns(rows: { x: number; right: number }[][]): { x: number; right: number }[] {
  const spans = rows
    .filter((r) => r.length >= 2)
    .flat()
    .sort((p, q) => p.x - q.x);
  const columns: { x: number; right: number }[] = [];
  for (const s of spans) {
    const last = columns[columns.length - 1];
    if (last && s.x <= last.right + 1) last.right = Math.max(last.right, s.right);
    else columns.push({ x: s.x, right: s.right });
  }
  return columns;
}

function columnOf(columns: { x: number; right: number }[], chunk: Chunk): number {
  if (columns.length === 0) return 0;
  const center = (chunk.x + chunk.right) / 2;
  let best = 0;
  let bestDistance = Infinity;
  columns.forEach((col, i) => {
    const inside = chunk.x >= col.x - 1 && chunk.x <= col.right + 1;
    const distance = inside ? -1 : Math.min(Math.abs(center - col.x), Math.abs(center - col.right));
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/** Recovers a grid from a page's items: one row per line, columns found across rows, numbers parsed. */
export function recoverTable(items: LayoutItem[]): Table {
  const lines = groupLines(items);
  const chunked = lines.map((line) => cellsOf(line.fragments));
  const columns = findColumns(chunked);
  const width = Math.max(1, columns.length);
  return chunked.map((chunks) => {
    const row: (TableCell | null)[] = new Array<TableCell | null>(width).fill(null);
    for (const chunk of chunks) {
      const col = columnOf(columns, chunk);
      const text = joinFragments(chunk.fragments);
      const existing = row[col];
      const merged = existing ? `${existing.text} ${text}` : text;
      row[col] = { text: merged, number: parseNumber(merged) };
    }
    return row;
  });
}
