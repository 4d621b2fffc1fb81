/**
 * Edit PDF: draws the visitor's text boxes, white-out rectangles, shapes and
 * images onto the pages. White-out covers content with an opaque rectangle;
 * the text underneath stays in the file (this is not redaction).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { drawEdits, EMPTY_EDITS_MESSAGE, pdfEditSchema, readEdits } from '../lib/pdf/annotate';
import { loadPdf } from '../lib/pdf/load';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';

export type { PdfEdit } from '../lib/pdf/annotate';

/** None are manifest fields: the editor sends them. */
export const options = z.object({
  /** The objects to draw, in stacking order; see PdfEdit for units. Absent or empty: nothing to save. */
  edits: z.array(pdfEditSchema).optional(),
});

export default defineProcessor(options, async (inputs, { edits }, ctx) => {
  const input = firstInput(inputs);
  // Checked before the file is opened: nothing to do is the visitor's first problem.
  if (!edits || edits.length === 0) throw new ToolError(EMPTY_EDITS_MESSAGE);
  const doc = await loadPdf(input.bytes, input.name);
  const pageCount = doc.getPageCount();
  const checked = readEdits(edits, pageCount);
  await drawEdits(doc, checked, ctx);
  stripActiveContent(doc);
  const bytes = await doc.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount, edits: checked.length } }];
});
