/** JPG to PNG: decodes with the browser and writes a lossless PNG of the same pixels. */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { convertImage } from '../lib/image/canvas';
import { checkImageInput } from '../lib/image/limits';

const jpgToPng: Processor = async (inputs, _options, ctx) => {
  if (inputs.length === 0) throw new ToolError('Please upload a JPG image to convert.');
  const outputs = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    checkImageInput(input.name, input.bytes, 'jpeg');
    const image = await convertImage(input.name, input.bytes, 'image/jpeg', { type: 'image/png' });
    outputs.push({
      bytes: image.bytes,
      type: 'image/png',
      meta: { width: image.width, height: image.height, originalSize: input.bytes.byteLength },
    });
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
};

export default jpgToPng;
