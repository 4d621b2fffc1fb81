/**
 * The texts and layout of the Compare PDFs report: a summary page first,
 * then for each page that differs its overlay picture and its removed and
 * added words. Colour is never the only sign: every run of words carries a
 * "Removed:" or "Added:" label.
 */
import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { WordChange } from '../diff-words';
import { ADDED_GREEN, GREY, REMOVED_RED, ReportFlow, type Span } from './compare-flow';
import { runText } from '../i18n/run-messages';

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
  return percent < 0.1 ? runText('run.compareReport.lessThanShare') : `${percent.toFixed(1)}%`;
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
export const noDifferencesMessage = (): string => runText('run.compare.noDifferences');

/** The summary page, written at the front of the report once every page has been compared. */
export function writeSummary(flow: ReportFlow, summary: ComparisonSummary): void {
  flow.newPage(0);
  const { wordsAdded, wordsRemoved, changedPages } = totals(summary);
  const onlyNewer = summary.pages.filter((page) => page.presence === 'added').map((page) => page.number);
  const onlyOlder = summary.pages.filter((page) => page.presence === 'removed').map((page) => page.number);
  flow.paragraph([{ text: runText('run.compareReport.title'), bold: true }], 22, 10);
  flow.paragraph([{ text: `${runText('run.compareReport.older')} `, bold: true }, { text: runText('run.compareReport.fileAndPages', { name: summary.olderName, count: summary.olderPages }) }], 11, 2);
  flow.paragraph([{ text: `${runText('run.compareReport.newer')} `, bold: true }, { text: runText('run.compareReport.fileAndPages', { name: summary.newerName, count: summary.newerPages }) }], 11, 12);
  if (changedPages.length === 0) {
    flow.paragraph([{ text: noDifferencesMessage(), bold: true }], 13);
    return;
  }
  const facts: [string, string][] = [
    [
      runText('run.compareReport.pagesChanged'),
      runText('run.compareReport.pagesChangedValue', {
        changed: changedPages.length,
        total: Math.max(summary.olderPages, summary.newerPages),
        pages: pageList(changedPages),
      }),
    ],
    [runText('run.compareReport.wordsAdded'), String(wordsAdded)],
    [runText('run.compareReport.wordsRemoved'), String(wordsRemoved)],
  ];
  if (onlyNewer.length > 0) facts.push([runText('run.compareReport.pagesOnlyNewer'), pageList(onlyNewer)]);
  if (onlyOlder.length > 0) facts.push([runText('run.compareReport.pagesOnlyOlder'), pageList(onlyOlder)]);
  for (const [label, value] of facts) flow.paragraph([{ text: `${label} `, bold: true }, { text: value }], 12, 3);
  flow.space(12);
  // Two messages: the bold title, then the text with the coloured labels as placeholders, split here into runs.
  const labels: Record<string, Span> = {
    '\u0001': { text: runText('run.compareReport.removed'), bold: true, color: REMOVED_RED },
    '\u0002': { text: runText('run.compareReport.added'), bold: true, color: ADDED_GREEN },
  };
  const text = runText('run.compareReport.howToRead', { removed: '\u0001', added: '\u0002' });
  const runs: Span[] = text
    .split(/([\u0001\u0002])/)
    .filter((piece) => piece !== '')
    .map((piece) => labels[piece] ?? { text: piece });
  flow.paragraph([{ text: `${runText('run.compareReport.howToReadTitle')} `, bold: true }, ...runs], 10);
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
    const label: Span = { text: `${runText(change.kind === 'added' ? 'run.compareReport.added' : 'run.compareReport.removed')} `, bold: true, color };
    flow.paragraph([label, { text: words.join(' '), color }], 10.5, 4);
  }
  if (listed < total) flow.paragraph([{ text: runText('run.compareReport.moreWords', { count: total - listed }), color: GREY }], 10);
}

/** One changed page's section: heading, figures, overlay picture and word changes. */
export function writePage(flow: ReportFlow, page: PageComparison): void {
  // A section starts on a fresh page when its heading and a useful part of the picture would not fit.
  if (flow.room < 300) flow.newPage();
  const heading = page.presence === 'added' ? 'run.compareReport.pageOnlyNewer' : page.presence === 'removed' ? 'run.compareReport.pageOnlyOlder' : 'run.compareReport.page';
  flow.paragraph([{ text: runText(heading, { page: page.number }), bold: true }], 16, 6);
  const facts: string[] = [];
  if (page.presence === 'added') facts.push(runText('run.compareReport.pageAdded', { count: page.wordsAdded }));
  else if (page.presence === 'removed') facts.push(runText('run.compareReport.pageRemoved', { count: page.wordsRemoved }));
  else {
    facts.push(
      page.changes.length > 0
        ? runText('run.compareReport.textChanged', { added: page.wordsAdded, removed: page.wordsRemoved })
        : runText('run.compareReport.textSame'),
    );
    facts.push(page.changedPixels > 0 ? runText('run.compareReport.lookChanged', { share: changedShare(page) }) : runText('run.compareReport.lookSame'));
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
  doc.setTitle(runText('run.compareReport.documentTitle', { older: summary.olderName, newer: summary.newerName }));
}
