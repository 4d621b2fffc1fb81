/**
 * PDF to PowerPoint: one slide per page. Each slide shows the page rendered
 * as a picture with its visible text left out, and that text placed on top
 * as editable text boxes at the same positions. Where the text is an
 * invisible OCR layer over a scan, the boxes stay transparent (the scan
 * already shows the words) so the slide remains searchable.
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
import { ToolError } from '../lib/errors';
import { bytesToBase64 } from '../lib/base64';
import { MAX_AREA, MAX_SIDE } from '../lib/image/limits';
import { mapPages, withPdfjs } from '../lib/pdf/page-loop';
import { pageFontNames, pageTextItems, textOperations, type PDFPageProxy } from '../lib/pdf/pdfjs';
import { offscreenBackend, renderPageToJpeg, type RasterBackend } from '../lib/pdf/render';
import { fontStyle, groupLines, lineSegments } from '../lib/pdf/text-layout';

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

/** Adds one page as a slide: the picture without its text, then the text lines as boxes. */
async function addPageSlide(pptx: PptxGenJS, page: PDFPageProxy, slide: { width: number; height: number }, backend: RasterBackend) {
  const viewport = page.getViewport({ scale: 1 });
  const scale = Math.min(slide.width / (viewport.width / 72), slide.height / (viewport.height / 72)) / 72; // inches per point
  const offsetX = (slide.width - viewport.width * scale) / 2;
  const offsetY = (slide.height - viewport.height * scale) / 2;
  const { visibleText, invisibleTextCount } = await textOperations(page);
  const lines = groupLines(await pageTextItems(page));
  const fonts = lines.length > 0 ? await pageFontNames(page) : new Map<string, string>();
  const image = await renderPageToJpeg(page, {
    dpi: fittingDpi(viewport.width, viewport.height),
    quality: 0.85,
    backend,
    operationsFilter: (i) => !visibleText.has(i),
  });
  const target = pptx.addSlide();
  target.addImage({ data: `data:image/jpeg;base64,${bytesToBase64(image.bytes)}`, x: offsetX, y: offsetY, w: viewport.width * scale, h: viewport.height * scale });
  const hidden = visibleText.size === 0 && invisibleTextCount > 0;
  for (const line of lines) {
    const [vx, vy] = viewport.convertToViewportPoint(line.x, line.y) as [number, number];
    const runs = lineSegments(line.fragments).map((seg) => {
      const name = fonts.get(seg.fragment.fontName) ?? '';
      return { text: seg.text, options: { ...fontStyle(name), fontFace: fontFace(name), fontSize: Math.max(1, seg.fragment.size * scale * 72) } };
    });
    target.addText(runs, {
      x: offsetX + vx * scale,
      // The box's top is the text's ascent above the baseline.
      y: offsetY + (vy - line.size * 0.9) * scale,
      w: Math.max(0.1, (line.right - line.x) * scale * 1.08 + 0.05),
      h: line.size * 1.2 * scale,
      margin: 0,
      valign: 'top',
      wrap: false,
      fit: 'none',
      color: '000000',
      transparency: hidden ? 100 : 0,
    });
  }
}

/** The processor with a chosen canvas backend (tests pass one built on @napi-rs/canvas). */
export async function convertPdfToPowerpoint(inputs: ToolInput[], ctx: ProcessorContext, backend: RasterBackend = offscreenBackend): Promise<ToolOutput[]> {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to convert.');
  return withPdfjs(input, async (doc) => {
    const first = (await doc.getPage(1)).getViewport({ scale: 1 });
    const slide = slideSize(first.width, first.height);
    const pptx = new PptxGenJS();
    pptx.defineLayout({ name: 'PDF', width: slide.width, height: slide.height });
    pptx.layout = 'PDF';
    const slides = await mapPages(doc, ctx, (page) => addPageSlide(pptx, page, slide, backend));
    const bytes = (await pptx.write({ outputType: 'uint8array', compression: true })) as Uint8Array;
    return [{ bytes, type: PPTX_TYPE, meta: { pageCount: slides.length } }];
  });
}

export default defineProcessor(options, (inputs, _options, ctx) => convertPdfToPowerpoint(inputs, ctx));
