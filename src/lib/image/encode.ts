/**
 * Encoding RGBA frames into a file. Outputs carry no metadata (no EXIF, GPS,
 * comments): only the pixels, already upright.
 */
import { flatten } from './flatten';
import type { ImageFrame, RasterImage } from './types';

export type EncodeFormat = 'png' | 'jpg' | 'webp' | 'avif' | 'jxl' | 'gif' | 'tiff' | 'eps';

export interface EncodeSettings {
  /** 1..100, for JPEG, lossy WebP, AVIF and JPEG XL, and JPEG-compressed TIFF. Default 85. */
  quality?: number;
  /** WebP, AVIF and JPEG XL: lossless instead of lossy. */
  lossless?: boolean;
  /** CSS hex colour (#rgb or #rrggbb) that transparent pixels are flattened onto for JPEG. Default white. */
  background?: string;
  /** TIFF only: LZW (lossless, the default) or JPEG. */
  compression?: 'lzw' | 'jpeg';
  /** PNG only: run OxiPNG over the result (smaller, slower). Default true. */
  optimise?: boolean;
}

export const MIME_TYPES: Record<EncodeFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  jxl: 'image/jxl',
  gif: 'image/gif',
  tiff: 'image/tiff',
  eps: 'application/postscript',
};

function asFrames(image: RasterImage | ImageFrame[]): ImageFrame[] {
  return Array.isArray(image) ? image : [{ ...image, delayMs: 0 }];
}

/**
 * Encodes one image, or frames: GIF keeps them all as an animation (or a
 * still), TIFF writes one page per frame, the other formats take the first.
 */
export async function encode(
  image: RasterImage | ImageFrame[],
  format: EncodeFormat,
  settings: EncodeSettings = {},
): Promise<Uint8Array> {
  const frames = asFrames(image);
  if (frames.length === 0) throw new Error('No image to encode');
  const first = frames[0];
  const quality = settings.quality ?? 85;
  switch (format) {
    case 'jpg': {
      const { encode: encodeJpeg } = await import('./codecs/jpeg');
      return encodeJpeg(flatten(first, settings.background), quality);
    }
    case 'png': {
      const codec = await import('./codecs/png');
      const png = await codec.encode(first);
      return settings.optimise === false ? png : codec.optimise(png);
    }
    case 'webp': {
      const { encode: encodeWebp } = await import('./codecs/webp');
      return encodeWebp(first, quality, settings.lossless ?? false);
    }
    case 'avif': {
      const { encode: encodeAvif } = await import('./codecs/avif');
      return encodeAvif(first, quality, settings.lossless ?? false);
    }
    case 'jxl': {
      const { encode: encodeJxl } = await import('./codecs/jxl');
      return encodeJxl(first, quality, settings.lossless ?? false);
    }
    case 'gif': {
      const { encode: encodeGif } = await import('./codecs/gif');
      return encodeGif(frames);
    }
    case 'tiff': {
      const { encode: encodeTiff } = await import('./codecs/tiff');
      return encodeTiff(frames, settings.compression ?? 'lzw', quality);
    }
    case 'eps': {
      const { encode: encodeEps } = await import('./codecs/eps');
      return encodeEps(first);
    }
  }
}
