/**
 * Crop PDF: sets each page's CropBox (and TrimBox) to a box the visitor drew
 * on the page preview, or to the page minus margins in millimetres. Content
 * outside the box is hidden by viewers, not deleted.
 */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadPdf } from '../lib/pdf/load';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { cropToUserSpace, pageRotation, visibleBox, type Box, type CropFraction } from '../lib/pdf/page-box';

export { cropToUserSpace, pageRotation, visibleBox, type Box, type CropFraction };

/** The options this processor reads. */
export interface CropPdfOptions {
  /** A box drawn on the displayed page, as fractions 0..1 from its top-left; overrides the margins (not a manifest field). */
  crop?: CropFraction;
  /** Margins in mm measured on the page as displayed (manifest fields), each default 10. */
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
  /** "all" (default) or "current": only the page at `page` (0-based). Not manifest fields. */
  applyTo?: 'all' | 'current';
  page?: number;
}

export const EMPTY_CROP_MESSAGE = 'The crop area is empty. Please draw a box around the part of the page to keep.';
const MM = 72 / 25.4;

function readFraction(value: unknown): CropFraction | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const n = (key: string) => (typeof v[key] === 'number' && Number.isFinite(v[key]) ? (v[key] as number) : NaN);
  const x = Math.min(1, Math.max(0, n('x')));
  const y = Math.min(1, Math.max(0, n('y')));
  const width = Math.min(1 - x, n('width'));
  const height = Math.min(1 - y, n('height'));
  if (!(width > 0.001 && height > 0.001)) throw new ToolError(EMPTY_CROP_MESSAGE);
  return { x, y, width, height };
}

function margin(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) * MM : 10 * MM;
}

/** The fraction box for margins in mm, measured on the page as displayed. */
function marginsToFraction(options: Record<string, unknown>, visible: Box, rotation: number, pageNumber: number): CropFraction {
  const sideways = rotation === 90 || rotation === 270;
  const width = sideways ? visible.height : visible.width;
  const height = sideways ? visible.width : visible.height;
  const [top, right, bottom, left] = [options.top, options.right, options.bottom, options.left].map(margin);
  if (left + right >= width - 1 || top + bottom >= height - 1) {
    const size = `${Math.round(width / MM)} x ${Math.round(height / MM)} mm`;
    throw new ToolError(`The margins are larger than page ${pageNumber} (${size}). Please enter smaller margins.`);
  }
  return { x: left / width, y: top / height, width: 1 - (left + right) / width, height: 1 - (top + bottom) / height };
}

const cropPdf: Processor = async (inputs, options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to crop.');
  const drawn = readFraction(options.crop);
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  let targets = pages.map((_, i) => i);
  if (options.applyTo === 'current') {
    const index = typeof options.page === 'number' && Number.isInteger(options.page) ? options.page : 0;
    if (index < 0 || index >= pages.length) throw new ToolError(`Page ${index + 1} does not exist in this PDF, which has ${pages.length} pages.`);
    targets = [index];
  }
  ctx.onProgress(0, targets.length);
  for (const [done, index] of targets.entries()) {
    throwIfAborted(ctx.signal);
    const page = pages[index];
    const rotation = pageRotation(page);
    const visible = visibleBox(page);
    const box = cropToUserSpace(visible, rotation, drawn ?? marginsToFraction(options, visible, rotation, index + 1));
    page.setCropBox(box.x, box.y, box.width, box.height);
    page.setTrimBox(box.x, box.y, box.width, box.height);
    ctx.onProgress(done + 1, targets.length);
  }
  stripActiveContent(doc);
  const bytes = await doc.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length, croppedPages: targets.length } }];
};

export default cropPdf;
