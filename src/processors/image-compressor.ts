/**
 * Image compressor: re-encodes each picture with MozJPEG, OxiPNG or libwebp
 * at the chosen quality, without metadata (the EXIF orientation is applied to
 * the pixels first). A result that would be larger than the input is
 * replaced by the input itself, and the visitor is told.
 */
import { z } from 'zod';
import { defineProcessor } from '../engine/processor';
import type { ToolOutput } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { decode } from '../lib/image/decode';
import { encode, MIME_TYPES, type EncodeFormat } from '../lib/image/encode';
import { quantise } from '../lib/image/quantise';
import type { RasterImage } from '../lib/image/types';

export const options = z.object({
  quality: z.number().min(1).max(100).default(80),
  format: z.enum(['original', 'jpg', 'png', 'webp']).default('original'),
});

/** Below this quality a PNG is reduced to 256 colours before OxiPNG; at or above it PNG stays lossless. */
export const PNG_QUANTISE_BELOW = 80;

const SOURCE_FORMATS: Record<string, EncodeFormat> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

async function compress(image: RasterImage, format: EncodeFormat, quality: number): Promise<Uint8Array> {
  if (format === 'png') return encode(quality < PNG_QUANTISE_BELOW ? quantise(image) : image, 'png');
  return encode(image, format, { quality });
}

export default defineProcessor(options, async (inputs, o, ctx) => {
  if (inputs.length === 0) throw new ToolError('Please upload at least one image to compress.');
  const outputs: ToolOutput[] = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    const decoded = await decode(input.name, input.bytes);
    const source = SOURCE_FORMATS[decoded.format];
    if (!source) throw new ToolError(`The file ${input.name} is not a JPG, PNG or WebP image. Please choose one of those.`);
    const format = o.format === 'original' ? source : o.format;
    const frame = decoded.frames[0];
    throwIfAborted(ctx.signal);
    const compressed = await compress(frame, format, o.quality);
    const originalSize = input.bytes.byteLength;
    // Never hand back a bigger file: when re-encoding does not help and the format is unchanged, the input is kept.
    const keep = compressed.byteLength >= originalSize && format === source;
    const bytes = keep ? input.bytes.slice() : compressed;
    const output: ToolOutput = {
      bytes,
      type: MIME_TYPES[format],
      meta: {
        originalSize,
        compressedSize: bytes.byteLength,
        compressionRatio: Math.max(0, Math.round((1 - bytes.byteLength / originalSize) * 100)),
        width: frame.width,
        height: frame.height,
      },
    };
    if (keep) output.notice = `${input.name} is already well compressed, so the original file is kept.`;
    outputs.push(output);
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
});
