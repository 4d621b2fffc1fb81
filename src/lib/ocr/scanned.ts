/**
 * What the PDF tools share when they read scanned pages with OCR: progress
 * that moves within a page while it is being read, the notice that says
 * which pages were read that way, and the recognised lines grouped back
 * into paragraphs.
 */
import type { PageLoopContext } from '../pdf/page-loop';
import type { OcrLine } from './recognize';

/** Steps of progress per page, so a page read by OCR moves the bar while it is read. */
const STEPS = 100;

/**
 * A page loop's context whose progress counts hundredths of a page, and a
 * reporter for the OCR of page `index` (0-based) that fills that page's share.
 */
export function finePageProgress(ctx: PageLoopContext): {
  loop: PageLoopContext;
  within(index: number, pages: number): (done: number, total: number) => void;
} {
  return {
    loop: { signal: ctx.signal, onProgress: (done, total) => ctx.onProgress(done * STEPS, total * STEPS) },
    within: (index, pages) => (done, total) => {
      if (ctx.signal.aborted || total <= 0) return;
      ctx.onProgress(index * STEPS + Math.min(STEPS - 1, Math.round((done / total) * STEPS)), pages * STEPS);
    },
  };
}

/** "3", "1 and 3", "1-4, 6 and 9": 1-based page numbers in order, runs of three or more shortened. */
export function pageList(pages: readonly number[]): string {
  const sorted = [...pages].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else parts.push(...sorted.slice(i, j + 1).map(String));
    i = j + 1;
  }
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Said when some pages had no text layer and their text was recognised from the picture of the page. */
export function ocrPagesNotice(pages: readonly number[], total: number): string {
  const read = 'read from the scan with OCR (text recognition). Please check names and figures.';
  if (total === 1) return `The page has no text layer (it is a scan), so its text was ${read}`;
  if (pages.length === total) return `No page has a text layer (this PDF is a scan), so the text of every page was ${read}`;
  if (pages.length === 1) return `Page ${pages[0]} has no text layer (it is a scan), so its text was ${read}`;
  return `Pages ${pageList(pages)} have no text layer (they are scans), so their text was ${read}`;
}

/** The recognised lines of a page as paragraphs, each a list of its line texts (empty lines left out). */
export function ocrParagraphs(lines: readonly OcrLine[]): string[][] {
  const paragraphs: string[][] = [];
  let current: number | undefined;
  for (const line of lines) {
    if (line.text === '') continue;
    if (line.paragraph !== current || paragraphs.length === 0) paragraphs.push([]);
    current = line.paragraph;
    paragraphs[paragraphs.length - 1]!.push(line.text);
  }
  return paragraphs;
}

/** Lines of one paragraph joined as running text: a line ending in a hyphen runs on into the next. */
export function joinLines(lines: readonly string[]): string {
  return lines.reduce((text, line) => (text === '' ? line : text.endsWith('-') ? text + line : `${text} ${line}`), '');
}
