/**
 * PNG to SVG and JPG to SVG (beta): the image is decoded (upright, by its
 * EXIF orientation) and traced into coloured vector paths.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { decode } from '../lib/image/decode';
import { traceToSvg } from '../lib/image/trace';

export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const outputs = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    const [image] = (await decode(input.name, input.bytes)).frames;
    throwIfAborted(ctx.signal);
    const svg = await traceToSvg(image);
    outputs.push({
      bytes: new TextEncoder().encode(svg),
      type: 'image/svg+xml',
      meta: { width: image.width, height: image.height, paths: (svg.match(/<path /g) ?? []).length },
    });
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
});
