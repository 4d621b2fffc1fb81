/**
 * GIF to PDF: the first frame (or every frame, one page each) as a PDF page,
 * transparency kept as a soft mask.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { forEachGifFrame } from '../lib/image/gif-frames';
import { addImagePage, embedRgba, imagePageOptions, newImageDocument } from '../lib/pdf/images-to-pdf';
import { firstInput } from '../lib/inputs';

/** The options of manifests/pdf/gif-to-pdf.json: the page options and which frames become pages. */
export const options = imagePageOptions.extend({
  frames: z.enum(['first', 'all']),
});

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  const doc = await newImageDocument();
  const count = await forEachGifFrame(input.name, input.bytes, options.frames === 'all', (frame, index, total) => {
    throwIfAborted(ctx.signal);
    const ref = embedRgba(doc, frame.data, frame.width, frame.height);
    addImagePage(doc, ref, frame.width, frame.height, 1, options);
    ctx.onProgress(index + 1, total);
  });
  const bytes = await doc.save({ useObjectStreams: true });
  return [{ bytes, type: 'application/pdf', meta: { pageCount: count } }];
});
