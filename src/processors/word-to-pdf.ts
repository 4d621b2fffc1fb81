/**
 * Word to PDF: a .docx becomes HTML with mammoth, then is laid out on A4
 * pages (headings, paragraphs, bold and italic, lists, tables, images) in the
 * DejaVu fonts, Arabic and Hebrew right to left, Chinese and Japanese in the
 * CJK font. Characters no font has give a Warning naming them. A legacy .doc
 * gets a message saying how to convert it.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { docxToHtml } from '../lib/word/docx-to-html';
import { HtmlRenderer } from '../lib/html/to-pdf';
import { firstInput } from '../lib/inputs';

/** No options: manifests/pdf/word-to-pdf.json declares none. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  ctx.onProgress(0, 3);
  const html = await docxToHtml(input.name, input.bytes);
  throwIfAborted(ctx.signal);
  ctx.onProgress(1, 3);
  // mammoth inlines every image as a data URI, so nothing else needs resolving.
  const renderer = await HtmlRenderer.create(() => null, [html]);
  await renderer.render(html);
  throwIfAborted(ctx.signal);
  ctx.onProgress(2, 3);
  const bytes = await renderer.save();
  ctx.onProgress(3, 3);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: renderer.flow.doc.getPageCount() }, ...renderer.warningNotice() }];
});
