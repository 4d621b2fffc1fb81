/**
 * Extract text from PDF: the text layer of every page in reading order, as
 * one UTF-8 .txt file with a "--- Page N ---" header before each page.
 * Lines keep their breaks; paragraphs are separated by a blank line.
 *
 * Options: none (manifests/pdf/extract-text-from-pdf.json declares none).
 * Meta: pageCount, pagesWithoutText (pages with no text layer, such as scans).
 */
import { z } from 'zod';
import { defineProcessor } from '../engine/processor';
import { ToolError } from '../lib/errors';
import { mapPdfPages } from '../lib/pdf/page-loop';
import { pageTextItems } from '../lib/pdf/pdfjs';
import { groupLines, groupParagraphs } from '../lib/pdf/text-layout';

export const NO_TEXT_MESSAGE = 'This PDF has no text layer (it is probably scanned), so there is no text to extract.';
export const PAGE_WITHOUT_TEXT = '(This page has no text layer; it is probably a scanned image.)';

/** Said when some pages are scans: their text cannot be read without OCR. */
export function pagesWithoutTextNotice(count: number, total: number): string {
  return `${count} of ${total} pages have no text layer (they are probably scanned images), so they have no text to extract.`;
}

/** Extract text takes no options. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to extract text from.');
  const pages = await mapPdfPages(input, ctx, async (page) => groupParagraphs(groupLines(await pageTextItems(page))));
  const total = pages.length;
  const pagesWithoutText = pages.filter((paragraphs) => paragraphs.length === 0).length;
  if (pagesWithoutText === total) throw new ToolError(NO_TEXT_MESSAGE);
  const sections = pages.map((paragraphs, i) => {
    const body = paragraphs.length === 0 ? PAGE_WITHOUT_TEXT : paragraphs.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n\n');
    return `--- Page ${i + 1} ---\n${body}\n`;
  });
  return [
    {
      bytes: new TextEncoder().encode(sections.join('\n')),
      type: 'text/plain',
      meta: { pageCount: total, pagesWithoutText },
      notice: pagesWithoutText > 0 ? pagesWithoutTextNotice(pagesWithoutText, total) : undefined,
    },
  ];
});
