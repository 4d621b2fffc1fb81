/**
 * The one loop over a PDF's pages with pdf.js, shared by the processors that
 * render or read every page (PDF to JPG, Excel, PowerPoint, Word, text,
 * translator). It owns what each of them used to repeat: opening the file
 * with the project's error messages, freeing the document whatever happens,
 * stopping at the next page after a cancel, reporting progress per page and
 * releasing each page's parsed resources once it has been used.
 */
import type { ProcessorContext } from '../../contract/types';
import { throwIfAborted } from '../errors';
import { damagedPdfError } from './damage';
import { openPdfjs, type PDFDocumentProxy, type PDFPageProxy } from './pdfjs';

export type { PDFDocumentProxy, PDFPageProxy };

/** What the loop needs of a run: its cancel signal and its progress report. */
export type PageLoopContext = Pick<ProcessorContext, 'signal' | 'onProgress'>;

/**
 * Opens a PDF with pdf.js for the time `use` runs and destroys it afterwards,
 * also when `use` throws or the run is cancelled. Throws the project's
 * ToolError for a non-PDF, damaged or password-protected file, also when the
 * damage shows only once a page is read (a broken page tree, a corrupt stream).
 */
export async function withPdfjs<T>(input: { bytes: Uint8Array; name: string }, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const pdf = await openPdfjs(input.bytes, input.name);
  try {
    return await use(pdf.doc);
  } catch (error) {
    throw damagedPdfError(input.name, error) ?? error;
  } finally {
    await pdf.destroy();
  }
}

/** Every page number of a document, 1-based. */
export function allPageNumbers(doc: PDFDocumentProxy): number[] {
  return Array.from({ length: doc.numPages }, (_, i) => i + 1);
}

/**
 * Visits `pages` (1-based numbers, in the order given; default every page)
 * one at a time and returns what `visit` returns for each. Reports progress
 * as pages done of pages chosen, starting at 0; checks the signal before each
 * page, so a cancel stops the loop before the next page is parsed; cleans each
 * page up after its visit so a long document does not keep every page's fonts
 * and operator lists in memory.
 */
export async function mapPages<T>(
  doc: PDFDocumentProxy,
  ctx: PageLoopContext,
  visit: (page: PDFPageProxy, index: number) => Promise<T>,
  pages: readonly number[] = allPageNumbers(doc),
): Promise<T[]> {
  const results: T[] = [];
  ctx.onProgress(0, pages.length);
  for (const [index, pageNumber] of pages.entries()) {
    throwIfAborted(ctx.signal);
    const page = await doc.getPage(pageNumber);
    try {
      results.push(await visit(page, index));
    } finally {
      page.cleanup();
    }
    ctx.onProgress(index + 1, pages.length);
  }
  return results;
}

/** Opens the PDF, visits every page with `visit` and frees the document: the whole loop of a page-by-page processor. */
export function mapPdfPages<T>(
  input: { bytes: Uint8Array; name: string },
  ctx: PageLoopContext,
  visit: (page: PDFPageProxy, index: number) => Promise<T>,
): Promise<T[]> {
  return withPdfjs(input, (doc) => mapPages(doc, ctx, visit));
}
