/**
 * Tables for PDF to Word, found two ways. Ruled tables: horizontal and
 * vertical rules that meet form a grid whose cells take the text inside
 * them. Unruled tables: a block the reading order would split at column
 * gutters, whose lines break into short aligned cells (prose columns have
 * long lines, so they stay text).
 */
import { findColumns } from '../pdf/text-layout';
import { cellsOf } from '../pdf/text-grouping';
import type { Box, Rule } from './graphics';
import { fragmentBox, linesOf, type Atom, type WordFragment, type WordLine } from './layout';
import { splitFragmentAt } from './runs';

export interface WordCell {
  lines: WordLine[];
  /** How many grid columns the cell spans. */
  span: number;
}

export interface WordTable {
  box: Box;
  /** Grid column widths in points. */
  widths: number[];
  rows: WordCell[][];
  /** Drawn with rules (kept as borders) or aligned text (no borders). */
  ruled: boolean;
  /** Space between a cell's left edge and its text, in points, kept as the cells' left and right padding. */
  padding: number;
}

/** Rules closer than this (points) are taken as meeting. */
const SNAP = 2;

function isHorizontal(r: Rule): boolean {
  return r.y1 - r.y0 < 1;
}

/** Joins rules on one line whose extents touch or overlap, so a border drawn cell by cell becomes one rule. */
function mergeRules(rules: Rule[], horizontal: boolean): Rule[] {
  const key = (r: Rule) => (horizontal ? r.y0 : r.x0);
  const start = (r: Rule) => (horizontal ? r.x0 : r.y0);
  const sorted = [...rules].sort((p, q) => key(p) - key(q) || start(p) - start(q));
  const out: Rule[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && Math.abs(key(last) - key(r)) <= 1 && (horizontal ? r.x0 <= last.x1 + SNAP : r.y0 <= last.y1 + SNAP)) {
      if (horizontal) last.x1 = Math.max(last.x1, r.x1);
      else last.y1 = Math.max(last.y1, r.y1);
    } else {
      out.push({ ...r });
    }
  }
  return out;
}

function meets(h: Rule, v: Rule): boolean {
  return v.x0 >= h.x0 - SNAP && v.x0 <= h.x1 + SNAP && h.y0 >= v.y0 - SNAP && h.y0 <= v.y1 + SNAP;
}

/** Distinct values, sorted ascending, with values within SNAP of each other merged. */
function positions(values: number[]): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((p, q) => p - q)) if (out.length === 0 || v - out[out.length - 1]! > SNAP) out.push(v);
  return out;
}

interface Grid {
  xs: number[];
  /** Row edges from top to bottom. */
  ys: number[];
  verticals: Rule[];
}

/** Grids of at least two rows and two columns formed by rules that meet. */
export function findGrids(rules: Rule[]): Grid[] {
  const hs = mergeRules(rules.filter(isHorizontal), true);
  const vs = mergeRules(rules.filter((r) => !isHorizontal(r)), false);
  // Union-find over rules: a horizontal and a vertical that meet belong to one grid.
  const parent = [...hs, ...vs].map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  hs.forEach((h, i) => vs.forEach((v, j) => meets(h, v) && (parent[find(i)] = find(hs.length + j))));
  const groups = new Map<number, { hs: Rule[]; vs: Rule[] }>();
  [...hs, ...vs].forEach((r, i) => {
    const g = groups.get(find(i)) ?? { hs: [], vs: [] };
    (i < hs.length ? g.hs : g.vs).push(r);
    groups.set(find(i), g);
  });
  const grids: Grid[] = [];
  for (const g of groups.values()) {
    const xs = positions(g.vs.map((v) => v.x0));
    const ys = positions(g.hs.map((h) => h.y0)).reverse();
    if (xs.length >= 3 && ys.length >= 3) grids.push({ xs, ys, verticals: g.vs });
  }
  return grids;
}

