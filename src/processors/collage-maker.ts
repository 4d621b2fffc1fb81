/** Collage maker: the images, in upload order, scaled to cover the cells of the chosen layout, as one PNG. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { readEach } from '../lib/each-input';
import { ToolError } from '../lib/errors';
import { readInput, writeOutput } from '../lib/image/edit';
import { collageCells, makeCollage } from '../lib/image/ops/collage';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ layout: z.enum(['grid-2x2', 'grid-3x1', 'mixed-1-2']) });

export default defineProcessor(options, async (inputs, { layout }, ctx) => {
  if (inputs.length < 2) throw new ToolError(runText('processors.collageMaker.tooFewImages'));
  const capacity = collageCells(layout).cells.length;
  const used = inputs.slice(0, capacity);
  // An image that cannot be read is left out and listed; a collage needs two that can.
  const read = await readEach(used, ctx, async (input) => (await readInput(input)).image, { min: 2, total: used.length + 1 });
  const images = read.map((r) => r.value);
  const collage = await makeCollage(images, layout, ctx.signal);
  const left = inputs.length - used.length;
  const notice =
    left > 0 ? runText('processors.collageMaker.leftOut', { capacity, left }) : undefined;
  const output = await writeOutput(runText('processors.collage.output'), collage, 'png', { notice, meta: { imageCount: images.length, layout } });
  ctx.onProgress(used.length + 1, used.length + 1);
  return [output];
});
