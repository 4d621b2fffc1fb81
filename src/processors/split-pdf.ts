/**
 * Split PDF: one PDF per page range ("1-3, 4-6, 7") or per chunk of N pages.
 * Each part keeps the form fields of its own pages, filled in as they were.
 * Options are the fields of manifests/pdf/split-pdf.json.
 */
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolOutput } from '../contract/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { formatRange, pagesBeyond, pagesBeyondNotice, planSplit, rangesBlankMessage } from '../lib/page-ranges';
import { adoptCopiedFields } from '../lib/pdf/form-fields';
import { loadPdf } from '../lib/pdf/load';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';

/**
 * The options this processor reads (manifest field names): the method, the
 * comma-separated 1-based ranges for "range" (invalid parts are skipped, parts
 * past the end are cut), and the pages per file for "every" (kept within 1..page count).
 */
export const options = z.object({
  method: z.enum(['range', 'every']).default('range'),
  ranges: z.string().default(''),
  everyN: z.number().default(1),
});
export type SplitPdfOptions = z.input<typeof options>;

// Re-exported so a page can plan (and warn about) a split; page-ranges.ts itself does not load pdf-lib.
export { planSplit } from '../lib/page-ranges';

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const { method } = options;
  if (method === 'range' && !options.ranges.trim()) throw new ToolError(rangesBlankMessage());
  const source = await loadPdf(input.bytes, input.name);
  const plan = planSplit(source.getPageCount(), { method, ranges: options.ranges, everyN: options.everyN });
  // The page normally shows this as a Warning before running (see planSplit); this is the fallback.
  if (!plan.ok) throw new ToolError(plan.message);
  const notice = method === 'range' ? pagesBeyondNotice(input.name, source.getPageCount(), pagesBeyond(options.ranges, source.getPageCount())) : undefined;

  const outputs: ToolOutput[] = [];
  ctx.onProgress(0, plan.parts.length);
  for (const [i, part] of plan.parts.entries()) {
    throwIfAborted(ctx.signal);
    const doc = await PDFDocument.create();
    const indexes = Array.from({ length: part.end - part.start + 1 }, (_, k) => part.start - 1 + k);
    const pages = await doc.copyPages(source, indexes);
    for (const page of pages) doc.addPage(page);
    adoptCopiedFields(doc, source, pages);
    stripActiveContent(doc);
    const bytes = await doc.save();
    outputs.push({
      bytes,
      type: 'application/pdf',
      vars: { n: i + 1 },
      meta: { pageCount: indexes.length, pages: formatRange(part) },
      notice,
    });
    ctx.onProgress(i + 1, plan.parts.length);
  }
  return outputs;
});
