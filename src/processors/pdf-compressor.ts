/**
 * PDF Compressor: downsamples and re-encodes images, compresses streams and
 * packs objects; returns the original file when it cannot be made smaller.
 *
 * Options (manifests/pdf/pdf-compressor.json):
 *   level: 'low' (200 dpi, JPEG 85) | 'medium' (150 dpi, JPEG 70, default) | 'high' (96 dpi, JPEG 50)
 *
 * Output meta: originalSize, compressedSize (bytes), compressionRatio (percent saved),
 * imagesRecompressed, and kept = 1 when the original was already optimised.
 */
import { z } from 'zod';
import { defineProcessor } from '../engine/processor';
import { isToolError, throwIfAborted, ToolError } from '../lib/errors';
import { compressPdf, LEVELS, type CompressionLevel } from '../lib/pdf/compress';
import { browserJpegCodec, type JpegCodec } from '../lib/pdf/image-codec';

/** The level option: one of the compression levels, medium by default. */
export const options = z.object({
  level: z.enum(Object.keys(LEVELS) as [CompressionLevel, ...CompressionLevel[]]).default('medium'),
});

/** Percent saved, rounded to one decimal. */
export function savedPercent(original: number, compressed: number): number {
  return original > 0 ? Math.round((1000 * (original - compressed)) / original) / 10 : 0;
}

/** A compressor using the given JPEG codec (the browser's canvas by default; Node tests pass their own). */
export function createPdfCompressor(codec: JpegCodec) {
  return defineProcessor(options, async (inputs, { level }, ctx) => {
    const input = inputs[0];
    if (!input) throw new ToolError('Please upload a PDF file to compress.');
    let result;
    try {
      result = await compressPdf(input.bytes, input.name, level, codec, ctx);
    } catch (error) {
      if (isToolError(error) || (error instanceof Error && error.name === 'CancelledError')) throw error;
      // The file opened but some object could not be rewritten: hand back the original rather than fail.
      result = { bytes: input.bytes, kept: true, imagesRecompressed: 0 };
    }
    throwIfAborted(ctx.signal);
    const originalSize = input.bytes.byteLength;
    const compressedSize = result.bytes.byteLength;
    return [
      {
        bytes: result.bytes,
        type: 'application/pdf',
        meta: {
          originalSize,
          compressedSize,
          compressionRatio: savedPercent(originalSize, compressedSize),
          imagesRecompressed: result.imagesRecompressed,
          kept: result.kept ? 1 : 0,
        },
        notice: result.kept ? KEPT_NOTICE : undefined,
      },
    ];
  });
}

/** Said when compression would not make the file smaller, so the original is handed back unchanged. */
export const KEPT_NOTICE =
  'This PDF is already well optimised: compressing it would not make it smaller, so your original file is kept.';

export default createPdfCompressor(browserJpegCodec);
