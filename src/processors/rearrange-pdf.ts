/**
 * Rearrange PDF: reorder, remove, repeat and rotate pages. The page list view
 * passes the new order; pages it leaves out are removed from the file, content
 * included (see stripActiveContent's pruning).
 */
import { degrees, PDFName, type PDFPage } from 'pdf-lib';
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadPdf } from '../lib/pdf/load';
import { stripActiveContent } from '../lib/pdf/sanitize';

/** The options this processor reads; none is a manifest field, the page list view sends them. */
export interface RearrangePdfOptions {
  /** 0-based source page indexes in the new order; pages not listed are removed. Default: every page in order. */
  order?: number[];
  /** Degrees added to each output page's rotation (same positions as order), multiples of 90. Default 0. */
  rotations?: number[];
}

export const NO_PAGES_MESSAGE = 'Please keep at least one page.';

/** Reads and checks the order option against the page count. */
export function readOrder(value: unknown, pageCount: number): number[] {
  if (value === undefined || value === null) return Array.from({ length: pageCount }, (_, i) => i);
  if (!Array.isArray(value)) throw new ToolError('The page order could not be read. Please reload the PDF and try again.');
  if (value.length === 0) throw new ToolError(NO_PAGES_MESSAGE);
  return value.map((index) => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= pageCount) {
      throw new ToolError(`The page order refers to a page this PDF does not have (it has ${pageCount} pages). Please reload the PDF and try again.`);
    }
    return index;
  });
}

/** Degrees to add for output position i: the option's value rounded to a quarter turn, default 0. */
function extraRotation(rotations: unknown, i: number): number {
  const value = Array.isArray(rotations) ? rotations[i] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value / 90) * 90 : 0;
}

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map((name) => PDFName.of(name));

/** Copies inherited attributes onto the page itself, since it may land under another parent in the page tree. */
function pinInherited(page: PDFPage): void {
  for (const name of INHERITABLE) {
    const value = page.node.getInheritableAttribute(name);
    if (value !== undefined && page.node.get(name) === undefined) page.node.set(name, value);
  }
}

const rearrangePdf: Processor = async (inputs, options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to rearrange.');
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
    pages.push(used.has(index) ? (await doc.copyPages(doc, [index]))[0] : original[index]);
    used.add(index);
  }
  for (let i = doc.getPageCount() - 1; i >= 0; i--) doc.removePage(i);
  for (const [i, page] of pages.entries()) {
    doc.addPage(page);
    const turn = extraRotation(options.rotations, i);
    if (turn !== 0) page.setRotation(degrees((((page.getRotation().angle + turn) % 360) + 360) % 360));
  }
  throwIfAborted(ctx.signal);
  stripActiveContent(doc);
  const bytes = await doc.save();
  ctx.onProgress(order.length, order.length);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length } }];
};

export default rearrangePdf;
