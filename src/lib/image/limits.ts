/**
 * Checks an image file against its expected format and the browser's canvas
 * limits before it is decoded, with messages that name the file.
 */
import { ToolError } from '../errors';
import { readImageHeader, sniffFormat, type ImageHeader, type PixelSize, type SniffedFormat } from './header';
import { pngChunksIntact } from './png-check';
import { runText } from '../i18n/run-messages';

/** Chromium draws nothing on a canvas past these (no exception), so larger images are refused. */
export const MAX_SIDE = 16384;
export const MAX_AREA = 16384 * 16384;

export const LABELS: Record<SniffedFormat, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  bmp: 'BMP',
  tiff: 'TIFF',
  heic: 'HEIC',
  avif: 'AVIF',
  jxl: 'JPEG XL',
  psd: 'PSD',
  eps: 'EPS',
  pdf: 'PDF',
};

/** Message for an image larger than the canvas limits. */
export function tooLargeMessage(name: string, width: number, height: number): string {
  return runText('run.image.tooLarge', { name, width, height, side: MAX_SIDE });
}

/** Message for a file whose content is not the expected format, naming what it is when known. */
export function wrongFormatMessage(name: string, expected: 'png' | 'jpeg', actual: SniffedFormat | null): string {
  const label = LABELS[expected];
  if (!actual || actual === expected) return runText('run.image.wrongFormat', { name, label });
  return runText(actual === 'pdf' ? 'run.image.wrongFormatDocument' : 'run.image.wrongFormatImage', { name, label, found: LABELS[actual] });
}

/** Message for a file with the right signature whose size cannot be read. */
export function unreadableHeaderMessage(name: string, expected: 'png' | 'jpeg'): string {
  return runText('run.image.unreadableHeader', { name, format: LABELS[expected] });
}

/** Throws when the image is larger than a canvas can hold. */
export function assertCanvasSize(name: string, width: number, height: number): void {
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_AREA) {
    throw new ToolError(tooLargeMessage(name, width, height));
  }
}

/**
 * Reads the header of an input that must be a PNG or JPEG and throws a
 * ToolError when it is empty, of another format, damaged or too large. The
 * size is needed here (it lays out the PDF page the image is embedded in),
 * so a header that cannot be read is a damaged file.
 */
export function checkImageInput(name: string, bytes: Uint8Array, expected: 'png' | 'jpeg'): ImageHeader {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.image.emptyOf', { name, format: LABELS[expected] }));
  const format = sniffFormat(bytes);
  if (format !== expected) throw new ToolError(wrongFormatMessage(name, expected, format));
  const header = readImageHeader(bytes);
  if (!header) throw new ToolError(unreadableHeaderMessage(name, expected));
  assertCanvasSize(name, header.width, header.height);
  // pdf-lib copies PNG data without checking it, so a CRC that libpng refuses is caught here.
  if (format === 'png' && !pngChunksIntact(bytes)) throw new ToolError(damagedMessage(name, format));
  return header;
}

/** The most pixels one decoded picture may have (100 megapixels: 400 MB of RGBA). */
export const MAX_PIXELS = 100_000_000;
/** The most pixels all frames of an animation or pages of a TIFF may have together. */
export const MAX_TOTAL_PIXELS = 200_000_000;

/** The message for a file whose header cannot be read or whose codec rejects it. */
export function damagedMessage(name: string, format: SniffedFormat): string {
  return runText('run.image.damaged', { name, format: LABELS[format] });
}

/**
 * Throws before decoding when the header claims more pixels than the limits,
 * naming the file and its size.
 */
export function assertDecodable(name: string, size: { width: number; height: number; frames: number }): void {
  const { width, height, frames } = size;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    const megapixels = Math.round((width * height) / 1e6);
    throw new ToolError(
      runText('run.image.tooManyPixels', { name, width, height, megapixels, side: MAX_SIDE }),
    );
  }
  if (frames > 1 && width * height * frames > MAX_TOTAL_PIXELS) {
    throw new ToolError(
      runText('run.image.tooManyFramePixels', { name, frames, width, height }),
    );
  }
}

/**
 * True when a GIF frame's own size is plausible for its logical screen. A
 * frame may overhang the screen (some encoders write that, and viewers clip
 * it), but one of more than four screens of pixels, or past the picture
 * limit, is damaged: the decoder would allocate for whatever size it claims,
 * which the header's screen size does not bound.
 */
export function gifFrameFits(screen: PixelSize, frame: PixelSize): boolean {
  const pixels = frame.width * frame.height;
  return pixels <= screen.width * screen.height * 4 && pixels <= MAX_PIXELS;
}
