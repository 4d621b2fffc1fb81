/**
 * Rendering one pdf.js page to a JPEG on a canvas, for the processors that
 * turn pages into pictures (PDF to JPG, the slide pictures of PDF to
 * PowerPoint). The canvas comes from a backend, so the browser uses
 * OffscreenCanvas and Node tests use @napi-rs/canvas.
 */
import { ToolError } from '../errors';
import { MAX_AREA, MAX_SIDE } from '../image/limits';
import type { PDFPageProxy } from './pdfjs';
import { runText } from '../i18n/run-messages';

/** A canvas pdf.js can draw on: OffscreenCanvas in the browser, @napi-rs/canvas in Node tests. */
export interface RasterCanvas {
  width: number;
  height: number;
}

/** Creates canvases and encodes them, so rendering does not depend on one canvas implementation. */
export interface RasterBackend {
  create(width: number, height: number): RasterCanvas;
  /** quality is 0..1. */
  toJpeg(canvas: RasterCanvas, quality: number): Promise<Uint8Array>;
}

/** The browser's OffscreenCanvas, available in workers. */
export const offscreenBackend: RasterBackend = {
  create: (width, height) => new OffscreenCanvas(width, height),
  async toJpeg(canvas, quality) {
    const blob = await (canvas as OffscreenCanvas).convertToBlob({ type: 'image/jpeg', quality });
    if (blob.type !== 'image/jpeg') throw new ToolError(runText('run.image.cannotWrite', { type: 'JPEG' }));
    return new Uint8Array(await blob.arrayBuffer());
  },
};

/** Pixel size of a page at a DPI (pdf.js applies the page's /Rotate). */
export function pagePixelSize(page: PDFPageProxy, dpi: number): { width: number; height: number } {
  const viewport = page.getViewport({ scale: dpi / 72 });
  return { width: Math.max(1, Math.round(viewport.width)), height: Math.max(1, Math.round(viewport.height)) };
}

/** Throws a ToolError naming the page when it is larger than a browser canvas can hold at this DPI. */
export function assertPageFits(page: PDFPageProxy, dpi: number): void {
  const { width, height } = pagePixelSize(page, dpi);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_AREA) {
    const values = { page: page.pageNumber, width, height, dpi, side: MAX_SIDE };
    throw new ToolError(runText(dpi > 72 ? 'run.render.pageTooLargeLowerDpi' : 'run.render.pageTooLarge', values));
  }
}

export interface RenderOptions {
  dpi: number;
  /** 0..1 */
  quality: number;
  backend: RasterBackend;
  /** Operator-list indices to draw; the rest are skipped (used to leave text out). */
  operationsFilter?: (index: number) => boolean;
}

/** Renders one page on a white background and encodes it as JPEG; the canvas is released afterwards. */
export async function renderPageToJpeg(page: PDFPageProxy, options: RenderOptions): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  assertPageFits(page, options.dpi);
  const { width, height } = pagePixelSize(page, options.dpi);
  const viewport = page.getViewport({ scale: options.dpi / 72 });
  const canvas = options.backend.create(width, height);
  try {
    await page.render({
      canvas: canvas as HTMLCanvasElement,
      viewport,
      background: 'rgb(255,255,255)',
      operationsFilter: options.operationsFilter,
    }).promise;
    return { bytes: await options.backend.toJpeg(canvas, options.quality), width, height };
  } finally {
    // Shrinking the canvas frees its pixels now rather than at garbage collection.
    canvas.width = 0;
    canvas.height = 0;
  }
}
