/** Add text: writes the text centred on the point the visitor placed it (the image's centre unless moved), in the chosen size and colour, with a font served by the site. */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { parseHexColour } from '../lib/image/ops/raster';
import { CENTRE, drawText } from '../lib/image/text';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({
  text: z.string(),
  fontSize: z.number().int().min(1).max(500),
  textColor: z.string(),
  /** The text's centre as fractions of the image's width and height, set by dragging on the page's preview; the centre without them. */
  textX: z.number().min(0).max(1).optional(),
  textY: z.number().min(0).max(1).optional(),
});

export default defineProcessor(options, async (inputs, { text, fontSize, textColor, textX, textY }, ctx) => {
  if (text.trim() === '') throw new ToolError(runText('processors.addText.noText'));
  if (!parseHexColour(textColor)) throw new ToolError(runText('processors.addText.badColour', { colour: textColor }));
  return editEach(inputs, ctx, async (image) => ({ image: await drawText(image, text, fontSize, textColor, { x: textX ?? CENTRE.x, y: textY ?? CENTRE.y }) }));
});
