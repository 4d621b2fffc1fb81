/**
 * PDF to PowerPoint: one slide per page. Each page is rendered once; that
 * render paints the slide's picture and hands over each run of text it
 * leaves out, which becomes an editable text box at the same place, size,
 * angle and colour (lib/pdf/text-runs-render.ts). Text that stays in the
 * picture (Type3 glyphs, clipping text) or that the page does not show (an
 * invisible OCR layer over a scan) gets transparent boxes, so every word is
 * searchable and none is shown twice.
 *
 * A presentation has one slide size, so it is taken from the first page;
 * other pages are scaled to fit, centred.
 *
 * Meta: pageCount.
 */
import PptxGenJS from 'pptxgenjs';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ProcessorContext, ToolInput, ToolOutput } from '../contract/types';
import { isToolError, ToolError } from '../lib/errors';
import { bytesToBase64 } from '../lib/base64';
import { MAX_AREA, MAX_SIDE } from '../lib/image/limits';
import { damagedPdfMessage } from '../lib/pdf/messages';
import { mapPages, withPdfjs } from '../lib/pdf/page-loop';
import type { PDFPageProxy } from '../lib/pdf/pdfjs';
import { offscreenBackend, type RasterBackend } from '../lib/pdf/render';
import { fontStyle } from '../lib/pdf/text-layout';
import { groupRuns, type RunLine } from '../lib/pdf/text-runs-lines';
import { renderPageWithTextRuns } from '../lib/pdf/text-runs-render';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** No options: manifests/pdf/pdf-to-powerpoint.json declares none. */
export const options = z.object({});

export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** PowerPoint accepts slide sides from 1 to 56 inches. */
const MIN_SLIDE_IN = 1;
const MAX_SLIDE_IN = 56;
const RENDER_DPI = 150;

/** Slide size in inches for a page size in points, kept within PowerPoint's limits at the page's aspect ratio. */
export function slideSize(widthPt: number, heightPt: number): { width: number; height: number } {
  let width = widthPt / 72;
  let height = heightPt / 72;
  const shrink = Math.min(1, MAX_SLIDE_IN / Math.max(width, height));
  width *= shrink;
  height *= shrink;
  const grow = Math.max(1, MIN_SLIDE_IN / Math.min(width, height));
  return { width: Math.min(MAX_SLIDE_IN, width * grow), height: Math.min(MAX_SLIDE_IN, height * grow) };
}

/** A DPI at which the page fits a browser canvas: 150 unless the page is very large. */
function fittingDpi(widthPt: number, heightPt: number): number {
  const bySide = (MAX_SIDE * 72) / Math.max(widthPt, heightPt);
  const byArea = Math.sqrt(MAX_AREA / (widthPt * heightPt)) * 72;
  return Math.min(RENDER_DPI, Math.floor(Math.min(bySide, byArea)));
}

function fontFace(name: string): string {
  if (/courier|mono/i.test(name)) return 'Courier New';
  if (/times|serif|georgia|garamond/i.test(name) && !/sans/i.test(name)) return 'Times New Roman';
  return 'Arial';
}

/** Adds one page as a slide: the picture without the text it hands over, then that text as boxes, all from one render. */
async function addPageSlide(pptx: PptxGenJS, page: PDFPageProxy, slide: { width: number; height: number }, backend: RasterBackend) {
  const viewport = page.getViewport({ scale: 1 });
  const scale = Math.min(slide.width / (viewport.width / 72), slide.height / (viewport.height / 72)) / 72; // inches per point
  const offsetX = (slide.width - viewport.width * scale) / 2;
  const offsetY = (slide.height - viewport.height * scale) / 2;
  const dpi = fittingDpi(viewport.width, viewport.height);
  const image = await renderPageWithTextRuns(page, { dpi, quality: 0.85, backend });
  const target = pptx.addSlide();
  target.addImage({ data: `data:image/jpeg;base64,${bytesToBase64(image.bytes)}`, x: offsetX, y: offsetY, w: viewport.width * scale, h: viewport.height * scale });
  const inches = (px: number) => (px * 72 * scale) / dpi;
  for (const line of groupRuns(image.runs)) {
    const runs = line.pieces.map(({ text, run }) => ({
      text,
      options: {
        fontFace: fontFace(run.fontName),
        bold: run.bold || fontStyle(run.fontName).bold,
        italic: run.italic || fontStyle(run.fontName).italic,
        fontSize: Math.max(1, inches(run.size) * 72),
        color: run.color,
        // Text the picture still shows (or that is invisible on the page) stays searchable but is not drawn twice.
        transparency: run.painted ? 100 : Math.round((1 - run.opacity) * 100),
      },
    }));
    const box = textBox(line);
    target.addText(runs, {
      x: offsetX + inches(box.x),
      y: offsetY + inches(box.y),
      w: Math.max(0.1, inches(box.w)),
      h: Math.max(0.05, inches(box.h)),
      rotate: box.rotate,
      rtlMode: line.rtl,
      align: line.rtl ? 'right' : 'left',
      margin: 0,
      valign: 'top',
      wrap: false,
      fit: 'none',
    });
  }
}

