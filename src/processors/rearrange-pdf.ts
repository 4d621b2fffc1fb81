/**
 * Rearrange PDF: reorder, remove, repeat and rotate pages. The page list view
 * passes the new order; pages it leaves out are removed from the file, content
 * included (see stripActiveContent's pruning).
 */
import { degrees, PDFName, type PDFPage } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { adoptCopiedFields } from '../lib/pdf/form-fields';
import { loadPdf } from '../lib/pdf/load';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** None is a manifest field: the page list view sends them. */
export const options = z.object({
  /** 0-based source page indexes in the new order; pages not listed are removed. Absent: every page in order. */
  order: z.array(z.number().int().min(0)).optional(),
  /** Quarter turns in degrees added to each output page's rotation (same positions as order); absent: none. */
  rotations: z.array(z.number().multipleOf(90)).optional(),
});

export const noPagesMessage = () => runText('processors.rearrangePdf.noPages');

/** Checks the order against the page count; absent means every page in order. */
export function readOrder(order: number[] | undefined, pageCount: number): number[] {
  if (order === undefined) return Array.from({ length: pageCount }, (_, i) => i);
  if (order.length === 0) throw new ToolError(noPagesMessage());
  return order.map((index) => {
    if (index >= pageCount) {
      throw new ToolError(runText('processors.rearrangePdf.unknownPage', { count: pageCount }));
    }
    return index;
  });
}

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map((name) => PDFName.of(name));

/** Copies inherited attributes onto the page itself, since it may land under another parent in the page tree. */
function pinInherited(page: PDFPage): void {
  for (const name of INHERITABLE) {
    const value = page.node.getInheritableAttribute(name);
    if (value !== undefined && page.node.get(name) === undefined) page.node.set(name, value);
  }
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const doc = await loadPdf(input.bytes, input.name);
  const original = doc.getPages();
  original.forEach(pinInherited);
  const order = readOrder(options.order, original.length);
  throwIfAborted(ctx.signal);
  ctx.onProgress(0, order.length);

  // The first use of a page moves the page itself; repeats get copies made before any page is removed.
  const used = new Set<number>();
  const pages: PDFPage[] = [];
  for (const index of order) {
    if (used.has(index)) {
      const copies = await doc.copyPages(doc, [index]);
      // A repeated page gets its own copy of the page's fields (renamed name_2 ...), so each copy can hold its own value.
      adoptCopiedFields(doc, doc, copies);
      pages.push(copies[0]);
    } else pages.push(original[index]);
    used.add(index);
  }
  for (let i = doc.getPageCount() - 1; i >= 0; i--) doc.removePage(i);
  for (const [i, page] of pages.entries()) {
    doc.addPage(page);
    const turn = options.rotations?.[i] ?? 0;
    if (turn !== 0) page.setRotation(degrees((((page.getRotation().angle + turn) % 360) + 360) % 360));
  }
  throwIfAborted(ctx.signal);
  stripActiveContent(doc);
  const bytes = await doc.save();
  ctx.onProgress(order.length, order.length);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length } }];
});
