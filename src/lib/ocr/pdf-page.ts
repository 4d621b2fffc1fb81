/**
 * OCR of one PDF page: the page is drawn by pdf.js on a canvas (with its
 * rotation and crop box applied) and the picture is read by the OCR engine.
 * The result carries a mapping from the picture's pixels back to the page's
 * own coordinates, so a text layer can be placed where the words are.
 */
import type { PageViewport } from 'pdfjs-dist';
import { ToolError } from '../errors';
import { canvasRaster } from '../image/io';
import type { RasterImage } from '../image/types';
import type { PDFPageProxy } from '../pdf/pdfjs';
import type { OcrLanguage } from './languages';
import { recognize, type OcrResult } from './recognize';
import { runText } from '../i18n/run-messages';

/** Scans are usually made at 200 to 300 DPI; drawing at 300 keeps small print legible to the engine. */
export const OCR_DPI = 300;
/** A page larger than A3 is drawn at a lower DPI so the picture stays near this many pixels (memory, time). */
const MAX_PIXELS = 18_000_000;

export interface PageOcr extends OcrResult {
  /** Maps a pixel of the drawn picture (x right, y down) to the page's PDF user space. */
  toPdf(x: number, y: number): [number, number];
}

/** The DPI a page is read at: OCR_DPI unless the page is very large. */
export function ocrDpi(widthPt: number, heightPt: number): number {
  const pixels = (widthPt * heightPt * OCR_DPI * OCR_DPI) / (72 * 72);
  return pixels <= MAX_PIXELS ? OCR_DPI : Math.floor(OCR_DPI * Math.sqrt(MAX_PIXELS / pixels));
}

/** Draws the page on white at the DPI and returns its pixels; the canvas is released afterwards. */
async function renderPage(page: PDFPageProxy, viewport: PageViewport): Promise<RasterImage> {
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  try {
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new ToolError(runText('run.ocr.cannotDraw'));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: 'rgb(255,255,255)' }).promise;
    return canvasRaster(canvas);
  } finally {
    // Shrinking the canvas frees its pixels now rather than at garbage collection.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** Draws a page and reads its text; onProgress gets done/total in percent of this page; a cancel through `signal` stops the reading. */
export async function ocrPdfPage(
  page: PDFPageProxy,
  lang: OcrLanguage = 'eng',
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<PageOcr> {
  const base = page.getViewport({ scale: 1 });
  const dpi = ocrDpi(base.width, base.height);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const result = await recognize(await renderPage(page, viewport), lang, onProgress, { whitenPaper: true }, signal);
  return {
    ...result,
    toPdf: (x, y) => {
      const [px, py] = viewport.convertToPdfPoint(x, y) as [number, number];
      return [px, py];
    },
  };
}