/**
 * The unrotated box (picture pixels) and clockwise rotation (degrees) that put
 * a line's text on its baseline: the box's top is the ascent above the
 * baseline, and a slide rotates a box about its centre.
 */
export function textBox(line: Pick<RunLine, 'x' | 'y' | 'dx' | 'dy' | 'advance' | 'size' | 'rtl'>): { x: number; y: number; w: number; h: number; rotate: number } {
  // A little wider than the PDF's run, as the slide's font may set the text wider than the PDF's font.
  const w = line.advance * 1.08 + line.size * 0.3;
  const h = line.size * 1.2;
  const ascent = line.size * 0.9;
  // Right-to-left text is right-aligned in its box, so the extra width goes before the line's start.
  const lead = line.rtl ? w - line.advance : 0;
  const x = line.x - line.dx * lead;
  const y = line.y - line.dy * lead;
  // Centre: along the baseline by half the width, then from the baseline down the normal to the middle of the box.
  const nx = -line.dy;
  const ny = line.dx;
  const cx = x + line.dx * (w / 2) + nx * (h / 2 - ascent);
  const cy = y + line.dy * (w / 2) + ny * (h / 2 - ascent);
  const degrees = (Math.atan2(line.dy, line.dx) * 180) / Math.PI;
  const rotate = Math.abs(degrees) < 0.05 ? 0 : (degrees + 360) % 360;
  return { x: cx - w / 2, y: cy - h / 2, w, h, rotate };
}

/** A failure while drawing a page, as the visitor's message naming the page (a ToolError or a cancel passes through). */
function pageError(error: unknown, pageNumber: number, name: string): unknown {
  if (isToolError(error) || (error instanceof Error && error.name === 'CancelledError')) return error;
  return new ToolError(runText('processors.pdfToPowerpoint.pageDamaged', { page: pageNumber, name }));
}

/** The processor with a chosen canvas backend (tests pass one built on @napi-rs/canvas). */
export async function convertPdfToPowerpoint(inputs: ToolInput[], ctx: ProcessorContext, backend: RasterBackend = offscreenBackend): Promise<ToolOutput[]> {
  const input = firstInput(inputs);
  return withPdfjs(input, async (doc) => {
    const first = await doc.getPage(1).then(
      (page) => page.getViewport({ scale: 1 }),
      () => {
        throw new ToolError(damagedPdfMessage(input.name));
      },
    );
    const slide = slideSize(first.width, first.height);
    const pptx = new PptxGenJS();
    pptx.defineLayout({ name: 'PDF', width: slide.width, height: slide.height });
    pptx.layout = 'PDF';
    const slides = await mapPages(doc, ctx, (page) =>
      addPageSlide(pptx, page, slide, backend).catch((error: unknown) => {
        throw pageError(error, page.pageNumber, input.name);
      }),
    );
    const bytes = (await pptx.write({ outputType: 'uint8array', compression: true })) as Uint8Array;
    return [{ bytes, type: PPTX_TYPE, meta: { pageCount: slides.length } }];
  });
}

export default defineProcessor(options, (inputs, _options, ctx) => convertPdfToPowerpoint(inputs, ctx));
