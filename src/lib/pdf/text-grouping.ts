/**
 * The grouping rules that plain-text extraction (text-layout.ts) and PDF to
 * Word (lib/word) share, so both read the same paragraphs and cells from a
 * page: lines into paragraphs by size and spacing, runs into cells by gaps.
 */

/** What paragraph grouping needs of a line: its baseline (y grows upwards) and largest font size. */
export interface SpacedLine {
  y: number;
  size: number;
}

/** What cell splitting needs of a run of text. */
export interface PlacedRun {
  x: number;
  width: number;
  size: number;
}

/** Runs close enough together to read as one table cell. */
export interface Cell<F extends PlacedRun> {
  x: number;
  right: number;
  fragments: F[];
}

/** Sizes within this fraction of the larger one count as the same size. */
const SAME_SIZE = 0.15;

function sameSize(a: SpacedLine, b: SpacedLine): boolean {
  return Math.abs(a.size - b.size) <= SAME_SIZE * Math.max(a.size, b.size);
}

/**
 * The usual line spacing: a low quantile of the downward gaps between lines
 * of the same size, since on most pages most gaps are plain line breaks, not
 * paragraph breaks. 0 when there are no such gaps.
 */
export function usualLineGap(lines: readonly SpacedLine[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    if (sameSize(a, b) && a.y > b.y) gaps.push(a.y - b.y);
  }
  gaps.sort((p, q) => p - q);
  return gaps[Math.floor((gaps.length - 1) / 4)] ?? 0;
}

/**
 * Lines cut into paragraphs: a new one starts where the font size changes
 * (a heading next to body text), where the gap is clearly wider than `usual`,
 * or where the text goes back up (a new column).
 */
export function paragraphsOf<L extends SpacedLine>(lines: readonly L[], usual: number): L[][] {
  const out: L[][] = [];
  let current: L[] = [];
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev) {
      const gap = prev.y - line.y;
      const bigger = Math.max(prev.size, line.size);
      const wideGap = gap > Math.max(usual * 1.3, bigger * 1.5) || gap < 0;
      if (!sameSize(prev, line) || wideGap) {
        out.push(current);
        current = [];
      }
    }
    current.push(line);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** A line's runs, left to right, split into cells where the gap between runs is wider than about one em. */
export function cellsOf<F extends PlacedRun>(fragments: readonly F[]): Cell<F>[] {
  const cells: Cell<F>[] = [];
  for (const f of fragments) {
    const last = cells[cells.length - 1];
    if (last && f.x - last.right < 0.9 * f.size) {
      last.fragments.push(f);
      last.right = Math.max(last.right, f.x + f.width);
    } else {
      cells.push({ x: f.x, right: f.x + f.width, fragments: [f] });
    }
  }
  return cells;
}
