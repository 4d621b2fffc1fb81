/** Crop: cuts the X, Y, width, height rectangle out of the image, exactly; an area running past the edge is cut to it. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { clampRect, crop } from '../lib/image/ops/geometry';

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
      throw new ToolError(
        `The crop area starts at X ${x}, Y ${y}, outside the image ${input.name} (${image.width} x ${image.height} pixels). Please choose X below ${image.width} and Y below ${image.height}.`,
      );
    }
    const cut = rect.width !== width || rect.height !== height;
    return {
      image: crop(image, rect.x, rect.y, rect.width, rect.height),
      notice: cut ? `The crop area ran past the edge of the image, so it was cut to ${rect.width} x ${rect.height} pixels.` : undefined,
    };
  }),
);
