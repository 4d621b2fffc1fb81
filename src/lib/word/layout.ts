/**
 * Reading order for PDF to Word: a recursive XY-cut over the page's text
 * runs and its fixed blocks (tables, images). A node is split at vertical
 * whitespace gutters first, so a two-column page is read column by column;
 * where there is no gutter it is split at its widest horizontal gap, which
 * first separates a title spanning the columns from the columns below it.
 * Coordinates are PDF user space (y grows up).
 */
import type { Fragment, Line, Segment } from '../pdf/text-layout';
import { lineSegments } from '../pdf/text-layout';
import type { Box } from './graphics';

/** A text run with what Word keeps of it besides its text. */
export interface WordFragment extends Fragment {
  /** The PDF font's name (such as "Helvetica-Bold"); `fontName` in Fragment is pdf.js's id for it. */
  font: string;
  colour: string;
  link?: string;
  /** Right-to-left script (Arabic, Hebrew), as pdf.js reports it. */
  rtl?: boolean;
  /** Drawn with a rule under or through it. */
  underline?: boolean;
  strike?: boolean;
}

export interface WordLine extends Line {
  /** Left to right on the page, whatever the script's direction. */
  fragments: WordFragment[];
  /** Most of the line is right-to-left script, so it reads from its right end. */
  rtl: boolean;
}

/**
 * A line's pieces in reading order, each with the space that goes before it:
 * left to right, or right to left for a right-to-left line (the space
 * found between two runs on the page stays between them).
 */
export function readingSegments(fragments: WordFragment[], rtl: boolean): Segment[] {
  const ltr = lineSegments(fragments);
  if (!rtl) return ltr;
  const out: Segment[] = [];
  for (let i = ltr.length - 1; i >= 0; i--) {
    const spaced = out.length > 0 && (ltr[i + 1]!.text.startsWith(' ') || /\s$/.test(ltr[i]!.text));
    out.push({ fragment: ltr[i]!.fragment, text: (spaced ? ' ' : '') + ltr[i]!.text.trim() });
  }
  return out;
}

function isRtl(fragments: WordFragment[]): boolean {
  const chars = (rtl: boolean) => fragments.filter((f) => Boolean(f.rtl) === rtl).reduce((n, f) => n + f.text.length, 0);
  return chars(true) > chars(false);
}

/** The ink box of a run: from a little below its baseline to about its cap height. */
export function fragmentBox(f: Fragment): Box {
  return { x0: f.x, y0: f.y - 0.2 * f.size, x1: f.x + Math.max(f.width, 0.1), y1: f.y + 0.8 * f.size };
}

/**
 * Lines from runs, as text-layout's groupLines does (baselines closer than
 * 40% of the larger size share a line) but keeping the runs themselves.
 */
export function linesOf(fragments: WordFragment[]): WordLine[] {
  const sorted = [...fragments].sort((p, q) => q.y - p.y || p.x - q.x);
  // Each line is measured from its largest run so far, so a superscript met first does not shift the baseline
  // that a subscript further down is compared with.
  const groups: { main: WordFragment; runs: WordFragment[] }[] = [];
  for (const f of sorted) {
    const group = groups.find((g) => Math.abs(g.main.y - f.y) < 0.4 * Math.max(g.main.size, f.size));
    if (!group) groups.push({ main: f, runs: [f] });
    else {
      group.runs.push(f);
      if (f.size > group.main.size) group.main = f;
    }
  }
  return groups
    .map((g) => {
      const runs = g.runs.sort((p, q) => p.x - q.x);
      const size = Math.max(...runs.map((f) => f.size));
      const rtl = isRtl(runs);
      return {
        x: runs[0]!.x,
        y: runs.find((f) => f.size === size)!.y,
        right: Math.max(...runs.map((f) => f.x + f.width)),
        size,
        text: readingSegments(runs, rtl)
          .map((seg) => seg.text)
          .join('')
          .replace(/ {2,}/g, ' '),
        fragments: runs,
        rtl,
      };
    })
    .sort((p, q) => q.y - p.y || p.x - q.x);
}

/** Something placed in the reading order as a whole: a table or an image. */
export interface Atom<T> {
  box: Box;
  value: T;
}

/** One step of the reading order: text runs read together, or an atom. */
export type FlowItem<T> = { kind: 'text'; lines: WordLine[] } | { kind: 'atom'; value: T };

type Element<T> = { box: Box; fragment: WordFragment; atom?: undefined } | { box: Box; atom: Atom<T>; fragment?: undefined };

function median(values: number[]): number {
  const sorted = [...values].sort((p, q) => p - q);
  return sorted.length === 0 ? 0 : sorted[sorted.length >> 1]!;
}

function verticalSpan<T>(elements: Element<T>[]): number {
  let top = -Infinity;
  let bottom = Infinity;
  for (const e of elements) {
    top = Math.max(top, e.box.y1);
    bottom = Math.min(bottom, e.box.y0);
  }
  return top - bottom;
}

