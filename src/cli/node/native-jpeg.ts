/**
 * The command line's native JPEG paths, through sharp (libvips with MozJPEG),
 * about twice as fast as the same MozJPEG in WebAssembly. Each is used only
 * where it gives the site's result exactly (native-jpeg-proof.ts proves it
 * before first use):
 * - the encoder, at qualities 70 to 79. Below 70 the site's MozJPEG writes
 *   16-bit quantisation tables where libvips clamps them to 8 bits, and from
 *   80 it subsamples colour 4:2:2, which libvips cannot ask for; there the
 *   WebAssembly encoder runs as on the site;
 * - the decoder, for plain YCbCr files without a colour profile
 *   (plainYcbcrJpeg);
 * - the transcoder, a JPEG recompressed as JPEG in one libvips pipeline, its
 *   pixels never copied into JavaScript, where both of the others apply.
 */
import type { NativeJpegDecoder, NativeJpegEncoder, NativeJpegTranscoder } from '../../lib/image/codecs/jpeg';
import type { RasterImage } from '../../lib/image/types';
import { isStartOfFrame, jpegSegments } from '../../lib/image/header';
import { asMozjpegLayout } from './mozjpeg-markers';

/** The settings of @jsquash/jpeg's defaults (progressive, optimised Huffman codes, trellis, table 3, 4:2:0) in sharp's words. */
function sharpOptions(quality: number) {
  return { quality, mozjpeg: true, chromaSubsampling: '4:2:0' } as const;
}

export type Sharp = typeof import('sharp').default;

export async function loadSharp(): Promise<Sharp | undefined> {
  try {
    // A name in a variable: sharp is an optional native package, never bundled.
    const name = 'sharp';
    const loaded = (await import(/* @vite-ignore */ name)) as { default: Sharp };
    const sharp = loaded.default;
    // One file per worker thread already uses every core (--jobs); libvips' own threads would compete.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  } catch {
    return undefined;
  }
}

/** The qualities at which libvips' MozJPEG is set up as the site's (8-bit tables, 4:2:0). */
export const NATIVE_QUALITIES = { from: 70, to: 79 } as const;

/** True at the qualities where libvips' MozJPEG may write the site's bytes. */
export function acceptsQuality(quality: number): boolean {
  return quality >= NATIVE_QUALITIES.from && quality <= NATIVE_QUALITIES.to;
}

export function nativeEncoder(sharp: Sharp): NativeJpegEncoder {
  const encode = async (image: RasterImage, quality: number) => {
    const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const jpeg = await sharp(pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
      .removeAlpha()
      .jpeg(sharpOptions(quality))
      .toBuffer();
    // A header of another layout than MozJPEG's (another build) is left to WebAssembly.
    return asMozjpegLayout(new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
  };
  return { accepts: acceptsQuality, encode };
}

/**
 * True for the JPEGs whose pixels libvips decodes exactly as the site's
 * MozJPEG does: three 8-bit components (YCbCr), no colour profile (sharp would
 * convert through it) and no Adobe marker (which can mean RGB or CMYK samples).
 * Everything else is left to the WebAssembly decoder.
 */
export function plainYcbcrJpeg(jpeg: Uint8Array): boolean {
  const text = (from: number, length: number) => String.fromCharCode(...jpeg.subarray(from, from + length));
  for (const { marker, start } of jpegSegments(jpeg)) {
    if (marker === 0xe2 && text(start, 11) === 'ICC_PROFILE') return false;
    if (marker === 0xee && text(start, 5) === 'Adobe') return false;
    // Baseline, extended or progressive Huffman frames: 8-bit samples, three components.
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) return jpeg[start] === 8 && jpeg[start + 5] === 3;
    if (isStartOfFrame(marker)) return false;
  }
  return false;
}

/** Decodes through libvips: the stored pixels, not turned by EXIF (decode.ts does that), as RGBA; null for a file it leaves to WebAssembly. */
export function nativeDecoder(sharp: Sharp): NativeJpegDecoder {
  return async (bytes: Uint8Array) => {
    if (!plainYcbcrJpeg(bytes)) return null;
    try {
      const { data, info } = await sharp(bytes, { ignoreIcc: true, failOn: 'warning' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 4) return null;
      return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
    } catch {
      // A damaged file: the WebAssembly decoder says what it can read, as on the site.
      return null;
    }
  };
}

type SharpPipeline = ReturnType<Sharp>;

/** The pipeline turned as applyOrientation turns pixels (EXIF 1..8). sharp mirrors before it rotates. */
function oriented(pipeline: SharpPipeline, orientation: number): SharpPipeline {
  switch (orientation) {
    case 2: return pipeline.flop();
    case 3: return pipeline.rotate(180);
    case 4: return pipeline.flip();
    case 5: return pipeline.flop().rotate(270);
    case 6: return pipeline.rotate(90);
    case 7: return pipeline.flop().rotate(90);
    case 8: return pipeline.rotate(270);
    default: return pipeline;
  }
}

/**
 * Decoding, turning and encoding in one libvips pipeline, for the files and
 * qualities where the decoder and encoder each give the site's result; null
 * for the rest, which take the usual path.
 */
export function nativeTranscoder(sharp: Sharp): NativeJpegTranscoder {
  return async (bytes, orientation, quality) => {
    if (!acceptsQuality(quality) || !plainYcbcrJpeg(bytes)) return null;
    try {
      const jpeg = await oriented(sharp(bytes, { ignoreIcc: true, failOn: 'warning' }), orientation).jpeg(sharpOptions(quality)).toBuffer();
      return asMozjpegLayout(new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
    } catch {
      // A damaged file: the usual path says what it can read, as on the site.
      return null;
    }
  };
}

