/**
 * Background tools, one processor configured by the manifest:
 * - remove: the segmentation model's matte becomes the alpha channel (PNG);
 * - transparent: like remove, but a picture on a flat background (a logo, a
 *   scan) is keyed out by that colour with a tolerance, which is exact and
 *   needs no model;
 * - blur: the background is blurred at the chosen intensity behind the sharp subject.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { applyMask, blurBehind, colourKeyMask, edgeColour } from '../lib/image/ops/matte';
import { parseHexColour } from '../lib/image/ops/raster';
import type { RasterImage } from '../lib/image/types';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({
  mode: z.enum(['remove', 'transparent', 'blur']),
  intensity: z.number().min(10).max(100).optional(),
  /** Largest channel difference (0..255) still counted as the key colour. */
  tolerance: z.number().min(0).max(255).default(32),
  /** transparent: auto keys a flat edge colour or runs the model; colour keys out keyColour. */
  method: z.enum(['auto', 'colour']).default('auto'),
  /** The key colour (#rrggbb) of the colour method. */
  keyColour: z.string().optional(),
});

/** Share of edge pixels that must match one colour for the image to count as "on a flat background". */
const FLAT_EDGE = 0.9;

async function subjectMask(image: RasterImage, onProgress: (done: number, total: number) => void): Promise<Uint8Array> {
  const { foregroundMask } = await import('../lib/segment/foreground');
  return foregroundMask(image, onProgress);
}

export default defineProcessor(options, async (inputs, { mode, intensity = 50, tolerance, method, keyColour }, ctx) => {
  // The colour field keeps a value while hidden, so only the chosen method makes it the key.
  const key = method === 'colour' ? parseHexColour(keyColour ?? '#ffffff') : undefined;
  if (key === null) throw new ToolError(runText('processors.background.badKeyColour', { colour: keyColour }));
  const progress = (done: number, total: number) => ctx.signal.aborted || ctx.onProgress(done, total);
  return editEach(
    inputs,
    ctx,
    async (image) => {
      if (mode === 'transparent') {
        const edge = edgeColour(image, tolerance);
        if (key || edge.share >= FLAT_EDGE) {
          return { image: applyMask(image, colourKeyMask(image, key ?? edge.colour, tolerance)), vars: { method: 'colour key' } };
        }
      }
      const mask = await subjectMask(image, progress);
      if (mode === 'blur') {
        // Intensity 10..100 maps to a radius of 0.4 % to 4 % of the longer side.
        const radius = Math.max(1, (intensity / 100) * 0.04 * Math.max(image.width, image.height));
        return { image: blurBehind(image, mask, radius) };
      }
      return { image: applyMask(image, mask), vars: { method: 'segmentation' } };
    },
    { alwaysPng: mode !== 'blur' },
  );
});
