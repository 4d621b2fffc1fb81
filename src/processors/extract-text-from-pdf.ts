/**
 * Extract text from PDF: the text layer of every page in reading order, as
 * one UTF-8 .txt file with a "--- Page N ---" header before each page.
 * Lines keep their breaks; paragraphs are separated by a blank line. The
 * values of filled form fields are read where the fields sit on the page. A
 * page without a text layer (a scan) is drawn and read with OCR in the chosen
 * language, and the notice says which pages were read that way.
 *
 * Options: language (OCR language of scanned pages, English by default).
 * Meta: pageCount, scannedPagesRead (pages read with OCR, when any).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { ocrLanguageOption } from '../lib/ocr/languages';
import { ocrPdfPage } from '../lib/ocr/pdf-page';
import { mapOcrPages } from '../lib/ocr/page-loop';
import { ocrPagesNotice, ocrParagraphs } from '../lib/ocr/scanned';
import { formFieldItems, isFormWithoutPicture, printsText } from '../lib/pdf/form-text';
import { withPdfjs } from '../lib/pdf/page-loop';
import { pageTextItems } from '../lib/pdf/pdfjs';
import { groupLines, groupParagraphs, type LayoutItem } from '../lib/pdf/text-layout';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const noTextMessage = () => runText('processors.pdfText.noTextFound');
export const pageWithoutText = () => runText('processors.extractTextFromPdf.pageWithoutText');

export const options = z.object({ language: ocrLanguageOption });

/** Text items in reading order as paragraphs of lines. */
function paragraphsOf(items: LayoutItem[]): string[][] {
  return groupParagraphs(groupLines(items)).map((p) => p.lines.map((l) => l.text));
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const ocrPages: number[] = [];
  // Scanned pages are read several at once where the page may use every core (lib/ocr/page-loop.ts).
  const pages = await withPdfjs(input, (doc) =>
    mapOcrPages(doc, ctx, async (page, index, ocr) => {
      const printed = await pageTextItems(page);
      const hasText = printed.some(printsText);
      const fields = await formFieldItems(page, hasText);
      if (hasText) return paragraphsOf([...printed, ...fields]);
      // A form page without a text layer is read from its fields; a scanned form (fields over a picture) with OCR.
      if (await isFormWithoutPicture(page)) return paragraphsOf(fields);
      ocrPages.push(index + 1);
      const read = await ocrPdfPage(page, options.language, ocr.onProgress, ocr.signal);
      // The scan's own words carry the labels, so selected boxes need no export value after them.
      return [...ocrParagraphs(read.lines), ...paragraphsOf(await formFieldItems(page, true))];
    }),
  );
  ocrPages.sort((a, b) => a - b);
  const total = pages.length;
  if (pages.every((paragraphs) => paragraphs.length === 0)) throw new ToolError(noTextMessage());
  const sections = pages.map((paragraphs, i) => {
    const body = paragraphs.length === 0 ? pageWithoutText() : paragraphs.map((lines) => lines.join('\n')).join('\n\n');
    return `${runText('processors.extractTextFromPdf.pageHeading', { page: i + 1 })}\n${body}\n`;
  });
  return [
    {
      bytes: new TextEncoder().encode(sections.join('\n')),
      type: 'text/plain',
      meta: { pageCount: total, ...(ocrPages.length > 0 && { scannedPagesRead: ocrPages.length }) },
      notice: ocrPages.length > 0 ? ocrPagesNotice(ocrPages, total) : undefined,
    },
  ];
});
