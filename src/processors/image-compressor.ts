/**
 * Image compressor: re-encodes each picture with MozJPEG, OxiPNG, libwebp,
 * libavif or libjxl at the chosen quality, without metadata (the EXIF
 * orientation is applied to the pixels first). A result in the input's own
 * format that would be larger than the input is replaced by the input
 * itself, its metadata taken out and its pixels untouched (lib/image/
 * strip-metadata.ts), and the result card says so.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolInput, ToolOutput } from '../contract/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { decode } from '../lib/image/decode';
import { encode, MIME_TYPES, type EncodeFormat } from '../lib/image/encode';
import { fitUnder, resizedNote, sizeNotReachedMessage } from '../lib/image/fit-size';
import { quantise } from '../lib/image/quantise';
import { recompressJpeg } from '../lib/image/recompress-jpeg';
import { withMetadataNote, withoutMetadataNote, withoutMetadata } from '../lib/image/strip-metadata';
import type { RasterImage } from '../lib/image/types';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({
  quality: z.number().min(1).max(100).default(80),
  format: z.enum(['original', 'jpg', 'png', 'webp', 'avif', 'jxl']).default('original'),
  /** Search the quality (and, past a floor, the dimensions) for the best file of at most maxKb. */
  limitSize: z.boolean().default(false),
  maxKb: z.number().min(1).max(102400).default(200),
});

/** Below this quality a PNG is reduced to 256 colours before OxiPNG; at or above it PNG stays lossless. */
export const PNG_QUANTISE_BELOW = 80;

const SOURCE_FORMATS: Record<string, EncodeFormat> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The card's note when the input is handed back, without its metadata. */
export const keptNote = () => runText('processors.imageCompressor.keptNote', { metadata: withoutMetadataNote() });
/** The card's note when the input is handed back as it was, its layout not one the metadata can be taken out of. */
export const keptWithMetadataNote = () => runText('processors.imageCompressor.keptNote', { metadata: withMetadataNote() });

/** The card's note when a format the visitor asked for came out larger than the input. */
export function largerNote(format: string): string {
  return runText('processors.imageCompressor.largerNote', { format });
}

const FORMAT_LABELS: Record<EncodeFormat, string> = { jpg: 'JPG', png: 'PNG', webp: 'WebP', avif: 'AVIF', jxl: 'JPEG XL', gif: 'GIF', tiff: 'TIFF', eps: 'EPS' };

/**
 * The slider's quality on libavif's own scale. The slider reads like JPEG's
 * (MozJPEG and libwebp default to 75, libjxl's scale is made to match JPEG's);
 * libavif's default of 50 looks like those at 75, so 75 maps to 50 and the
 * rest of the slider is stretched to 100 at 100.
 */
export function avifQuality(quality: number): number {
  return Math.round(quality <= 75 ? (quality * 50) / 75 : 50 + (quality - 75) * 2);
}

async function compress(image: RasterImage, format: EncodeFormat, quality: number): Promise<Uint8Array> {
  if (format === 'png') return encode(quality < PNG_QUANTISE_BELOW ? quantise(image) : image, 'png');
  return encode(image, format, { quality: format === 'avif' ? avifQuality(quality) : quality });
}

interface Encoded {
  /** The input's format, and the one written. */
  source: EncodeFormat;
  format: EncodeFormat;
  bytes: Uint8Array;
  /** The upright picture's size. */
  width: number;
  height: number;
  /** The size limit's search, when one was set. */
  fitted?: Awaited<ReturnType<typeof fitUnder>>;
}

/** The input re-encoded: straight from JPEG to JPEG where a native path allows it (the command line), else decoded and encoded. */
async function recompress(input: ToolInput, o: z.output<typeof options>, signal: AbortSignal): Promise<Encoded> {
  if (!o.limitSize && (o.format === 'original' || o.format === 'jpg')) {
    const direct = await recompressJpeg(input.name, input.bytes, o.quality);
    if (direct) return { source: 'jpg', format: 'jpg', ...direct };
  }
  const decoded = await decode(input.name, input.bytes);
  const source = SOURCE_FORMATS[decoded.format];
  if (!source) throw new ToolError(runText('processors.imageCompressor.notImage', { name: input.name }));
  const format = o.format === 'original' ? source : o.format;
  const frame = decoded.frames[0];
  throwIfAborted(signal);
  const fitted = o.limitSize ? await fitUnder(frame, o.maxKb * 1024, (image, quality) => compress(image, format, quality), signal) : undefined;
  const bytes = fitted?.bytes ?? (await compress(frame, format, o.quality));
  return { source, format, bytes, width: frame.width, height: frame.height, fitted };
}

export default defineProcessor(options, async (inputs, o, ctx) => {
  const outputs: ToolOutput[] = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    const { source, format, bytes: compressed, width, height, fitted } = await recompress(input, o, ctx.signal);
    const maxBytes = o.maxKb * 1024;
    const originalSize = input.bytes.byteLength;
    const larger = compressed.byteLength >= originalSize;
    // Never hand back a bigger file of the same format. A format the visitor chose is still delivered (a
    // workflow's next step may need it, as JPG to PDF after "Photos to One Compact PDF"), and its card says it grew.
    const keep = larger && format === source;
    const cleaned = keep ? withoutMetadata(input.bytes) : null;
    const bytes = keep ? (cleaned ?? input.bytes.slice()) : compressed;
    const output: ToolOutput = {
      bytes,
      type: MIME_TYPES[format],
      meta: {
        originalSize,
        compressedSize: bytes.byteLength,
        compressionRatio: Math.max(0, Math.round((1 - bytes.byteLength / originalSize) * 100)),
        width: keep || !fitted ? width : fitted.width,
        height: keep || !fitted ? height : fitted.height,
      },
    };
    if (keep) {
      output.notice = runText('processors.imageCompressor.alreadyCompressed', { name: input.name });
      output.note = cleaned ? keptNote() : keptWithMetadataNote();
    } else if (larger) output.note = largerNote(FORMAT_LABELS[format]);
    else if (fitted && fitted.fits && fitted.width !== width) output.note = resizedNote(fitted.width, fitted.height, o.maxKb);
    if (fitted && bytes.byteLength > maxBytes) {
      output.notice = sizeNotReachedMessage(input.name, o.maxKb, bytes.byteLength);
      output.noticeTone = 'warning';
      output.note = output.notice;
    }
    outputs.push(output);
    ctx.onProgress(index + 1, inputs.length);
  }
  return outputs;
});
