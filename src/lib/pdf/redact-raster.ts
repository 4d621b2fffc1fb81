/**
 * The picture a redacted page becomes: pdf.js draws the page (content,
 * images, annotation and form appearances) on a canvas, the black boxes are
 * painted over the pixels, and the result is encoded as JPEG. Whatever was
 * under a box, text, image or vector art, is then only black pixels.
 */
import { MAX_AREA, MAX_SIDE } from '../image/limits';
import type { Rect } from './redact-geometry';
import { loadPdfjs, type PDFPageProxy } from './pdfjs';
import type { RasterBackend } from './render';

/** Sharp enough that small print stays readable once the page is a picture. */
export const REDACT_DPI = 200;
const JPEG_QUALITY = 0.9;

/** The highest DPI up to `wanted` at which the page fits a browser canvas. */
export function fittingDpi(page: PDFPageProxy, wanted: number): number {
  const { width, height } = page.getViewport({ scale: 1 });
  const inches = { w: width / 72, h: height / 72 };
  const limit = Math.min(MAX_SIDE / inches.w, MAX_SIDE / inches.h, Math.sqrt(MAX_AREA / (inches.w * inches.h)));
  return Math.max(1, Math.min(wanted, Math.floor(limit)));
}

interface Context2d {
  fillStyle: string;
  fillRect(x: number, y: number, width: number, height: number): void;
}

/** Renders the page at `dpi` with `boxes` (display points) painted black; returns the JPEG and its pixel size. */
export async function renderRedactedPage(
  page: PDFPageProxy,
  boxes: readonly Rect[],
  backend: RasterBackend,
  dpi = REDACT_DPI,
): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  const { AnnotationMode } = await loadPdfjs();
  const scale = fittingDpi(page, dpi) / 72;
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = backend.create(width, height);
  try {
    // ENABLE draws every annotation's appearance, form fields included: they are flattened with the page.
    await page.render({ canvas: canvas as HTMLCanvasElement, viewport, background: 'rgb(255,255,255)', annotationMode: AnnotationMode.ENABLE }).promise;
    const context = (canvas as unknown as { getContext(kind: '2d'): Context2d }).getContext('2d');
    context.fillStyle = '#000000';
    for (const box of boxes) {
      // Whole pixels outward, so a box never leaves a half-covered edge of a glyph.
      const x0 = Math.floor(box.x * scale);
      const y0 = Math.floor(box.y * scale);
      context.fillRect(x0, y0, Math.ceil((box.x + box.width) * scale) - x0, Math.ceil((box.y + box.height) * scale) - y0);
    }
    return { jpeg: await backend.toJpeg(canvas, JPEG_QUALITY), width, height };
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}
