/**
 * Round image and profile photo: the largest centred square, cut to a
 * circle, square or rounded square with an antialiased edge and transparent
 * corners, written as PNG. The profile photo is also brought down to at most
 * `maxSide` pixels, a size every site accepts for an avatar.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { editEach } from '../lib/image/edit';
import { resize } from '../lib/image/ops/resample';
import { applyShape, centreSquare } from '../lib/image/ops/shape';

export const options = z.object({
  shape: z.enum(['circle', 'square', 'rounded-square']),
  maxSide: z.number().int().min(16).optional(),
});

export default defineProcessor(options, (inputs, { shape, maxSide }, ctx) =>
  editEach(
    inputs,
    ctx,
    async (image) => {
      let square = centreSquare(image);
      if (maxSide && square.width > maxSide) square = await resize(square, maxSide, maxSide, ctx.signal);
      return { image: applyShape(square, shape) };
    },
    { alwaysPng: true },
  ),
);
