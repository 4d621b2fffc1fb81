/**
 * Edit PDF: draws the visitor's text boxes, white-out rectangles, shapes and
 * images onto the pages, and changes the text already on them. White-out
 * covers content with an opaque rectangle; the text underneath stays in the
 * file (this is not redaction). Text edits rewrite the chosen text objects
 * with PDFium, which loads only when there are some.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolOutput } from '../contract/types';
import { ToolError } from '../lib/errors';
import { drawEdits, emptyEditsMessage, pdfEditSchema, readEdits } from '../lib/pdf/annotate';
import { loadPdf, openablePdfBytes } from '../lib/pdf/load';
import { loadPdfium } from '../lib/pdf/pdfium';
import { applyTextEdits, FALLBACK_NOTE, textEditSchema } from '../lib/pdf/pdfium-text';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';

export type { PdfEdit } from '../lib/pdf/annotate';
export type { PdfTextEdit } from '../lib/pdf/pdfium-text';

/** None are manifest fields: the editor sends them. */
export const options = z.object({
  /** The objects to draw, in stacking order; see PdfEdit for units. */
  edits: z.array(pdfEditSchema).optional(),
  /** Changes to text already on the pages, applied before the drawn objects; see PdfTextEdit. */
  textEdits: z.array(textEditSchema).max(2000).optional(),
});

export default defineProcessor(options, async (inputs, { edits = [], textEdits = [] }, ctx) => {
  const input = firstInput(inputs);
  // Checked before the file is opened: nothing to do is the visitor's first problem.
  if (edits.length === 0 && textEdits.length === 0) throw new ToolError(emptyEditsMessage());
  // pdf-lib's load gives the messages for locked, damaged and non-PDF files, whichever engine writes.
  let doc = await loadPdf(input.bytes, input.name);
  let fallbacks: string[] = [];
  if (textEdits.length > 0) {
    // The engine's download is most of the wait on a first edit.
    const pdfium = await loadPdfium((fraction) => ctx.onProgress(Math.round(fraction * 80), 100));
    const changed = await applyTextEdits(pdfium, await openablePdfBytes(input.bytes), textEdits, input.name);
    fallbacks = changed.fallbacks;
    doc = await loadPdf(changed.bytes, input.name);
  }
  const pageCount = doc.getPageCount();
  const checked = edits.length > 0 ? readEdits(edits, pageCount) : [];
  if (checked.length > 0) await drawEdits(doc, checked, ctx);
  stripActiveContent(doc);
  const bytes = await doc.save();
  const output: ToolOutput = { bytes, type: 'application/pdf', meta: { pageCount, edits: checked.length + textEdits.length } };
  if (fallbacks.length > 0) {
    output.note = FALLBACK_NOTE(fallbacks);
    output.notice = output.note;
    output.noticeTone = 'info';
  }
  return [output];
});
