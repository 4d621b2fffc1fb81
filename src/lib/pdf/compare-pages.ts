/**
 * Reading one page of each version for Compare PDFs: its words in reading
 * order (pdf.js text, grouped into lines as the text converters do) and its
 * picture as RGBA, both pages of a pair drawn at the same scale so their
 * pixels line up. One pair is held at a time.
 */
import { canvasRaster } from '../image/io';
import type { RasterImage } from '../image/types';
import { splitWords } from '../diff-words';
import { pageTextItems, type PDFPageProxy } from './pdfjs';
import { groupLines } from './text-layout';

/** Pages are drawn at this resolution, enough to see a changed word. */
export const COMPARE_DPI = 100;

/** The longer side of a drawn page is kept to this many pixels, so a poster-sized page does not exhaust memory. */
export const MAX_RENDER_SIDE = 2000;

/** The words of a page, top to bottom and left to right. */
export async function pageWords(page: PDFPageProxy): Promise<string[]> {
  const lines = groupLines(await pageTextItems(page));
  return splitWords(lines.map((line) => line.text).join('\n'));
}

/** The scale (pixels per point) at which both pages of a pair are drawn: COMPARE_DPI, less for very large pages. */
export function pairScale(pages: readonly PDFPageProxy[]): number {
  const longest = Math.max(
    1,
    ...pages.map((page) => {
      const { width, height } = page.getViewport({ scale: 1 });
      return Math.max(width, height);
    }),
  );
  return Math.min(COMPARE_DPI / 72, MAX_RENDER_SIDE / longest);
}

/** Draws a page on white at `scale` and reads its pixels back; the canvas is released at once. */
export async function renderPageRaster(page: PDFPageProxy, scale: number): Promise<RasterImage> {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = new OffscreenCanvas(width, height);
  try {
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: 'rgb(255,255,255)' }).promise;
    return canvasRaster(canvas);
  } finally {
    // Shrinking the canvas frees its pixels now rather than at garbage collection.
    canvas.width = 0;
    canvas.height = 0;
  }
}
