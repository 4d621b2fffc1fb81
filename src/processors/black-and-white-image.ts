/** Black and white: Rec. 709 luminance in linear light, then the contrast slider (50 leaves it as is). */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { editEach } from '../lib/image/edit';
import { blackAndWhite } from '../lib/image/ops/tone';

export const options = z.object({ contrast: z.number().min(0).max(100) });

export default defineProcessor(options, (inputs, { contrast }, ctx) =>
  editEach(inputs, ctx, (image) => ({ image: blackAndWhite(image, contrast) })),
);
