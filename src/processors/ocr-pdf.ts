/**
 * OCR PDF: makes a scanned PDF searchable. Every page without a text layer
 * is drawn by pdf.js and read with OCR in the chosen language; its words
 * are then written over the scan as invisible text (src/lib/ocr/text-layer.ts),
 * each at the box it was read from, so viewers can search, select and copy
 * them. The pages' own content is kept byte for byte: the scan images and
 * drawing streams are not re-encoded. Pages that already have text are left
 * as they are, and the notice says which pages were read and which kept.
 *
 * Options: language (English by default).
 * Meta: pageCount, pagesMadeSearchable, words.
 */
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { isToolError, throwIfAborted, ToolError } from '../lib/errors';
import { CJK_LANGUAGES, ocrLanguageOption, type OcrLanguage } from '../lib/ocr/languages';
import { ocrPdfPage, type PageOcr } from '../lib/ocr/pdf-page';
import { mapOcrPages } from '../lib/ocr/page-loop';
import { pageList } from '../lib/ocr/scanned';
import { addInvisibleText } from '../lib/ocr/text-layer';
import { embedFonts } from '../lib/fonts/embed';
import { loadCjkFontBytes } from '../lib/fonts/cjk';
import { loadPdf } from '../lib/pdf/load';
import { withPdfjs } from '../lib/pdf/page-loop';
import { pageTextItems } from '../lib/pdf/pdfjs';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const alreadySearchableMessage = () => runText('processors.ocrPdf.alreadySearchable');
export const cjkFontMessage = () => runText('processors.ocrPdf.cjkFont');

export function nothingReadMessage(name: string): string {
  return runText('processors.ocrPdf.nothingRead', { name });
}

/** The notice of a finished run: which pages got a text layer, which were kept, which had nothing to read. */
export function ocrPdfNotice(read: number[], kept: number[], empty: number[]): string {
  const sentences: string[] = [];
  const pages = (list: number[]) => ({ count: list.length, pages: list.length === 1 ? String(list[0]) : pageList(list) });
  if (read.length > 0) sentences.push(runText('processors.ocrPdf.notice.read', pages(read)));
  if (kept.length > 0) sentences.push(runText('processors.ocrPdf.notice.kept', pages(kept)));
  if (empty.length > 0) sentences.push(runText('processors.ocrPdf.notice.empty', pages(empty)));
  return sentences.join(' ');
}

/** DejaVu Sans covers Latin, Cyrillic, Greek and Arabic; Chinese and Japanese need the CJK font. */
async function textLayerFont(doc: PDFDocument, lang: OcrLanguage): Promise<PDFFont> {
  if (!CJK_LANGUAGES.has(lang)) return (await embedFonts(doc, ['regular'])).regular;
  try {
    const bytes = await loadCjkFontBytes();
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    doc.registerFontkit(fontkit);
    return await doc.embedFont(bytes, { subset: true });
  } catch (error) {
    if (isToolError(error)) throw new ToolError(cjkFontMessage());
    throw error;
  }
}

export const options = z.object({ language: ocrLanguageOption });

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const lang = options.language ?? 'eng';
  // pdf-lib first: it refuses a locked or damaged file with the project's messages before any page is read.
  const doc = await loadPdf(input.bytes, input.name);
  // Scanned pages are read several at once where the page may use every core (lib/ocr/page-loop.ts).
  const scans = await withPdfjs(input, (pdf) =>
    mapOcrPages(pdf, ctx, async (page, _index, ocr): Promise<PageOcr | null> => {
      const items = await pageTextItems(page);
      if (items.some((item) => item.str.trim() !== '')) return null;
      return ocrPdfPage(page, lang, ocr.onProgress, ocr.signal);
    }),
  );
  throwIfAborted(ctx.signal);
  const pageCount = scans.length;
  const kept = scans.flatMap((scan, i) => (scan ? [] : [i + 1]));
  if (kept.length === pageCount) {
    return [{ bytes: input.bytes, type: 'application/pdf', meta: { pageCount, pagesMadeSearchable: 0, words: 0 }, notice: alreadySearchableMessage() }];
  }
  const font = await textLayerFont(doc, lang);
  const read: number[] = [];
  const empty: number[] = [];
  let words = 0;
  scans.forEach((scan, i) => {
    if (!scan) return;
    const placed = addInvisibleText(doc.getPage(i), font, scan.lines, scan.toPdf);
    (placed > 0 ? read : empty).push(i + 1);
    words += placed;
  });
  if (read.length === 0) throw new ToolError(nothingReadMessage(input.name));
  const bytes = await doc.save();
  return [
    {
      bytes,
      type: 'application/pdf',
      meta: { pageCount, pagesMadeSearchable: read.length, words },
      notice: ocrPdfNotice(read, kept, empty),
    },
  ];
});
