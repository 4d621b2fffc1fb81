/** Add border: a frame of the chosen width and colour on every side, so each dimension grows by twice the width. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { addBorder } from '../lib/image/ops/geometry';
import { parseHexColour } from '../lib/image/ops/raster';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ borderWidth: z.number().int().min(1).max(1000), borderColor: z.string() });

export default defineProcessor(options, async (inputs, { borderWidth, borderColor }, ctx) => {
  const colour = parseHexColour(borderColor);
  if (!colour) throw new ToolError(runText('processors.addBorder.badColour', { colour: borderColor }));
  return editEach(inputs, ctx, (image) => ({ image: addBorder(image, borderWidth, colour) }));
});