function centre(f: WordFragment): [number, number] {
  const b = fragmentBox(f);
  return [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
}

/** A run cut at the inner column edges it crosses (by more than a character on each side). */
function splitAcross(f: WordFragment, edges: number[]): WordFragment[] {
  const perChar = f.width / Math.max(1, f.text.length);
  const edge = edges.find((x) => x > f.x + perChar && x < f.x + f.width - perChar);
  if (edge === undefined) return [f];
  const parts = splitFragmentAt(f, edge);
  return parts ? [...splitAcross(parts[0], edges), ...splitAcross(parts[1], edges)] : [f];
}

/**
 * Fills each grid with the runs whose centre lies in one of its cells. A cell
 * spans the next column where no vertical rule crosses its row. Grids with
 * fewer than two cells of text (chart grids, frames) are not tables. Returns
 * the tables as atoms and the runs left outside them.
 */
export function ruledTables(rules: Rule[], fragments: WordFragment[]): { tables: Atom<WordTable>[]; rest: WordFragment[] } {
  const tables: Atom<WordTable>[] = [];
  let rest = fragments;
  for (const { xs, ys, verticals } of findGrids(rules)) {
    const box: Box = { x0: xs[0]!, x1: xs[xs.length - 1]!, y0: ys[ys.length - 1]!, y1: ys[0]! };
    const inside = rest
      .filter((f) => {
        const [x, y] = centre(f);
        return x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1;
      })
      .flatMap((f) => splitAcross(f, xs.slice(1, -1)));
    const rows: WordCell[][] = [];
    let filled = 0;
    for (let r = 0; r + 1 < ys.length; r++) {
      const [top, bottom] = [ys[r]!, ys[r + 1]!];
      const mid = (top + bottom) / 2;
      const row: WordCell[] = [];
      for (let c = 0; c + 1 < xs.length; c++) {
        const crossed = c === 0 || verticals.some((v) => Math.abs(v.x0 - xs[c]!) <= SNAP && v.y0 - SNAP <= mid && v.y1 + SNAP >= mid);
        const runs = inside.filter((f) => {
          const [x, y] = centre(f);
          return y < top && y >= bottom && x >= xs[c]! && x < xs[c + 1]!;
        });
        const last = row[row.length - 1];
        if (!crossed && last) {
          last.span++;
          last.lines = linesOf([...last.lines.flatMap((l) => l.fragments), ...runs]);
        } else {
          row.push({ lines: linesOf(runs), span: 1 });
        }
      }
      filled += row.filter((cell) => cell.lines.length > 0).length;
      rows.push(row);
    }
    if (filled < 2) continue;
    const widths = xs.slice(1).map((x, i) => x - xs[i]!);
    // The smallest inset of text from its cell's left rule is the writer's cell padding.
    let inset = Infinity;
    for (const f of inside) {
      const c = xs.findIndex((x, i) => i + 1 < xs.length && f.x >= x - SNAP && f.x < xs[i + 1]!);
      if (c >= 0) inset = Math.min(inset, f.x - xs[c]!);
    }
    const padding = Number.isFinite(inset) ? Math.min(8, Math.max(1, inset)) : 5;
    tables.push({ box, value: { box, widths, rows, ruled: true, padding } });
    rest = rest.filter((f) => {
      const [x, y] = centre(f);
      return !(x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1);
    });
  }
  return { tables, rest };
}

/** Words in a cell; dot leaders and other punctuation are not words. */
function words(cell: { fragments: WordFragment[] }): number {
  return cell.fragments.map((f) => f.text).join(' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/**
 * A table from runs laid out in aligned columns, or null when they read as
 * prose: at least three lines, most of them broken into two or more cells,
 * and short cells (a few words on average; prose columns run to many).
 */
export function alignedTable(fragments: WordFragment[]): Atom<WordTable> | null {
  const lines = linesOf(fragments);
  if (lines.length < 3) return null;
  const rows = lines.map((line) => cellsOf(line.fragments));
  const multi = rows.filter((r) => r.length >= 2).length;
  if (multi < 2 || multi < 0.6 * rows.length) return null;
  const columns = findColumns(rows);
  if (columns.length < 2) return null;
  const cells = rows.flat();
  const meanWords = cells.reduce((n, c) => n + words(c), 0) / cells.length;
  if (meanWords > (columns.length >= 3 ? 6 : 4)) return null;
  const table: WordCell[][] = rows.map((row) => {
    const grouped: WordFragment[][] = columns.map(() => []);
    for (const cell of row) {
      const mid = (cell.x + cell.right) / 2;
      let best = 0;
      columns.forEach((col, i) => {
        const distance = (c: { x: number; right: number }) => (mid >= c.x && mid <= c.right ? 0 : Math.min(Math.abs(mid - c.x), Math.abs(mid - c.right)));
        if (distance(col) < distance(columns[best]!)) best = i;
      });
      grouped[best]!.push(...cell.fragments);
    }
    return grouped.map((runs) => ({ lines: linesOf(runs), span: 1 }));
  });
  const box: Box = fragments.map(fragmentBox).reduce((a, b) => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }));
  // Column widths reach to the middle of each gutter.
  const edges = [box.x0, ...columns.slice(1).map((c, i) => (columns[i]!.right + c.x) / 2), box.x1];
  const widths = edges.slice(1).map((x, i) => Math.max(x - edges[i]!, 12));
  return { box, value: { box, widths, rows: table, ruled: false, padding: 1 } };
}
