/**
 * Resize: Lanczos (lanczos3) resampling to the chosen size. With the aspect
 * ratio kept, the image fits inside width x height without distortion (the
 * page already keeps the two fields in proportion, so this is exact there).
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { editEach } from '../lib/image/edit';
import { assertCanvasSize } from '../lib/image/limits';
import { fitInside, resize } from '../lib/image/ops/resample';

export const options = z.object({
  width: z.number().int().min(1).max(10000),
  height: z.number().int().min(1).max(10000),
  keepAspectRatio: z.boolean(),
});

export default defineProcessor(options, (inputs, { width, height, keepAspectRatio }, ctx) =>
  editEach(inputs, ctx, async (image, input) => {
    const size = keepAspectRatio ? fitInside(image, width, height) : { width, height };
    assertCanvasSize(input.name, size.width, size.height);
    const resized = await resize(image, size.width, size.height, ctx.signal);
    return { image: resized, vars: { width: size.width, height: size.height } };
  }),
);
