/**
 * Increase Image Resolution: super-resolution by an ESRGAN-family model on
 * the device (src/lib/upscale). The model enlarges 4x; 2x is its result
 * brought down by Lanczos resampling, which keeps the detail it drew. Alpha,
 * which the model does not see, is scaled by Lanczos resampling. The model
 * takes tens of seconds per 100,000 pixels, so large inputs are refused
 * before decoding, with the size that works.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { checkEditInput } from '../lib/image/io';
import { resize } from '../lib/image/ops/resample';
import type { RasterImage } from '../lib/image/types';
import { upscale4x } from '../lib/upscale/esrgan';
import { servedUpscaleEnv } from '../lib/upscale/served';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ scale: z.enum(['2x', '4x']) });

/** The largest input, in pixels (about 500 x 500): a minute or two of work on a laptop's CPU. */
export const MAX_INPUT_PIXELS = 250_000;

function hasTransparency(image: RasterImage): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] < 255) return true;
  return false;
}

/** Refuses an image the model would take too long on, with the size that works. */
function assertSmallEnough(name: string, { width, height }: { width: number; height: number }): void {
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ToolError(runText('processors.imageUpscale.tooLarge', { name, width, height, max: MAX_INPUT_PIXELS }));
  }
}

export default defineProcessor(options, async (inputs, { scale }, ctx) => {
  const factor = scale === '4x' ? 4 : 2;
  // Every input is checked from its header before any work starts; one whose header does not say is checked once decoded.
  for (const input of inputs) {
    const { size } = checkEditInput(input.name, input.bytes);
    if (size) assertSmallEnough(input.name, size);
  }
  return editEach(inputs, ctx, async (image, input) => {
    assertSmallEnough(input.name, image);
    let big = await upscale4x(image, servedUpscaleEnv, { onProgress: (done, total) => ctx.onProgress(done, total + 1), signal: ctx.signal });
    if (factor === 2) big = await resize(big, image.width * 2, image.height * 2, ctx.signal);
    if (hasTransparency(image)) {
      const alpha = await resize(image, big.width, big.height, ctx.signal);
      for (let i = 3; i < big.data.length; i += 4) big.data[i] = alpha.data[i];
    }
    return { image: big, vars: { width: big.width, height: big.height } };
  });
});
