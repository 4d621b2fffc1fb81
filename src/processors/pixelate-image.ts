/** Pixelate: each block of the chosen size becomes its average colour. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { editEach } from '../lib/image/edit';
import { pixelate } from '../lib/image/ops/tone';

export const options = z.object({ pixelSize: z.number().int().min(2).max(50) });

export default defineProcessor(options, (inputs, { pixelSize }, ctx) =>
  editEach(inputs, ctx, (image) => ({ image: pixelate(image, pixelSize) })),
);
