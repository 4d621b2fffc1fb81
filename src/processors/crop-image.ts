/** Crop: cuts the X, Y, width, height rectangle out of the image, exactly; an area running past the edge is cut to it. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { clampRect, crop } from '../lib/image/ops/geometry';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});

export default defineProcessor(options, (inputs, { x, y, width, height }, ctx) =>
  editEach(inputs, ctx, (image, input) => {
    const rect = clampRect(image, x, y, width, height);
    if (!rect) {
      throw new ToolError(runText('processors.cropImage.outside', { x, y, name: input.name, width: image.width, height: image.height }));
    }
    const cut = rect.width !== width || rect.height !== height;
    return {
      image: crop(image, rect.x, rect.y, rect.width, rect.height),
      notice: cut ? runText('processors.cropImage.cut', { width: rect.width, height: rect.height }) : undefined,
    };
  }),
);
