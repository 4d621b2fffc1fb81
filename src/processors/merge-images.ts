/** Merge images: one PNG with the images one after the other, vertically or horizontally, with the chosen spacing. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { readEach } from '../lib/each-input';
import { ToolError } from '../lib/errors';
import { readInput, writeOutput } from '../lib/image/edit';
import { mergeStrip } from '../lib/image/ops/geometry';
import { runText } from '../lib/i18n/run-messages';

export const SPACING = { none: 0, small: 5, medium: 10, large: 20 } as const;

export const options = z.object({
  direction: z.enum(['vertical', 'horizontal']),
  spacing: z.enum(['none', 'small', 'medium', 'large']),
});

export default defineProcessor(options, async (inputs, { direction, spacing }, ctx) => {
  if (inputs.length < 2) throw new ToolError(runText('processors.mergeImages.tooFew'));
  // An image that cannot be read is left out and listed; a merge needs two that can.
  const read = await readEach(inputs, ctx, async (input) => (await readInput(input)).image, { min: 2, total: inputs.length + 1 });
  const images = read.map((r) => r.value);
  const merged = mergeStrip(images, direction, SPACING[spacing]);
  const output = await writeOutput(runText('processors.mergeImages.output'), merged, 'png', {
    meta: { imageCount: images.length, direction },
  });
  ctx.onProgress(inputs.length + 1, inputs.length + 1);
  return [output];
});
