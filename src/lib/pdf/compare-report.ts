/**
 * The texts and layout of the Compare PDFs report: a summary page first,
 * then for each page that differs its overlay picture and its removed and
 * added words. Colour is never the only sign: every run of words carries a
 * "Removed:" or "Added:" label.
 */
import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { WordChange } from '../diff-words';
import { ADDED_GREEN, GREY, REMOVED_RED, ReportFlow, type Span } from './compare-flow';

/** Words listed per page at most, so a rewritten 50-page chapter still gives a readable report. */
export const MAX_LISTED_WORDS = 1500;

/** What was found on one page number. */
export interface PageComparison {
  /** 1-based. */
  number: number;
  /** 'both' when each file has the page; 'added' when only the newer one has it, 'removed' when only the older one does. */
  presence: 'both' | 'added' | 'removed';
  changes: WordChange[];
  wordsAdded: number;
  wordsRemoved: number;
  /** Pixels that differ between the two renderings (0 for a page in one file only). */
  changedPixels: number;
  totalPixels: number;
  /** The overlay picture, embedded in the report, for a pair whose pixels differ. */
  overlay?: PDFImage;
}

export interface ComparisonSummary {
  olderName: string;
  newerName: string;
  olderPages: number;
  newerPages: number;
  pages: PageComparison[];
}

export function pageDiffers(page: PageComparison): boolean {
  return page.presence !== 'both' || page.changes.length > 0 || page.changedPixels > 0;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3, 5-7, 9" for a sorted list of page numbers. */
export function pageList(numbers: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    ranges.push(j === i ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return ranges.join(', ');
}

/** The share of a page's area that changed, as a reader would say it. */
function changedShare(page: PageComparison): string {
  const percent = (100 * page.changedPixels) / Math.max(1, page.totalPixels);
  return percent < 0.1 ? 'less than 0.1%' : `${percent.toFixed(1)}%`;
}

export function totals(summary: ComparisonSummary): { wordsAdded: number; wordsRemoved: number; changedPages: number[] } {
  const changed = summary.pages.filter(pageDiffers);
  return {
    wordsAdded: summary.pages.reduce((sum, page) => sum + page.wordsAdded, 0),
    wordsRemoved: summary.pages.reduce((sum, page) => sum + page.wordsRemoved, 0),
    changedPages: changed.map((page) => page.number),
  };
}

/** The sentence for files without any difference, on the summary page and as the run's notice. */
export const NO_DIFFERENCES = 'No differences found: every page has the same words and looks the same in both files.';

/** The summary page, written at the front of the report once every page has been compared. */
export function writeSummary(flow: ReportFlow, summary: ComparisonSummary): void {
  flow.newPage(0);
  const { wordsAdded, wordsRemoved, changedPages } = totals(summary);
  const onlyNewer = summary.pages.filter((page) => page.presence === 'added').map((page) => page.number);
  const onlyOlder = summary.pages.filter((page) => page.presence === 'removed').map((page) => page.number);
  flow.paragraph([{ text: 'PDF comparison', bold: true }], 22, 10);
  flow.paragraph([{ text: 'Older version: ', bold: true }, { text: `${summary.olderName} (${plural(summary.olderPages, 'page')})` }], 11, 2);
  flow.paragraph([{ text: 'Newer version: ', bold: true }, { text: `${summary.newerName} (${plural(summary.newerPages, 'page')})` }], 11, 12);
  if (changedPages.length === 0) {
    flow.paragraph([{ text: NO_DIFFERENCES, bold: true }], 13);
    return;
  }
  const facts: [string, string][] = [
    ['Pages changed', `${changedPages.length} of ${Math.max(summary.olderPages, summary.newerPages)} (${pageList(changedPages)})`],
    ['Words added', String(wordsAdded)],
    ['Words removed', String(wordsRemoved)],
  ];
  if (onlyNewer.length > 0) facts.push(['Pages only in the newer version (added)', pageList(onlyNewer)]);
  if (onlyOlder.length > 0) facts.push(['Pages only in the older version (removed)', pageList(onlyOlder)]);
  for (const [label, value] of facts) flow.paragraph([{ text: `${label}: `, bold: true }, { text: value }], 12, 3);
  flow.space(12);
  flow.paragraph(
    [
      { text: 'How to read this report. ', bold: true },
      { text: 'Each changed page follows. Its picture is the newer page, faded, with the pixels that differ from the older page in bright magenta. Below it, words are listed as ' },
      { text: 'Removed:', bold: true, color: REMOVED_RED },
      { text: ' (in red, only in the older version) and ' },
      { text: 'Added:', bold: true, color: ADDED_GREEN },
      { text: ' (in green, only in the newer version), in reading order.' },
    ],
    10,
  );
}

/** The labelled runs of removed and added words of a page, up to MAX_LISTED_WORDS. */
function writeChanges(flow: ReportFlow, changes: readonly WordChange[]): void {
  let listed = 0;
  const total = changes.reduce((sum, change) => sum + change.words.length, 0);
  for (const change of changes) {
    if (listed >= MAX_LISTED_WORDS) break;
    const words = change.words.slice(0, MAX_LISTED_WORDS - listed);
    listed += words.length;
    const color = change.kind === 'added' ? ADDED_GREEN : REMOVED_RED;
    const label: Span = { text: change.kind === 'added' ? 'Added: ' : 'Removed: ', bold: true, color };
    flow.paragraph([label, { text: words.join(' '), color }], 10.5, 4);
  }
  if (listed < total) flow.paragraph([{ text: `... and ${plural(total - listed, 'more changed word')}, not listed.`, color: GREY }], 10);
}

/** One changed page's section: heading, figures, overlay picture and word changes. */
export function writePage(flow: ReportFlow, page: PageComparison): void {
  // A section starts on a fresh page when its heading and a useful part of the picture would not fit.
  if (flow.room < 300) flow.newPage();
  const where = page.presence === 'added' ? ' (only in the newer version)' : page.presence === 'removed' ? ' (only in the older version)' : '';
  flow.paragraph([{ text: `Page ${page.number}${where}`, bold: true }], 16, 6);
  const facts: string[] = [];
  if (page.presence === 'added') facts.push(`This page was added. ${plural(page.wordsAdded, 'word')} added.`);
  else if (page.presence === 'removed') facts.push(`This page was removed. ${plural(page.wordsRemoved, 'word')} removed.`);
  else {
    facts.push(page.changes.length > 0 ? `Text: ${plural(page.wordsAdded, 'word')} added, ${plural(page.wordsRemoved, 'word')} removed.` : 'Text: the same words.');
    facts.push(page.changedPixels > 0 ? `Look: ${changedShare(page)} of the page differs.` : 'Look: no visible difference.');
  }
  flow.paragraph([{ text: facts.join(' '), color: GREY }], 10, 6);
  if (page.overlay) flow.image(page.overlay, 440);
  writeChanges(flow, page.changes);
  flow.space(14);
}

/** Writes the whole report into `doc`: the page sections in order, then the summary page in front. */
export function writeReport(doc: PDFDocument, flow: ReportFlow, summary: ComparisonSummary): void {
  for (const page of summary.pages) if (pageDiffers(page)) writePage(flow, page);
  writeSummary(flow, summary);
  doc.setTitle(`Comparison of ${summary.olderName} and ${summary.newerName}`);
}
