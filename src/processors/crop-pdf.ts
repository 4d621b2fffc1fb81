/**
 * Crop PDF: sets each page's CropBox (and TrimBox) to a box the visitor drew
 * on the page preview, or to the page minus margins in millimetres. Content
 * outside the box is hidden by viewers, not deleted.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { loadPdf } from '../lib/pdf/load';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { cropToUserSpace, pageRotation, visibleBox, type Box, type CropFraction } from '../lib/pdf/page-box';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export { cropToUserSpace, pageRotation, visibleBox, type Box, type CropFraction };

const fraction = z.number().min(0).max(1);
/** A margin in millimetres. */
const margin = z.number().min(0).default(10);

export const options = z.object({
  /** "all" pages, or only the page at `page` (manifest field). */
  applyTo: z.enum(['all', 'current']),
  /** The 0-based page the view shows, used by "current". */
  page: z.number().int().min(0).default(0),
  /**
   * The box the view's crop area sends, as fractions 0..1 of the displayed page
   * from its top-left, kept on the page; overrides the margins.
   */
  crop: z
    .object({ x: fraction, y: fraction, width: fraction, height: fraction })
    .transform((box): CropFraction => ({ ...box, width: Math.min(1 - box.x, box.width), height: Math.min(1 - box.y, box.height) }))
    .optional(),
  /** Margins measured on the page as displayed, used when no box is sent. */
  top: margin,
  right: margin,
  bottom: margin,
  left: margin,
});
export type CropPdfOptions = z.output<typeof options>;

export const emptyCropMessage = () => runText('processors.cropPdf.emptyCrop');
const MM = 72 / 25.4;

/** The fraction box for margins in mm, measured on the page as displayed. */
function marginsToFraction(options: CropPdfOptions, visible: Box, rotation: number, pageNumber: number): CropFraction {
  const sideways = rotation === 90 || rotation === 270;
  const width = sideways ? visible.height : visible.width;
  const height = sideways ? visible.width : visible.height;
  const [top, right, bottom, left] = [options.top, options.right, options.bottom, options.left].map((mm) => mm * MM);
  if (left + right >= width - 1 || top + bottom >= height - 1) {
    throw new ToolError(runText('processors.cropPdf.marginsTooLarge', { page: pageNumber, width: Math.round(width / MM), height: Math.round(height / MM) }));
  }
  return { x: left / width, y: top / height, width: 1 - (left + right) / width, height: 1 - (top + bottom) / height };
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const drawn = options.crop;
  if (drawn && !(drawn.width > 0.001 && drawn.height > 0.001)) throw new ToolError(emptyCropMessage());
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  let targets = pages.map((_, i) => i);
  if (options.applyTo === 'current') {
    const index = options.page;
    if (index >= pages.length) throw new ToolError(runText('processors.pages.noSuchPage', { page: index + 1, count: pages.length }));
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
});
