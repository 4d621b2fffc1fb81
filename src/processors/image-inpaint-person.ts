/**
 * "Select the person" of Remove Person from Photo: the segmentation model
 * served by the site (src/lib/segment) finds the subject, and its matte comes
 * back as a painted area on the page's mask grid (JSON of the run-length
 * coded mask), which the visitor can then correct with the brush. Called by
 * the view directly, not by a tool's action button.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { readInput } from '../lib/image/edit';
import { encodeMask, hasPaint, MASK_MAX_SIDE, matteToGrid } from '../lib/image/ops/inpaint-mask';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({
  gridWidth: z.number().int().min(1).max(MASK_MAX_SIDE),
  gridHeight: z.number().int().min(1).max(MASK_MAX_SIDE),
});

export default defineProcessor(options, async (inputs, { gridWidth, gridHeight }, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError(runText('processors.imageInpaintPerson.noImage'));
  const { image } = await readInput(input);
  const { foregroundMask } = await import('../lib/segment/foreground');
  const matte = await foregroundMask(image, (done, total) => ctx.signal.aborted || ctx.onProgress(done, total));
  const grow = Math.max(1, Math.round(Math.max(gridWidth, gridHeight) / 100));
  const mask = encodeMask(matteToGrid(matte, image.width, image.height, gridWidth, gridHeight, grow), gridWidth, gridHeight);
  if (!hasPaint(mask)) throw new ToolError(runText('processors.imageInpaintPerson.noPerson', { name: input.name }));
  return [{ bytes: new TextEncoder().encode(JSON.stringify(mask)), type: 'application/json' }];
});
