/** PNG to JPG: decodes with the browser, flattens transparency onto white and encodes a JPEG at the chosen quality. */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { convertImage } from '../lib/image/canvas';
import { checkImageInput } from '../lib/image/limits';

const DEFAULT_QUALITY = 85;

/** The slider's 10..100 value, with the default for a missing or non-numeric value. */
export function readQuality(value: unknown): number {
  const quality = typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_QUALITY;
  return Math.min(100, Math.max(10, Math.round(quality)));
}

const pngToJpg: Processor = async (inputs, options, ctx) => {
  if (inputs.length === 0) throw new ToolError('Please upload a PNG image to convert.');
  const quality = readQuality(options.quality);
  const outputs = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    checkImageInput(input.name, input.bytes, 'png');
    const image = await convertImage(input.name, input.bytes, 'image/png', {
      type: 'image/jpeg',
      quality: quality / 100,
      // JPEG has no alpha channel: without a fill, transparent pixels encode as black.
      background: '#ffffff',
    });
    outputs.push({
      bytes: image.bytes,
      type: 'image/jpeg',
      meta: { width: image.width, height: image.height, quality, originalSize: input.bytes.byteLength },
    });
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
};

export default pngToJpg;
