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
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
}

/** Lighter than this (0..255 luma) is paper, not ink. */
const INK = 200;

/**
 * A match's box grown to the glyphs as drawn. The box comes from the text's
 * advance widths, shared out by estimate; a glyph can reach past it (a
 * different font, an italic overhang, wide kerning). Every ink pixel joined to
 * ink inside the box, within half the box's height on either side, is taken
 * in, so no edge of a glyph stays visible. In pixels of the canvas.
 */
export function growToInk(context: Context2d, canvasWidth: number, canvasHeight: number, box: { x0: number; y0: number; x1: number; y1: number }) {
  const reach = Math.ceil((box.y1 - box.y0) / 2);
  const bx0 = Math.max(0, box.x0 - reach);
  const by0 = Math.max(0, box.y0 - Math.ceil(reach / 2));
  const bx1 = Math.min(canvasWidth, box.x1 + reach);
  const by1 = Math.min(canvasHeight, box.y1 + Math.ceil(reach / 2));
  const w = bx1 - bx0;
  const h = by1 - by0;
  if (w <= 0 || h <= 0) return box;
  const { data } = context.getImageData(bx0, by0, w, h);
  const ink = (i: number) => (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3 < INK;
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let y = Math.max(box.y0, by0); y < Math.min(box.y1, by1); y++) {
    for (let x = Math.max(box.x0, bx0); x < Math.min(box.x1, bx1); x++) {
      const i = (y - by0) * w + (x - bx0);
      if (ink(i)) {
        seen[i] = 1;
        stack.push(i);
      }
    }
  }
  let { x0, y0, x1, y1 } = box;
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    const y = (i - x) / w;
    x0 = Math.min(x0, bx0 + x);
    x1 = Math.max(x1, bx0 + x + 1);
    y0 = Math.min(y0, by0 + y);
    y1 = Math.max(y1, by0 + y + 1);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (!seen[j] && ink(j)) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  // One more pixel all round: anti-aliased edges are lighter than ink but still show the shape.
  return { x0: Math.max(0, x0 - 1), y0: Math.max(0, y0 - 1), x1: Math.min(canvasWidth, x1 + 1), y1: Math.min(canvasHeight, y1 + 1) };
}

/**
 * Renders the page at `dpi` with the `areas` and `matches` (display points)
 * painted black, each match first grown to the ink of its glyphs. Returns the
 * JPEG, its pixel size and the boxes as painted, in display points.
 */
export async function renderRedactedPage(
  page: PDFPageProxy,
  areas: readonly Rect[],
  matches: readonly Rect[],
  backend: RasterBackend,
  dpi = REDACT_DPI,
): Promise<{ jpeg: Uint8Array; width: number; height: number; boxes: Rect[] }> {
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
    // Whole pixels outward, so a box never leaves a half-covered edge of a glyph.
    const inPixels = (box: Rect) => ({
      x0: Math.max(0, Math.floor(box.x * scale)),
      y0: Math.max(0, Math.floor(box.y * scale)),
      x1: Math.min(width, Math.ceil((box.x + box.width) * scale)),
      y1: Math.min(height, Math.ceil((box.y + box.height) * scale)),
    });
    // Every match is measured on the page as drawn, before any box is painted over its neighbours.
    const painted = [...areas.map(inPixels), ...matches.map((box) => growToInk(context, width, height, inPixels(box)))];
    context.fillStyle = '#000000';
    for (const box of painted) context.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
    const boxes = painted.map((b) => ({ x: b.x0 / scale, y: b.y0 / scale, width: (b.x1 - b.x0) / scale, height: (b.y1 - b.y0) / scale }));
    return { jpeg: await backend.toJpeg(canvas, JPEG_QUALITY), width, height, boxes };
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}