/**
 * Column gutters of a node: gaps between the elements' x extents at least
 * `min` wide, with text on each side reaching down at least a third of the
 * node's height. A short line's gap to a longer one is no gutter: the words
 * after it belong to the same line ("red words" set apart after a shorter
 * line above would otherwise be read after everything below).
 */
function verticalGaps<T>(elements: Element<T>[], min: number): [number, number][] {
  const sorted = [...elements].sort((p, q) => p.box.x0 - q.box.x0);
  const height = verticalSpan(elements);
  const gaps: [number, number][] = [];
  let right = sorted[0]!.box.x1;
  sorted.forEach((e, i) => {
    if (i > 0 && e.box.x0 - right >= min) {
      const tallEnough = Math.min(verticalSpan(sorted.slice(0, i)), verticalSpan(sorted.slice(i))) >= height / 3;
      if (tallEnough) gaps.push([right, e.box.x0]);
    }
    right = Math.max(right, e.box.x1);
  });
  return gaps;
}

/** The widest gap between the elements' y extents, as [bottom of the upper part, top of the lower part]. */
function widestHorizontalGap<T>(elements: Element<T>[]): [number, number] | null {
  const sorted = [...elements].sort((p, q) => q.box.y1 - p.box.y1);
  let bottom = sorted[0]!.box.y0;
  let best: [number, number] | null = null;
  for (const e of sorted.slice(1)) {
    const gap = bottom - e.box.y1;
    if (gap > 0 && (!best || gap > best[0] - best[1])) best = [bottom, e.box.y1];
    bottom = Math.min(bottom, e.box.y0);
  }
  return best;
}

/** Options of the cut: `asTable` may turn a node with column gutters into one atom (a table of aligned text). */
export interface ReadingOrderOptions<T> {
  asTable?: (fragments: WordFragment[]) => Atom<T> | null;
}

/**
 * Orders a page's runs and atoms for reading. Runs that end up in one leaf
 * of the cut become lines; consecutive leaves' lines are joined into one
 * text item, so paragraphs can continue across leaves.
 */
export function readingOrder<T>(fragments: WordFragment[], atoms: Atom<T>[], options: ReadingOrderOptions<T> = {}): FlowItem<T>[] {
  const elements: Element<T>[] = [...fragments.map((fragment) => ({ box: fragmentBox(fragment), fragment })), ...atoms.map((atom) => ({ box: atom.box, atom }))];
  if (elements.length === 0) return [];
  // A gutter is at least about one em of the page's usual text, and never under 6 pt: word spaces are narrower.
  const minGutter = Math.max(6, 0.9 * (median(fragments.map((f) => f.size)) || 10));
  const out: FlowItem<T>[] = [];
  const emitLeaf = (leaf: Element<T>[]) => {
    const runs = leaf.flatMap((e) => (e.fragment ? [e.fragment] : []));
    const leafAtoms = leaf.flatMap((e) => (e.atom ? [e.atom] : [])).sort((p, q) => q.box.y1 - p.box.y1);
    // An atom inside a leaf with text goes before or after that text by its top edge.
    const lines = linesOf(runs);
    let i = 0;
    for (const atom of leafAtoms) {
      const before: WordLine[] = [];
      while (i < lines.length && lines[i]!.y > atom.box.y1) before.push(lines[i++]!);
      pushText(before);
      out.push({ kind: 'atom', value: atom.value });
    }
    pushText(lines.slice(i));
  };
  const pushText = (lines: WordLine[]) => {
    if (lines.length === 0) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.lines.push(...lines);
    else out.push({ kind: 'text', lines });
  };
  const cut = (node: Element<T>[]) => {
    if (node.length === 1) return emitLeaf(node);
    const gaps = verticalGaps(node, minGutter);
    if (gaps.length > 0) {
      const runs = node.flatMap((e) => (e.fragment ? [e.fragment] : []));
      const table = runs.length === node.length && options.asTable ? options.asTable(runs) : null;
      if (table) {
        out.push({ kind: 'atom', value: table.value });
        return;
      }
      // Left of the widest gutter, then right of it, each cut again on its own: a block of label and
      // value columns beside other text gets its own chance to be taken for a table.
      const widest = gaps.reduce((a, b) => (b[1] - b[0] > a[1] - a[0] ? b : a));
      const split = (widest[0] + widest[1]) / 2;
      cut(node.filter((e) => (e.box.x0 + e.box.x1) / 2 < split));
      cut(node.filter((e) => (e.box.x0 + e.box.x1) / 2 >= split));
      return;
    }
    const gap = widestHorizontalGap(node);
    if (!gap) return emitLeaf(node);
    const split = (gap[0] + gap[1]) / 2;
    cut(node.filter((e) => (e.box.y0 + e.box.y1) / 2 > split));
    cut(node.filter((e) => (e.box.y0 + e.box.y1) / 2 <= split));
  };
  cut(elements);
  return out;
}
