/**
 * GIF to PDF: the first frame (or every frame, one page each) as a PDF page,
 * transparency kept as a soft mask.
 *
 * Options (none in manifests/pdf/gif-to-pdf.json yet; read with defaults):
 *   frames: 'first' (default) | 'all'
 *   pageSize: 'a4' (default) | 'letter' | 'fit'
 *   orientation: 'auto' (default) | 'portrait' | 'landscape'
 *   margin: 'none' (default) | 'small' | 'big'
 */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { forEachGifFrame } from '../lib/pdf/gif-frames';
import { addImagePage, embedRgba, newImageDocument, readImagePageOptions } from '../lib/pdf/images-to-pdf';

const gifToPdf: Processor = async (inputs, options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a GIF file to convert.');
  const all = options.frames === 'all' || options.frames === true || options.allFrames === true;
  const pageOptions = readImagePageOptions(options);
  const doc = await newImageDocument();
  const count = await forEachGifFrame(input.name, input.bytes, all, (frame, index, total) => {
    throwIfAborted(ctx.signal);
    const ref = embedRgba(doc, frame.data, frame.width, frame.height);
    addImagePage(doc, ref, frame.width, frame.height, 1, pageOptions);
    ctx.onProgress(index + 1, total);
  });
  const bytes = await doc.save({ useObjectStreams: true });
  return [{ bytes, type: 'application/pdf', meta: { pageCount: count } }];
};

export default gifToPdf;
