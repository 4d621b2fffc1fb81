/**
 * PDF to Word: a .docx that keeps the PDF's layout as Word structure
 * (src/lib/word/): text in reading order, multi-column pages column
 * by column; headings from size; bullet and numbered lists; font family,
 * size, colour, bold, italic and links; tables rebuilt from ruled lines or
 * aligned columns; images at their drawn size in their place. Each page
 * after the first starts on a new page; exact positions are not kept.
 * The values of filled form fields are text in their place on the page.
 * A page without a text layer (a scan) is read with OCR in the chosen
 * language (src/lib/ocr), and the notice says which pages were read so.
 *
 * Options: language (OCR language of scanned pages, English by default).
 * Meta: pageCount, paragraphs, scannedPagesRead (pages read with OCR, when any).
 */
import { Document, Packer, type Paragraph, type Table } from 'docx';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { ocrLanguageOption } from '../lib/ocr/languages';
import { ocrPdfPage } from '../lib/ocr/pdf-page';
import { mapOcrPages } from '../lib/ocr/page-loop';
import { ocrPagesNotice, ocrParagraphs } from '../lib/ocr/scanned';
import { scannedPageParagraphs } from '../lib/ocr/word-paragraphs';
import { formFieldItems, isFormWithoutPicture } from '../lib/pdf/form-text';
import { withPdfjs } from '../lib/pdf/page-loop';
import { groupLines, groupParagraphs } from '../lib/pdf/text-layout';
import { NUMBERING, sectionProperties, WordWriter } from '../lib/word/docx';
import { readWordPage } from '../lib/word/page';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const noTextMessage = () => runText('processors.pdfText.noTextFound');

export const options = z.object({ language: ocrLanguageOption });

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const ocrPages: number[] = [];
  // Scanned pages are read several at once where the page may use every core (lib/ocr/page-loop.ts).
  const pages = await withPdfjs(input, (doc) =>
    mapOcrPages(doc, ctx, async (page, index, ocr) => {
      const word = await readWordPage(page);
      // A form page without a text layer or a picture has nothing for OCR: its text is its fields, none filled in.
      if (word || (await isFormWithoutPicture(page))) return { word, scanned: undefined };
      ocrPages.push(index + 1);
      const read = await ocrPdfPage(page, options.language, ocr.onProgress, ocr.signal);
      // A scanned form's filled fields follow the words read from its picture.
      const fields = groupParagraphs(groupLines(await formFieldItems(page, true))).map((p) => p.lines.map((l) => l.text));
      return { word, scanned: [...ocrParagraphs(read.lines), ...fields] };
    }),
  );
  ocrPages.sort((a, b) => a - b);
  const children: (Paragraph | Table)[] = [];
  let textParagraphs = 0;
  const writer = new WordWriter();
  pages.forEach(({ word, scanned }, index) => {
    const n = index + 1;
    if (scanned) {
      textParagraphs += scanned.length;
      children.push(...scannedPageParagraphs(scanned, n > 1));
      return;
    }
    if (!word) return;
    const written = writer.page(word, index);
    textParagraphs += written.paragraphs;
    children.push(...written.blocks);
  });
  if (textParagraphs === 0) throw new ToolError(noTextMessage());
  const document = new Document({ numbering: NUMBERING, sections: [{ properties: sectionProperties(pages.find((p) => p.word)?.word ?? undefined), children }] });
  const bytes = new Uint8Array(await Packer.toArrayBuffer(document));
  return [
    {
      bytes,
      type: DOCX_TYPE,
      meta: { pageCount: pages.length, paragraphs: textParagraphs, ...(ocrPages.length > 0 && { scannedPagesRead: ocrPages.length }) },
      notice: ocrPages.length > 0 ? ocrPagesNotice(ocrPages, pages.length) : undefined,
    },
  ];
});
