/**
 * Where each character of a pdf.js text item sits on the page as a reader
 * shows it ("display points": x right, y down from the top-left of the
 * visible page, after /Rotate). pdf.js gives a position and an advance width
 * per item, not per character, so characters share the item's width in
 * proportion to their advance widths in the item's own font (read from the
 * glyphs pdf.js lays out), or to Helvetica's where that is not known. Boxes
 * are padded, and then grown to the ink drawn (redact-raster.ts), so a glyph
 * reaching past its advance is still covered.
 */
import type { Matrix } from './display-space';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The fields of a pdf.js text item that placing its characters needs. */
export interface PlacedItem {
  str: string;
  /** Text space (font size included) to user space. */
  transform: number[];
  /** Advance along the baseline in user space units. */
  width: number;
  /** pdf.js's id of the item's font. */
  fontName?: string;
}

/** A character's relative advance width in a font (any unit, the same for every character of an item). */
export type WidthOf = (char: string, fontName?: string) => number;

/** a ∘ b: apply b, then a (pdf.js's Util.transform). */
export function multiply(a: Matrix | number[], b: Matrix | number[]): Matrix {
  return [
    a[0]! * b[0]! + a[2]! * b[1]!,
    a[1]! * b[0]! + a[3]! * b[1]!,
    a[0]! * b[2]! + a[2]! * b[3]!,
    a[1]! * b[2]! + a[3]! * b[3]!,
    a[0]! * b[4]! + a[2]! * b[5]! + a[4]!,
    a[1]! * b[4]! + a[3]! * b[5]! + a[5]!,
  ];
}

/** The length of one text-space unit along the baseline, in user space: the font size for unscaled text. */
export function baselineScale(item: PlacedItem): number {
  return Math.hypot(item.transform[0] ?? 0, item.transform[1] ?? 0) || 1;
}

/**
 * Where each character starts along the baseline, in user space units from
 * the item's origin, plus the item's end: length str.length + 1.
 * `widthOf` gives a character's relative width (any unit).
 */
export function characterOffsets(item: PlacedItem, widthOf: WidthOf): number[] {
  const widths = Array.from(item.str, (char) => Math.max(0, widthOf(char, item.fontName)));
  // Surrogate pairs: Array.from yields one entry per code point; offsets are per UTF-16 unit.
  const perUnit: number[] = [];
  Array.from(item.str).forEach((char, i) => {
    perUnit.push(widths[i]!);
    if (char.length === 2) perUnit.push(0);
  });
  const total = perUnit.reduce((sum, w) => sum + w, 0);
  // Some fonts (Type 3, broken widths) give items no advance; the estimate then stands in for it, so boxes still cover the text.
  const width = item.width > 0 ? item.width : total * baselineScale(item);
  const offsets = [0];
  let run = 0;
  for (const w of perUnit) {
    run += total > 0 ? (w / total) * width : width / perUnit.length;
    offsets.push(run);
  }
  return offsets;
}

/** Below and above the baseline, as fractions of the font size, that glyphs may reach. */
const DESCENT = 0.3;
const ASCENT = 1.0;
/** Extra margin on every side, as a fraction of the font size. */
const PAD = 0.08;

/**
 * The box, in display points, of the part of an item from `from` to `to`
 * along its baseline (user space units, as characterOffsets gives them).
 * `toDisplay` maps user space to display points (pdf.js's viewport transform at scale 1).
 */
export function spanBox(item: PlacedItem, from: number, to: number, toDisplay: Matrix | number[]): Rect {
  const m = multiply(toDisplay, item.transform);
  const scale = baselineScale(item);
  const [u0, u1] = [from / scale - PAD, to / scale + PAD];
  const [v0, v1] = [-DESCENT - PAD, ASCENT + PAD];
  const corners = [
    [u0, v0],
    [u1, v0],
    [u0, v1],
    [u1, v1],
  ].map(([u, v]) => [m[0] * u! + m[2] * v! + m[4], m[1] * u! + m[3] * v! + m[5]] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** True when two boxes share some area (more than `slack` on each axis). */
export function overlaps(a: Rect, b: Rect, slack = 0): boolean {
  return a.x + a.width > b.x + slack && b.x + b.width > a.x + slack && a.y + a.height > b.y + slack && b.y + b.height > a.y + slack;
}

