import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { CancelledError, ToolError } from '../errors';
import { notPdfMessage } from './load';
import { mapPages, mapPdfPages, withPdfjs, type PDFDocumentProxy } from './page-loop';

/** Page n is (100 + n) points wide, so a visit can tell which page it got. */
async function pagesPdf(count: number): Promise<{ name: string; bytes: Uint8Array }> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= count; n++) doc.addPage([100 + n, 200]);
  return { name: 'pages.pdf', bytes: await doc.save() };
}

const widthOf = (page: { view: number[] }) => Math.round(page.view[2]! - page.view[0]!) - 100;

function context(progress: [number, number][] = [], signal = new AbortController().signal) {
  return { signal, onProgress: (done: number, total: number) => void progress.push([done, total]) };
}

/** A destroyed document refuses to hand out pages (pdf.js throws at once, so the call is wrapped). */
async function isDestroyed(doc: PDFDocumentProxy): Promise<boolean> {
  try {
    await (async () => doc.getPage(1))();
    return false;
  } catch {
    return true;
  }
}

describe('page loop', () => {
  it('visits every page in order, reports progress from 0, cleans each page up and frees the document', async () => {
    const progress: [number, number][] = [];
    const cleanups: MockInstance[] = [];
    let opened: PDFDocumentProxy | undefined;
    const widths = await withPdfjs(await pagesPdf(3), (doc) => {
      opened = doc;
      return mapPages(doc, context(progress), async (page, index) => {
        cleanups.push(vi.spyOn(page, 'cleanup'));
        expect(index).toBe(page.pageNumber - 1);
        return widthOf(page);
      });
    });
    expect(widths).toEqual([1, 2, 3]);
    expect(progress).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
    expect(cleanups.map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
    expect(await isDestroyed(opened!)).toBe(true);
  });

  it('visits only the chosen pages, in the order given, and counts progress over them', async () => {
    const progress: [number, number][] = [];
    const widths = await withPdfjs(await pagesPdf(5), (doc) => mapPages(doc, context(progress), async (page) => widthOf(page), [4, 2]));
    expect(widths).toEqual([4, 2]);
    expect(progress.at(-1)).toEqual([2, 2]);
  });

  it('stops before the next page once the run is cancelled, and still frees the document', async () => {
    const controller = new AbortController();
    const progress: [number, number][] = [];
    const visited: number[] = [];
    let opened: PDFDocumentProxy | undefined;
    const run = withPdfjs(await pagesPdf(4), (doc) => {
      opened = doc;
      return mapPages(doc, context(progress, controller.signal), async (page) => {
        visited.push(page.pageNumber);
        controller.abort();
      });
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(visited).toEqual([1]);
    expect(progress.at(-1)).toEqual([1, 4]);
    expect(await isDestroyed(opened!)).toBe(true);
  });

  it('passes a visit\'s error on after cleaning the page up and freeing the document', async () => {
    let opened: PDFDocumentProxy | undefined;
    let cleanup: MockInstance | undefined;
    const run = withPdfjs(await pagesPdf(2), (doc) => {
      opened = doc;
      return mapPages(doc, context(), async (page) => {
        cleanup = vi.spyOn(page, 'cleanup');
        throw new ToolError('Page 1 is not right.');
      });
    });
    await expect(run).rejects.toThrow('Page 1 is not right.');
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(await isDestroyed(opened!)).toBe(true);
  });

  it('opens, maps and closes in one call, with the project message for a file that is not a PDF', async () => {
    expect(await mapPdfPages(await pagesPdf(2), context(), async (page) => widthOf(page))).toEqual([1, 2]);
    const text = { name: 'notes.txt', bytes: new TextEncoder().encode('plain text') };
    await expect(mapPdfPages(text, context(), async () => 0)).rejects.toThrow(notPdfMessage('notes.txt'));
  });
});
