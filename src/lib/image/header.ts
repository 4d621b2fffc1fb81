/**
 * Reading an image's format and pixel size from its first bytes, so a small
 * file that claims a huge image is refused before anything is decoded.
 */

export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'heic' | 'avif' | 'psd' | 'eps' | 'pdf';

export interface ImageHeader {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** Names the format of the bytes from their magic number, or null when it is not a known image (or PDF). */
export function sniffFormat(bytes: Uint8Array): SniffedFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return 'heic';
  }
  if (ascii(bytes, 0, 4) === '8BPS') return 'psd';
  // Encapsulated PostScript, plain or behind a DOS EPS binary header.
  if (ascii(bytes, 0, 10) === '%!PS-Adobe' || startsWith(bytes, [0xc5, 0xd0, 0xd3, 0xc6])) return 'eps';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 8) | bytes[at + 1];
}

function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

/** Width and height from a PNG's IHDR chunk, which the format requires to come first; null when missing. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 24) return null;
  if (ascii(bytes, 12, 4) !== 'IHDR' || u32(bytes, 8) < 8) return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  if (width === 0 || height === 0) return null;
  return { width, height };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other tables. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Width and height from a JPEG's start-of-frame segment, walking the marker
 * segments from the start; null when the frame header is missing or cut off.
 */
export function readJpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, [0xff, 0xd8])) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // A run of 0xFF bytes is padding before the marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Image data or end of image before any frame header: nothing to size.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length || length < 7) return null;
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      // A height of 0 defers it to a DNL marker after the scan; browsers reject such files.
      if (width === 0 || height === 0) return null;
      return { width, height };
    }
    at += 2 + length;
  }
  return null;
}

/** Format and size of a PNG or JPEG from its header; null when the bytes are neither or the header is unreadable. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = sniffFormat(bytes);
  if (format === 'png') {
    const size = readPngSize(bytes);
    return size && { format, ...size };
  }
  if (format === 'jpeg') {
    const size = readJpegSize(bytes);
    return size && { format, ...size };
  }
  return null;
}
