/**
 * A JPEG re-encoded as JPEG in one native step, where one is installed (the
 * command line, src/cli/node/native-jpeg-proof.ts, once it has proved its
 * bytes equal); null elsewhere, and the caller decodes and encodes as usual. The
 * bytes are those decode() and encode() would give, so a tool writes the same
 * file either way; only the copies of the pixels are saved.
 */
import { readImageSize, sniffFormat } from './header';
import { readJpegOrientation } from './jpeg-orientation';
import { assertDecodable } from './limits';
import { uprightSize } from './orientation';

export interface Recompressed {
  bytes: Uint8Array;
  /** The upright picture's size (an EXIF orientation of 5 to 8 swaps the stored one). */
  width: number;
  height: number;
}

export async function recompressJpeg(name: string, bytes: Uint8Array, quality: number): Promise<Recompressed | null> {
  if (sniffFormat(bytes) !== 'jpeg') return null;
  const size = readImageSize(bytes, { format: 'jpeg' });
  if (!size) return null;
  // The same refusal decode() gives, before anything is decoded.
  assertDecodable(name, size);
  const orientation = readJpegOrientation(bytes);
  const { transcode } = await import('./codecs/jpeg');
  const recompressed = await transcode(bytes, orientation, quality);
  if (!recompressed) return null;
  return { bytes: recompressed, ...uprightSize(size.width, size.height, orientation) };
}
