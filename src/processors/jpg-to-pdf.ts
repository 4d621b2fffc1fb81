/**
 * JPG to PDF: one page per image, in the order given.
 *
 * Options (none in manifests/pdf/jpg-to-pdf.json yet; read with defaults):
 *   pageSize: 'a4' (default) | 'letter' | 'fit' (page the size of the image at 96 dpi)
 *   orientation: 'auto' (default: landscape pages for wide images) | 'portrait' | 'landscape'
 *   margin: 'none' (default) | 'small' (20 pt) | 'big' (50 pt)
 */
import type { Processor } from '../engine/types';
import { throwIfAborted } from '../lib/errors';
import { imagesToPdf } from '../lib/pdf/images-to-pdf';

const jpgToPdf: Processor = async (inputs, options, ctx) => {
  const bytes = await imagesToPdf(inputs, 'jpeg', options, ctx, 'Please upload JPG image(s) to convert.');
  throwIfAborted(ctx.signal);
  return [{ bytes, type: 'application/pdf', meta: { pageCount: inputs.length, fileCount: inputs.length } }];
};

export default jpgToPdf;
