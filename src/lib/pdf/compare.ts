/**
 * Compare PDFs: the older and the newer version of a document, page by page.
 * Words come from pdf.js's text and are diffed per page; pictures are both
 * pages drawn at the same scale, one pair at a time, and compared pixel by
 * pixel. Page numbers past the end of the shorter file are reported as added
 * or removed pages. The result is a report PDF (compare-report.ts).
 */
import { PDFDocument } from 'pdf-lib';
import type { ProcessorContext } from '../../contract/types';
import { countWords, diffWords } from '../diff-words';
import { isToolError, throwIfAborted, ToolError } from '../errors';
import { embedFonts } from '../fonts/embed';
import { missingGlyphsWarning } from '../fonts/shaping';
import { encodeRaster } from '../image/io';
import { ReportFlow } from './compare-flow';
import { comparePixels } from './compare-pixels';
import { pageWords, pairScale, renderPageRaster } from './compare-pages';
import { noDifferencesMessage, totals, writeReport, type ComparisonSummary, type PageComparison } from './compare-report';
import { encryptedMessage } from './messages';
import { damagedPdfError } from './damage';
import { openPdfjs, type OpenedPdf, type PDFPageProxy } from './pdfjs';
import { runText } from '../i18n/run-messages';

/** Each file may have at most this many pages: two pages are drawn per page number. */
export const MAX_COMPARE_PAGES = 200;

export interface ComparedFile {
  name: string;
  bytes: Uint8Array;
}

export interface Comparison {
  report: Uint8Array;
  summary: ComparisonSummary;
  wordsAdded: number;
  wordsRemoved: number;
  changedPages: number[];
  /** A sentence for the visitor: that nothing differs, or that some characters could not be printed. */
  notice?: string;
  noticeTone?: 'info' | 'warning';
}

export function tooManyPagesMessage(name: string, pages: number): string {
  return runText('run.compare.tooManyPages', { name, pages, max: MAX_COMPARE_PAGES });
}

/** Opens one file with pdf.js; the password message names the file, since two are open. */
async function open(file: ComparedFile): Promise<OpenedPdf> {
  try {
    const opened = await openPdfjs(file.bytes, file.name);
    if (opened.doc.numPages > MAX_COMPARE_PAGES) {
      await opened.destroy();
      throw new ToolError(tooManyPagesMessage(file.name, opened.doc.numPages));
    }
    return opened;
  } catch (error) {
    if (isToolError(error) && error.message === encryptedMessage()) {
      throw new ToolError(runText('run.compare.encrypted', { name: file.name }), error.link);
    }
    throw error;
  }
}

/**
 * Visits page `number` of a document when it has one, releasing the page's parsed resources afterwards.
 * Damage that shows only when a page is read (a broken page tree) is reported against the file it is in.
 */
async function withPage<T>(pdf: OpenedPdf, file: ComparedFile, number: number, use: (page: PDFPageProxy | undefined) => Promise<T>): Promise<T> {
  if (number > pdf.doc.numPages) return use(undefined);
  const page = await pdf.doc.getPage(number).catch((error: unknown) => {
    throw damagedPdfError(file.name, error) ?? error;
  });
  try {
    return await use(page);
  } finally {
    page.cleanup();
  }
}

/** Draws both pages and compares their pixels; the overlay is embedded in the report only when something differs. */
async function comparePictures(report: PDFDocument, older: PDFPageProxy, newer: PDFPageProxy): Promise<Pick<PageComparison, 'changedPixels' | 'totalPixels' | 'overlay'>> {
  const scale = pairScale([older, newer]);
  const olderPixels = await renderPageRaster(older, scale);
  const newerPixels = await renderPageRaster(newer, scale);
  const diff = comparePixels(olderPixels, newerPixels);
  if (diff.changedPixels === 0) return { changedPixels: 0, totalPixels: diff.totalPixels };
  // JPEG goes into the PDF as it is; a PNG would be decoded and compressed again by pdf-lib, the slowest step of a run.
  const overlay = await report.embedJpg(await encodeRaster(diff.overlay, 'jpeg'));
  return { changedPixels: diff.changedPixels, totalPixels: diff.totalPixels, overlay };
}

/** Compares the older and the newer file and writes the report. Progress counts page numbers. */
export async function comparePdfs(older: ComparedFile, newer: ComparedFile, ctx: Pick<ProcessorContext, 'signal' | 'onProgress'>): Promise<Comparison> {
  const olderPdf = await open(older);
  let newerPdf: OpenedPdf | undefined;
  try {
    newerPdf = await open(newer);
    const count = Math.max(olderPdf.doc.numPages, newerPdf.doc.numPages);
    // The words first, for every page, so the report embeds the fonts the changed words need.
    const words: { older: string[]; newer: string[] }[] = [];
    for (let number = 1; number <= count; number++) {
      throwIfAborted(ctx.signal);
      words.push({
        older: await withPage(olderPdf, older, number, async (page) => (page ? pageWords(page) : [])),
        newer: await withPage(newerPdf, newer, number, async (page) => (page ? pageWords(page) : [])),
      });
    }
    const changes = words.map((pair) => diffWords(pair.older, pair.newer));
    const report = await PDFDocument.create();
    report.setProducer('FileDesk');
    report.setCreator('FileDesk');
    const changedText = changes.flatMap((list) => list.map((change) => change.words.join(' ')));
    const fonts = await embedFonts(report, ['regular', 'bold'], [older.name, newer.name, ...changedText]);
    const summary: ComparisonSummary = { olderName: older.name, newerName: newer.name, olderPages: olderPdf.doc.numPages, newerPages: newerPdf.doc.numPages, pages: [] };
    ctx.onProgress(0, count);
    for (let number = 1; number <= count; number++) {
      throwIfAborted(ctx.signal);
      const pageChanges = changes[number - 1]!;
      const { added, removed } = countWords(pageChanges);
      const base = { number, changes: pageChanges, wordsAdded: added, wordsRemoved: removed, changedPixels: 0, totalPixels: 0 };
      const page: PageComparison = await withPage(olderPdf, older, number, (olderPage) =>
        withPage(newerPdf!, newer, number, async (newerPage) => {
          if (olderPage && newerPage) return { ...base, presence: 'both' as const, ...(await comparePictures(report, olderPage, newerPage)) };
          return { ...base, presence: olderPage ? ('removed' as const) : ('added' as const) };
        }),
      );
      summary.pages.push(page);
      ctx.onProgress(number, count);
    }
    const flow = new ReportFlow(report, fonts);
    writeReport(report, flow, summary);
    const bytes = await report.save({ useObjectStreams: true });
    const figures = totals(summary);
    const missing = missingGlyphsWarning(flow.missing);
    return {
      report: bytes,
      summary,
      ...figures,
      ...(missing ? { notice: missing, noticeTone: 'warning' as const } : figures.changedPages.length === 0 ? { notice: noDifferencesMessage(), noticeTone: 'info' as const } : {}),
    };
  } finally {
    await newerPdf?.destroy();
    await olderPdf.destroy();
  }
}
