/**
 * Remove objects, a person or a watermark: the area the visitor painted on
 * the page is filled from the rest of the photo by exemplar inpainting
 * (src/lib/image/ops/inpaint.ts). Every unpainted pixel keeps its value; the
 * photo keeps its format.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { editEach } from '../lib/image/edit';
import { inpaint } from '../lib/image/ops/inpaint';
import { hasPaint, maskForImage } from '../lib/image/ops/inpaint-mask';
import { maskSchema } from '../lib/image/ops/inpaint-mask-schema';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ mask: maskSchema.optional() });

/** Above this share of painted pixels too little of the photo is left to fill from. */
const MAX_PAINTED = 0.95;

export default defineProcessor(options, (inputs, { mask }, ctx) =>
  editEach(inputs, ctx, (image, input) => {
    if (!mask || !hasPaint(mask)) {
      throw new ToolError(runText('processors.imageInpaint.nothingPainted', { name: input.name }));
    }
    const hole = maskForImage(mask, image.width, image.height, input.name);
    let painted = 0;
    for (const bit of hole) painted += bit;
    if (painted > MAX_PAINTED * hole.length) {
      throw new ToolError(runText('processors.imageInpaint.paintedAll', { name: input.name }));
    }
    // Progress goes up to one short of the end: editEach reports the finished file.
    const onProgress = (done: number, total: number) => ctx.signal.aborted || ctx.onProgress(done, total + 1);
    return { image: inpaint(image, hole, { signal: ctx.signal, onProgress }) };
  }),
);
