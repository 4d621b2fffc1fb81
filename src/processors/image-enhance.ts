/**
 * Unblur and Restore Photos, one processor configured by the manifest. No
 * learned deblurring or restoration model ships in an npm package, so both
 * use classical repair (src/lib/image/ops/enhance.ts):
 * - unblur: deconvolution; the Sharpness slider sets the width of the
 *   blur it undoes;
 * - restore: edge-preserving denoise, then auto levels (contrast and colour
 *   cast), then a light deconvolution for the softness of old prints.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { editEach } from '../lib/image/edit';
import { autoLevels, deblur, denoise } from '../lib/image/ops/enhance';

export const options = z.object({
  mode: z.enum(['unblur', 'restore']),
  sharpness: z.number().min(0).max(100).default(50),
});

/** Sharpness 0..100 as the width (standard deviation, in pixels) of the Gaussian blur to undo: 0.6 to 2.6. */
export const deblurSigma = (sharpness: number) => 0.6 + (2 * sharpness) / 100;

export default defineProcessor(options, (inputs, { mode, sharpness }, ctx) => {
  const stop = () => ctx.signal.aborted;
  return editEach(inputs, ctx, (image) => {
    if (mode === 'unblur') {
      return { image: deblur(image, deblurSigma(sharpness), 10, 0.85, stop) };
    }
    return { image: deblur(autoLevels(denoise(image, 0.5)), 1, 2, 0.5, stop) };
  });
});
