/**
 * What the PDF tools share when they read scanned pages with OCR: the notice
 * that says which pages were read that way, and the recognised lines grouped
 * back into paragraphs. Their page loop, with progress within a page while it
 * is read, is ./page-loop.ts.
 */
import type { OcrLine } from './recognize';
import { runText } from '../i18n/run-messages';

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
  return parts.length <= 1 ? (parts[0] ?? '') : runText('run.list.and', { items: parts.slice(0, -1).join(', '), last: parts[parts.length - 1] });
}

/** Said when some pages had no text layer and their text was recognised from the picture of the page. */
export function ocrPagesNotice(pages: readonly number[], total: number): string {
  if (total === 1) return runText('run.ocr.notice.onlyPage');
  if (pages.length === total) return runText('run.ocr.notice.everyPage');
  if (pages.length === 1) return runText('run.ocr.notice.onePage', { page: pages[0] });
  return runText('run.ocr.notice.somePages', { pages: pageList(pages) });
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
