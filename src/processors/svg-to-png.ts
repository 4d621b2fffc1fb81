/**
 * SVG to PNG: the drawing is rasterised at the chosen width and height (kept
 * in proportion and centred, transparent around it) and saved as a PNG.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { encode } from '../lib/image/encode';
import { assertDecodable } from '../lib/image/limits';
import { renderSvg } from '../lib/image/svg-render';

export const options = z.object({ width: z.number().int().min(1).max(10000), height: z.number().int().min(1).max(10000) });

export default defineProcessor(options, async (inputs, { width, height }, ctx) => {
  const outputs = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    assertDecodable(input.name, { width, height, frames: 1 });
    const image = await renderSvg(input.name, input.bytes, width, height);
    throwIfAborted(ctx.signal);
    outputs.push({ bytes: await encode(image, 'png'), type: 'image/png', meta: { width, height } });
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
});
