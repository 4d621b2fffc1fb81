/** Flip: mirrors the image horizontally or vertically, pixel for pixel. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { editEach } from '../lib/image/edit';
import { flip } from '../lib/image/ops/geometry';

export const options = z.object({ direction: z.enum(['horizontal', 'vertical']) });

export default defineProcessor(options, (inputs, { direction }, ctx) =>
  editEach(inputs, ctx, (image) => ({ image: flip(image, direction) })),
);
