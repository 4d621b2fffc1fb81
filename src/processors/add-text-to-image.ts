/** Add text: writes the text in the image's centre, in the chosen size and colour, with a font served by the site. */
import { z } from 'zod';
import { defineProcessor } from '../engine/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { parseHexColour } from '../lib/image/ops/raster';
import { drawText } from '../lib/image/text';

export const options = z.object({
  text: z.string(),
  fontSize: z.number().int().min(1).max(500),
  textColor: z.string(),
});

export default defineProcessor(options, async (inputs, { text, fontSize, textColor }, ctx) => {
  if (text.trim() === '') throw new ToolError('Please upload an image and enter text.');
  if (!parseHexColour(textColor)) throw new ToolError(`The text colour ${textColor} is not a colour. Please pick one with the colour field.`);
  return editEach(inputs, ctx, async (image) => ({ image: await drawText(image, text, fontSize, textColor) }));
});
