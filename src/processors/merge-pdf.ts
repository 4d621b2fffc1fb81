/**
 * Merge PDF: copies every page of each input, in list order, into one new
 * PDF with a bookmark per input file and no scripts or automatic actions.
 * Filled form fields come along with their values; a field name that two
 * files share is renamed in the later file (name, name_2), so each keeps
 * its own value.
 */
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { readEach } from '../lib/each-input';
import { isToolError, throwIfAborted, ToolError } from '../lib/errors';
import { adoptCopiedFields } from '../lib/pdf/form-fields';
import { damagedPdfMessage, loadPdf } from '../lib/pdf/load';
import { setOutline, type OutlineEntry } from '../lib/pdf/outline';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { runText } from '../lib/i18n/run-messages';

/** The file name without its last extension, used as the bookmark title. */
export function bookmarkTitle(name: string): string {
  const base = name.replace(/\.[^.]*$/, '');
  return base.trim() === '' ? name : base;
}

/**
 * Loads one input and copies its pages with their form fields (a field name an
 * earlier file uses becomes name_2); a file pdf-lib half-parses but cannot
 * walk is reported as damaged.
 */
async function copyAllPages(target: PDFDocument, bytes: Uint8Array, name: string): Promise<PDFPage[]> {
  try {
    const source = await loadPdf(bytes, name);
    const pages = await target.copyPages(source, source.getPageIndices());
    adoptCopiedFields(target, source, pages);
    return pages;
  } catch (error) {
    if (isToolError(error)) throw error;
    throw new ToolError(damagedPdfMessage(name));
  }
}

/** No options: the file order is the list order. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  if (inputs.length < 2) throw new ToolError(runText('processors.mergePdf.tooFew'));
  const merged = await PDFDocument.create();
  const outline: OutlineEntry[] = [];
  ctx.onProgress(0, inputs.length);
  // A PDF that cannot be read is left out and listed; a merge needs two that can.
  const merges = await readEach(
    inputs,
    ctx,
    async (input) => {
      const pageIndex = merged.getPageCount();
      for (const page of await copyAllPages(merged, input.bytes, input.name)) merged.addPage(page);
      outline.push({ title: bookmarkTitle(input.name), pageIndex });
    },
    { min: 2 },
  );
  throwIfAborted(ctx.signal);
  // copyPages never brings the source catalogs (open actions, document scripts),
  // but pages and their annotations can carry their own actions.
  stripActiveContent(merged);
  setOutline(merged, outline);
  const bytes = await merged.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount: merged.getPageCount(), fileCount: merges.length } }];
});
