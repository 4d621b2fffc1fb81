/**
 * The page loop of the PDF tools that read scanned pages with OCR (OCR PDF,
 * Extract Text from PDF, PDF to Word): like lib/pdf/page-loop's mapPages,
 * but up to ocrWorkerCount() pages are visited at once, so while one page is
 * read by a tesseract worker the next is drawn and read by another
 * (./threads.ts: every core where the page is cross-origin isolated, else
 * one page at a time as before). Results come back in page order whatever
 * order the pages finish in; progress counts hundredths of a page summed
 * over the pages under way, so the bar never goes back; a cancel stops the
 * pages being read and starts no other.
 */
import { CancelledError, throwIfAborted } from '../errors';
import type { PageLoopContext, PDFDocumentProxy, PDFPageProxy } from '../pdf/page-loop';
import { ocrWorkerCount } from './threads';

/** Steps of progress per page, so a page read by OCR moves the bar while it is read. */
const STEPS = 100;

/** What a visit gets for the OCR of its page: progress of this page (done of total), and the loop's signal. */
export interface PageOcrContext {
  onProgress(done: number, total: number): void;
  signal: AbortSignal;
}

/**
 * Visits every page of `doc`, `concurrency` at a time, and returns what
 * `visit` returns for each, in page order. Stops at the first failure or
 * cancel (pages under way are stopped through the visit's signal, each page
 * is cleaned up after its visit) and throws it.
 */
export async function mapOcrPages<T, Page extends { cleanup(): unknown } = PDFPageProxy>(
  doc: Pick<PDFDocumentProxy, 'numPages'> & { getPage(pageNumber: number): Promise<Page> },
  ctx: PageLoopContext,
  visit: (page: Page, index: number, ocr: PageOcrContext) => Promise<T>,
  concurrency: number = ocrWorkerCount(doc.numPages),
): Promise<T[]> {
  throwIfAborted(ctx.signal);
  const count = doc.numPages;
  const results: T[] = new Array<T>(count);
  const steps = new Array<number>(count).fill(0);
  let reported = 0;
  const report = () => {
    const sum = steps.reduce((a, b) => a + b, 0);
    if (sum <= reported || ctx.signal.aborted) return;
    reported = sum;
    ctx.onProgress(sum, count * STEPS);
  };
  // One signal for the pages under way: the run's cancel, or the first page that fails.
  const stop = new AbortController();
  const onCancel = () => stop.abort();
  ctx.signal.addEventListener('abort', onCancel, { once: true });
  let failure: { error: unknown } | undefined;
  let next = 0;
  const lane = async () => {
    while (!stop.signal.aborted && next < count) {
      const index = next++;
      const onProgress = (done: number, total: number) => {
        if (total <= 0) return;
        // A page's share stops short of whole until its visit returns.
        steps[index] = Math.max(steps[index], Math.min(STEPS - 1, Math.round((done / total) * STEPS)));
        report();
      };
      let page: Page | undefined;
      try {
        page = await doc.getPage(index + 1);
        results[index] = await visit(page, index, { onProgress, signal: stop.signal });
        steps[index] = STEPS;
        report();
      } catch (error) {
        failure ??= { error };
        stop.abort();
      } finally {
        page?.cleanup();
      }
    }
  };
  try {
    ctx.onProgress(0, count * STEPS);
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, lane));
  } finally {
    ctx.signal.removeEventListener('abort', onCancel);
  }
  // A cancel is reported as one, even where a page under way failed on its way out.
  if (ctx.signal.aborted) throw new CancelledError();
  if (failure) throw failure.error;
  return results;
}
