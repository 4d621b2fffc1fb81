/**
 * Writes translated paragraphs into a PDF, two ways: over the original pages
 * (each paragraph covered by a white box and its translation set in the same
 * place, shrunk to fit), or as a clean reflowed document with one section
 * per original page.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { PdfFlow } from './layout';
import { headingLevel } from './text-layout';
import { baselineOf, fitText, roomyBoxes, type SourceParagraph } from './translate-layout';

/** One page of the original with its paragraphs and their translations (same length, same order). */
export interface PageWork {
  paragraphs: SourceParagraph[];
  translations: string[];
  /** The page's visible width and height in points, as it is shown (rotation applied). */
  size: [number, number];
  /** The page's visible area in user space: [x0, y0, x1, y1]. */
  view: number[];
}

/** Embeds a TrueType font as a subset, so only the glyphs used travel with the PDF. */
export async function embedSubset(doc: PDFDocument, fontBytes: Uint8Array): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(fontBytes, { subset: true });
}

/** A string's width at size 1, cached: layout measures the same words many times while shrinking. */
function widthMeter(font: PDFFont): (s: string) => number {
  const cache = new Map<string, number>();
  return (s) => {
    let width = cache.get(s);
    if (width === undefined) {
      width = font.widthOfTextAtSize(s, 1);
      if (cache.size < 50_000) cache.set(s, width);
    }
    return width;
  };
}

/**
 * Covers each original paragraph of page `index` with a white box and sets
 * its translation there. The page's own content is wrapped in a saved
 * graphics state first, so a transform it leaves behind cannot move ours.
 */
export function drawOverPage(doc: PDFDocument, index: number, work: PageWork, font: PDFFont): void {
  if (work.paragraphs.length === 0) return;
  const page = doc.getPage(index);
  page.translateContent(0, 0);
  const measure = widthMeter(font);
  const room = roomyBoxes(work.paragraphs, work.view);
  // All originals are covered before any translation is drawn, so no box hides a neighbour's text.
  for (const { box } of work.paragraphs) {
    page.drawRectangle({ x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2, color: rgb(1, 1, 1) });
  }
  work.paragraphs.forEach((paragraph, i) => {
    const box = room[i]!;
    const fitted = fitText(work.translations[i] ?? '', box, paragraph.size, measure);
    fitted.lines.forEach((line, n) => {
      page.drawText(line, { x: box.x, y: baselineOf(box, fitted, n), size: fitted.size, font, color: rgb(0, 0, 0) });
    });
  });
}

/** The size most of the document's text is set in, weighted by length. */
function bodySizeOf(pages: PageWork[]): number {
  const weighted = pages.flatMap((p) => p.paragraphs).map((p) => ({ size: p.size, weight: p.text.length }));
  weighted.sort((a, b) => a.size - b.size);
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  let seen = 0;
  for (const w of weighted) {
    seen += w.weight;
    if (seen * 2 >= total) return w.size;
  }
  return 0;
}

const SIZE_OF_LEVEL = { 0: 11, 1: 18, 2: 14 } as const;

/** A new document with the translations flowed in reading order, one section per page that has text. */
export async function reflowDocument(pages: PageWork[], fontBytes: Uint8Array, onPage: (n: number) => void): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await embedSubset(doc, fontBytes);
  const fonts = { regular: font, bold: font, italic: font, boldItalic: font };
  const body = bodySizeOf(pages);
  pages.forEach((work, n) => {
    // A fresh flow starts a fresh page, so each original page's text begins its own section.
    const flow = new PdfFlow(doc, fonts, { pageSize: work.size, margin: 56 });
    work.paragraphs.forEach((paragraph, i) => {
      const text = work.translations[i] ?? '';
      if (!text.trim()) return;
      const size = SIZE_OF_LEVEL[headingLevel(paragraph.size, body)];
      flow.paragraph([{ text }], { size, leading: 1.4, spaceAfter: size * 0.6 });
    });
    onPage(n + 1);
  });
  return doc;
}
