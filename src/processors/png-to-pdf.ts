/**
 * PNG to PDF: one page per image, in the order given.
 */
import { defineProcessor } from '../contract/processor';
import { throwIfAborted } from '../lib/errors';
import { imagePageOptions, imagesToPdf } from '../lib/pdf/images-to-pdf';

/** Page size, orientation and margin (manifests/pdf/png-to-pdf.json). */
export const options = imagePageOptions;

export default defineProcessor(options, async (inputs, options, ctx) => {
  const { bytes, pageCount } = await imagesToPdf(inputs, 'png', options, ctx);
  throwIfAborted(ctx.signal);
  return [{ bytes, type: 'application/pdf', meta: { pageCount, fileCount: pageCount } }];
});
