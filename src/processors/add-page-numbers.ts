/**
 * Add Page Numbers: writes a number on each page from a chosen page on, in a
 * corner or the middle of the top or bottom edge, inside the page's visible
 * box (the CropBox) and upright as a reader shows the page, whatever its
 * /Rotate. Helvetica, one of the standard PDF fonts, is used, so nothing is
 * embedded, unless the words of the page's language have characters it lacks
 * (Chinese, Japanese and other scripts): then the site's fonts are embedded.
 * Form fields and annotations are kept.
 */
import { rgb, StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { embedFonts } from '../lib/fonts/embed';
import { drawnWidth, inDisplaySpace } from '../lib/pdf/display-space';
import { loadPdf } from '../lib/pdf/load';
import { visibleBox } from '../lib/pdf/page-box';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';
import { runText, type RunMessageId } from '../lib/i18n/run-messages';

export const POSITIONS = ['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right'] as const;
export type Position = (typeof POSITIONS)[number];

/** How each format choice writes number n of total: its message, which reads {n} and {total}. */
export const FORMATS = {
  n: 'processors.addPageNumbers.format.n',
  'page-n': 'processors.addPageNumbers.format.pageN',
  'page-n-of-total': 'processors.addPageNumbers.format.pageNOfTotal',
  'n-slash-total': 'processors.addPageNumbers.format.nSlashTotal',
} as const satisfies Record<string, RunMessageId>;

const MM = 72 / 25.4;

/** The options of manifests/pdf/add-page-numbers.json. */
export const options = z.object({
  position: z.enum(POSITIONS),
  format: z.enum(Object.keys(FORMATS) as [keyof typeof FORMATS, ...(keyof typeof FORMATS)[]]),
  /** The first page (1-based) that gets a number; the pages before it keep none. */
  firstPage: z.number().int().min(1),
  /** The number written on that first page. */
  startNumber: z.number().int().min(0),
  /** Points. */
  fontSize: z.number().min(6).max(72),
  /** Distance from the edges of the page, in millimetres. */
  margin: z.number().min(0).max(100),
});
export type AddPageNumbersOptions = z.output<typeof options>;

/** The text for number n when the last number is total. */
export function numberText(format: keyof typeof FORMATS, n: number, total: number): string {
  return runText(FORMATS[format], { n: String(n), total: String(total) });
}

/**
 * Where the text starts (its baseline's left end) in display space, so that
 * its box (ascent to descent) sits `margin` points in from the edges the
 * position names, and never off the page.
 */
export function textOrigin(
  position: Position,
  page: { width: number; height: number },
  text: { width: number; ascent: number; descent: number },
  margin: number,
): { x: number; y: number } {
  const [vertical, horizontal] = position.split('-');
  const x = horizontal === 'left' ? margin : horizontal === 'right' ? page.width - margin - text.width : (page.width - text.width) / 2;
  const y = vertical === 'top' ? page.height - margin - text.ascent : margin + text.descent;
  // A margin wider than a small page would push the number off it; it is kept on the page instead.
  const keep = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));
  return { x: keep(x, 0, page.width - text.width), y: keep(y, text.descent, page.height - text.ascent) };
}

/**
 * The font for each text: Helvetica when it has every character of the texts (as it has for English),
 * else the first of the site's fonts (DejaVu Sans, CJK fonts when the texts need them) that has them all.
 */
async function numberFonts(doc: PDFDocument, texts: string[]): Promise<(text: string) => PDFFont> {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const latin = new Set(helvetica.getCharacterSet());
  if (texts.every((text) => [...text].every((char) => latin.has(char.codePointAt(0)!)))) return () => helvetica;
  const set = await embedFonts(doc, ['regular'], texts);
  const fonts = [set.regular, ...(set.fallbacks ?? [])];
  return (text) => fonts.find((font) => [...text].every((char) => set.covers?.(font, char.codePointAt(0)!) ?? true)) ?? set.regular;
}

function metrics(font: PDFFont, text: string, size: number) {
  const ascent = font.heightAtSize(size, { descender: false });
  return { width: drawnWidth(font, text, size), ascent, descent: font.heightAtSize(size) - ascent };
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  if (options.firstPage > pages.length) {
    throw new ToolError(runText('processors.addPageNumbers.firstPageTooLate', { name: input.name, count: pages.length, page: options.firstPage }));
  }
  const first = options.firstPage - 1;
  // "of {total}" counts to the last number written, so the last page reads "Page 5 of 5".
  const total = options.startNumber + pages.length - 1 - first;
  const texts = pages.slice(first).map((_, i) => numberText(options.format, options.startNumber + i, total));
  const fontFor = await numberFonts(doc, texts);
  const margin = options.margin * MM;
  const count = pages.length - first;
  ctx.onProgress(0, count);
  for (let index = first; index < pages.length; index++) {
    throwIfAborted(ctx.signal);
    const page = pages[index];
    const text = texts[index - first];
    const font = fontFor(text);
    const size = options.fontSize;
    inDisplaySpace(page, visibleBox(page), (shown) => {
      const at = textOrigin(options.position, shown, metrics(font, text, size), margin);
      page.drawText(text, { x: at.x, y: at.y, size, font, color: rgb(0, 0, 0) });
    });
    ctx.onProgress(index - first + 1, count);
  }
  stripActiveContent(doc);
  const bytes = await doc.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length, numberedPages: count } }];
});
