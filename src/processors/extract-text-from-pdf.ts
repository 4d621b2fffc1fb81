/**
 * Extract text from PDF: the text layer of every page in reading order, as
 * one UTF-8 .txt file with a "--- Page N ---" header before each page.
 * Lines keep their breaks; paragraphs are separated by a blank line.
 *
 * Options: none (manifests/pdf/extract-text-from-pdf.json declares none).
 * Meta: pageCount, pagesWithoutText (pages with no text layer, such as scans).
 */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { openPdfjs, pageTextItems } from '../lib/pdf/pdfjs';
import { groupLines, groupParagraphs } from '../lib/pdf/text-layout';

export const NO_TEXT_MESSAGE = 'This PDF has no text layer (it is probably scanned), so there is no text to extract.';
export const PAGE_WITHOUT_TEXT = '(This page has no text layer; it is probably a scanned image.)';

/** Said when some pages are scans: their text cannot be read without OCR. */
export function pagesWithoutTextNotice(count: number, total: number): string {
  return `${count} of ${total} pages have no text layer (they are probably scanned images), so they have no text to extract.`;
}

const extractTextFromPdf: Processor = async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to extract text from.');
  const pdf = await openPdfjs(input.bytes, input.name);
  try {
    const total = pdf.doc.numPages;
    const sections: string[] = [];
    let pagesWithoutText = 0;
    ctx.onProgress(0, total);
    for (let n = 1; n <= total; n++) {
      throwIfAborted(ctx.signal);
      const page = await pdf.doc.getPage(n);
      const paragraphs = groupParagraphs(groupLines(await pageTextItems(page)));
      page.cleanup();
      if (paragraphs.length === 0) pagesWithoutText++;
      const body = paragraphs.length === 0 ? PAGE_WITHOUT_TEXT : paragraphs.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n\n');
      sections.push(`--- Page ${n} ---\n${body}\n`);
      ctx.onProgress(n, total);
    }
    if (pagesWithoutText === total) throw new ToolError(NO_TEXT_MESSAGE);
    return [
      {
        bytes: new TextEncoder().encode(sections.join('\n')),
        type: 'text/plain',
        meta: { pageCount: total, pagesWithoutText },
        notice: pagesWithoutText > 0 ? pagesWithoutTextNotice(pagesWithoutText, total) : undefined,
      },
    ];
  } finally {
    await pdf.destroy();
  }
};

export default extractTextFromPdf;
