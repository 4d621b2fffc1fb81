/**
 * Page-range text ("1-3, 4-6, 7") and fixed-size chunks, as 1-based inclusive
 * ranges. Kept free of pdf-lib so tool pages can plan a split (and warn)
 * without loading the PDF code.
 */
import { runText } from './i18n/run-messages';

/** Pages start..end, 1-based and inclusive. */
export interface PageRange {
  start: number;
  end: number;
}

export const rangesBlankMessage = (): string => runText('run.split.rangesBlank');
export const noValidPartsMessage = (): string => runText('run.split.noValidParts');

// Hyphen, en dash and em dash: people paste ranges from word processors.
const RANGE = /^(\S+?)\s*[-\u2013\u2014]\s*(\S+)$/;
const WHOLE = /^\d+$/;

function pageNumber(text: string): number | null {
  if (!WHOLE.test(text)) return null;
  const value = Number(text);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}

/** Parses one comma-separated part; null when it is not a valid range. */
export function parsePart(part: string): PageRange | null {
  const text = part.trim();
  const match = RANGE.exec(text);
  if (!match) {
    const page = pageNumber(text);
    return page === null ? null : { start: page, end: page };
  }
  const start = pageNumber(match[1]);
  const end = pageNumber(match[2]);
  if (start === null || end === null || end < start) return null;
  return { start, end };
}

/**
 * Parses comma-separated ranges. A part is kept only when both numbers are
 * whole page numbers (1 or more) and the end is not below the start; other
 * parts are skipped and the caller decides how to warn. With a page count,
 * a part starting after the last page is skipped and a part running past it
 * is cut at the last page ("4-9" on a 5-page PDF gives 4-5).
 */
export function parsePageRanges(text: string, pageCount?: number): PageRange[] {
  const parts: PageRange[] = [];
  for (const piece of text.split(',')) {
    if (!piece.trim()) continue;
    const range = parsePart(piece);
    if (!range) continue;
    if (pageCount === undefined) {
      parts.push(range);
    } else if (range.start <= pageCount) {
      parts.push({ start: range.start, end: Math.min(range.end, pageCount) });
    }
  }
  return parts;
}

/** The pages that valid ranges ask for past the last page ("2-9" on a 3-page PDF: 4-9). */
export function pagesBeyond(text: string, pageCount: number): PageRange[] {
  const beyond: PageRange[] = [];
  for (const piece of text.split(',')) {
    const range = piece.trim() ? parsePart(piece) : null;
    if (range && range.end > pageCount) beyond.push({ start: Math.max(range.start, pageCount + 1), end: range.end });
  }
  return beyond;
}

/** The notice for pages asked for that the PDF does not have, or undefined when there are none. */
export function pagesBeyondNotice(name: string, pageCount: number, beyond: PageRange[]): string | undefined {
  if (beyond.length === 0) return undefined;
  const count = beyond.reduce((sum, r) => sum + r.end - r.start + 1, 0);
  const list = beyond.map(formatRange).join(', ');
  return runText('run.split.pagesBeyond', { name, pageCount, count, list });
}

/** The chunk size for "every N pages": a whole number from 1 to the page count. */
export function clampEveryN(n: unknown, pageCount: number): number {
  const value = typeof n === 'number' ? n : Number(n);
  const whole = Number.isFinite(value) ? Math.floor(value) : 1;
  return Math.max(1, Math.min(whole, Math.max(1, pageCount)));
}

/** Consecutive chunks of n pages (the last may be shorter); n is clamped to 1..pageCount. */
export function everyN(pageCount: number, n: number): PageRange[] {
  const size = clampEveryN(n, pageCount);
  const parts: PageRange[] = [];
  for (let start = 1; start <= pageCount; start += size) {
    parts.push({ start, end: Math.min(start + size - 1, pageCount) });
  }
  return parts;
}

/** "3" for a single page, "1-3" otherwise. */
export function formatRange(range: PageRange): string {
  return range.start === range.end ? String(range.start) : `${range.start}-${range.end}`;
}

/** Split options as the split-pdf manifest names them. */
export interface SplitPlanOptions {
  /** "range" (default) or "every". */
  method?: unknown;
  /** Range text for method "range", such as "1-3, 4-6, 7". */
  ranges?: unknown;
  /** Pages per part for method "every"; forced into 1..pageCount. */
  everyN?: unknown;
}

export type SplitPlan =
  | { ok: true; parts: PageRange[] }
  | { ok: false; problem: 'blank' | 'none-valid'; message: string };

/**
 * The parts a split would produce, so a page can show the Warning toast for
 * "no valid parts" (and the count of resulting files) before running.
 */
export function planSplit(pageCount: number, options: SplitPlanOptions): SplitPlan {
  if (options.method === 'every') return { ok: true, parts: everyN(pageCount, clampEveryN(options.everyN, pageCount)) };
  const text = typeof options.ranges === 'string' ? options.ranges : '';
  if (!text.trim()) return { ok: false, problem: 'blank', message: rangesBlankMessage() };
  const parts = parsePageRanges(text, pageCount);
  if (parts.length === 0) return { ok: false, problem: 'none-valid', message: noValidPartsMessage() };
  return { ok: true, parts };
}

/**
 * The pages (1-based, ascending, each once) a page list such as "1-3, 5"
 * names, for tools that work on some pages of a file; blank names every page.
 * Pages past the last are left out, so one list can serve files of different
 * lengths. Null when a part is not a page number or a range.
 */
export function pagesInList(text: string, pageCount: number): number[] | null {
  if (text.trim() === '') return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (const piece of text.split(',')) {
    if (!piece.trim()) continue;
    const range = parsePart(piece);
    if (!range) return null;
    for (let page = range.start; page <= Math.min(range.end, pageCount); page++) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}

/**
 * The shortest page list for a set of pages ("1-3, 5"); blank when it is every
 * page of the file. No pages gives blank too, which reads as every page, so
 * callers keep at least one.
 */
export function pageListText(pages: readonly number[], pageCount: number): string {
  const sorted = [...new Set(pages)].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  if (sorted.length === pageCount) return '';
  const ranges: PageRange[] = [];
  for (const page of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && page === last.end + 1) last.end = page;
    else ranges.push({ start: page, end: page });
  }
  return ranges.map(formatRange).join(', ');
}
