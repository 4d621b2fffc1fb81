/**
 * Decoding any image file the site reads into RGBA frames. The format is
 * sniffed from the bytes (never trusted from the name), the size and frame
 * count are checked from the header before decoding, and each codec is
 * loaded only when a file of its format arrives. A file is called damaged
 * when its codec cannot decode it, not because a header reader could not
 * follow it.
 */
import { ToolError } from '../errors';
import { readJpegOrientation } from './jpeg-orientation';
import { postscriptOf, readHeifOrientation, readImageSize, sniffFormat, type SniffedFormat } from './header';
import { assertDecodable, damagedMessage, LABELS } from './limits';
import { applyOrientation } from './orientation';
import { pngChunksIntact } from './png-check';
import type { DecodedImage, ImageFrame, RasterImage } from './types';
import { runText } from '../i18n/run-messages';

export type DecodableFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'heic' | 'avif' | 'jxl' | 'psd' | 'eps';

const DECODABLE: readonly SniffedFormat[] = ['png', 'jpeg', 'webp', 'gif', 'tiff', 'heic', 'avif', 'jxl', 'psd', 'eps'];

/** What a format without pixels of its own (EPS) needs to be drawn. */
export interface DecodeHints {
  /** EPS: the resolution it is rendered at, in dots per inch (150 when not given). */
  dpi?: number;
}

const DEFAULT_DPI = 150;

function still(image: RasterImage): ImageFrame[] {
  return [{ ...image, delayMs: 0 }];
}

async function decodeFormat(name: string, format: DecodableFormat, bytes: Uint8Array, frames: number, hints: DecodeHints): Promise<DecodedImage> {
  switch (format) {
    case 'eps': {
      const { renderEps } = await import('./codecs/ghostscript');
      const { decode } = await import('./codecs/png');
      return { format, frames: still(await decode(await renderEps(postscriptOf(bytes)!, hints.dpi ?? DEFAULT_DPI))) };
    }
    case 'png': {
      const { decode } = await import('./codecs/png');
      return { format, frames: still(await decode(bytes)) };
    }
    case 'jpeg': {
      const { decode } = await import('./codecs/jpeg');
      // MozJPEG returns the stored pixels; viewers show them turned by the EXIF orientation, so the output is turned once here.
      const image = applyOrientation(await decode(bytes), readJpegOrientation(bytes));
      return { format, frames: still(image) };
    }
    case 'webp': {
      const { decode } = await import('./codecs/webp');
      return decode(bytes, frames);
    }
    case 'gif': {
      const { decode } = await import('./codecs/gif');
      return decode(bytes);
    }
    case 'tiff': {
      const { decode } = await import('./codecs/tiff');
      return decode(name, bytes);
    }
    case 'heic': {
      const { decode } = await import('./codecs/heic');
      return { format, frames: still(await decode(name, bytes)) };
    }
    case 'avif': {
      // libavif, AVIF's reference library, the same package that writes AVIF here. It hands back the
      // stored picture, so the file's rotation and mirroring (irot, imir) are applied here, as viewers do.
      const { decode } = await import('./codecs/avif');
      return { format, frames: still(applyOrientation(await decode(bytes), readHeifOrientation(bytes))) };
    }
    case 'jxl': {
      const { decode } = await import('./codecs/jxl');
      return { format, frames: still(await decode(bytes)) };
    }
    case 'psd': {
      const { decode } = await import('./codecs/psd');
      return { format, frames: still(await decode(name, bytes)) };
    }
  }
}

/** The format of a file the codec layer reads, or a ToolError naming the file. */
export function decodableFormat(name: string, bytes: Uint8Array): DecodableFormat {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.image.empty', { name }));
  const format = sniffFormat(bytes);
  if (!format || !DECODABLE.includes(format)) {
    if (!format) throw new ToolError(runText('run.image.notReadable', { name }));
    throw new ToolError(runText(format === 'pdf' ? 'run.image.notReadableDocument' : 'run.image.notReadableImage', { name, found: LABELS[format] }));
  }
  return format as DecodableFormat;
}

/**
 * Decodes a file into straight RGBA frames: one for a still image, several for
 * an animation or a multi-page TIFF. JPEG is turned upright by its EXIF
 * orientation; metadata never travels further than this function.
 */
export async function decode(name: string, bytes: Uint8Array, hints: DecodeHints = {}): Promise<DecodedImage> {
  const format = decodableFormat(name, bytes);
  const size = readImageSize(bytes, { format, dpi: hints.dpi ?? DEFAULT_DPI });
  // An EPS has no pixel size of its own: without a bounding box there is nothing to draw it into.
  if (!size && format === 'eps') throw new ToolError(damagedMessage(name, format));
  // A header that claims too many pixels is refused before decoding; one the reader cannot follow is left to the codec, and its pictures are checked below.
  if (size) assertDecodable(name, size);
  if (format === 'png' && !pngChunksIntact(bytes)) throw new ToolError(damagedMessage(name, format));
  let decoded: DecodedImage;
  try {
    decoded = await decodeFormat(name, format, bytes, size?.frames ?? 1, hints);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(damagedMessage(name, format));
  }
  if (decoded.frames.length === 0) throw new ToolError(damagedMessage(name, format));
  for (const frame of decoded.frames) {
    // A lying header must not let a larger picture through.
    assertDecodable(name, { width: frame.width, height: frame.height, frames: 1 });
    if (frame.width < 1 || frame.height < 1 || frame.data.length !== frame.width * frame.height * 4) throw new ToolError(damagedMessage(name, format));
  }
  return decoded;
}
