/**
 * PDF to JPG: renders each page (or the chosen pages) with pdf.js and writes
 * one JPEG per page.
 *
 * Options (manifests/pdf/pdf-to-jpg.json):
 * - dpi: "72" | "150" | "300" (default "150"); pixels per inch of the page.
 * - quality: 10..100 (default 85); JPEG quality in percent.
 * - pages: optional page list such as "1-3, 5"; blank means every page.
 * Each output carries vars {page} (the page number in the PDF).
 */
import type { Processor, ProcessorContext, ToolInput, ToolOutput } from '../engine/types';
import type { OptionValues } from '../../schemas/manifest';
import { throwIfAborted, ToolError } from '../lib/errors';
import { MAX_AREA, MAX_SIDE } from '../lib/image/limits';
import { openPdfjs, type PDFPageProxy } from '../lib/pdf/pdfjs';

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
    if (blob.type !== 'image/jpeg') throw new ToolError('This browser cannot write JPEG images.');
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
    const advice = dpi > 72 ? 'Please choose a lower DPI.' : 'It is too large to convert in the browser.';
    throw new ToolError(
      `Page ${page.pageNumber} would be ${width} x ${height} pixels at ${dpi} DPI, more than a browser canvas can hold ` +
        `(at most ${MAX_SIDE} pixels a side). ${advice}`,
    );
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
    page.cleanup();
  }
}

/** Page numbers from a list like "1-3, 5" (blank means all), checked against the page count. */
export function parsePageList(text: string, pageCount: number): number[] {
  if (text.trim() === '') return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const start = m ? Number(m[1]) : NaN;
    const end = m?.[2] ? Number(m[2]) : start;
    if (!m || start < 1 || end < start) {
      throw new ToolError(`The page list "${text.trim()}" is not valid. Use page numbers and ranges such as 1-3, 5.`);
    }
    if (end > pageCount) throw new ToolError(`This PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}, so page ${end} does not exist.`);
    for (let p = start; p <= end; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

function readDpi(value: unknown): number {
  const dpi = Number(value ?? 150);
  return Number.isFinite(dpi) && dpi >= 36 && dpi <= 600 ? dpi : 150;
}

function readQuality(value: unknown): number {
  const q = Number(value ?? 85);
  return Number.isFinite(q) ? Math.min(100, Math.max(10, q)) / 100 : 0.85;
}

/** The processor with a chosen canvas backend (tests pass one built on @napi-rs/canvas). */
export async function convertPdfToJpg(
  inputs: ToolInput[],
  options: OptionValues,
  ctx: ProcessorContext,
  backend: RasterBackend = offscreenBackend,
): Promise<ToolOutput[]> {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to convert.');
  const dpi = readDpi(options.dpi);
  const quality = readQuality(options.quality);
  const pdf = await openPdfjs(input.bytes, input.name);
  try {
    const pageNumbers = parsePageList(typeof options.pages === 'string' ? options.pages : '', pdf.doc.numPages);
    // Every chosen page is checked before any is drawn, so an oversized page fails fast.
    for (const n of pageNumbers) assertPageFits(await pdf.doc.getPage(n), dpi);
    const outputs: ToolOutput[] = [];
    ctx.onProgress(0, pageNumbers.length);
    for (const [i, n] of pageNumbers.entries()) {
      throwIfAborted(ctx.signal);
      const image = await renderPageToJpeg(await pdf.doc.getPage(n), { dpi, quality, backend });
      outputs.push({ bytes: image.bytes, type: 'image/jpeg', vars: { page: n }, meta: { page: n, width: image.width, height: image.height } });
      ctx.onProgress(i + 1, pageNumbers.length);
    }
    return outputs;
  } finally {
    await pdf.destroy();
  }
}

const pdfToJpg: Processor = (inputs, options, ctx) => convertPdfToJpg(inputs, options, ctx);
export default pdfToJpg;
