/**
 * Pixel size and frame (or page) count of every format the codec layer reads,
 * from the file's own headers, so the limits are checked before any pixel is
 * decoded. Each reader returns null when the header is missing or cut off.
 */
import { readJpegSize, readPngSize, sniffFormat, type SniffedFormat } from './header';

export interface ImageSize {
  width: number;
  height: number;
  /** Frames of an animation or pages of a TIFF; 1 for a still image. */
  frames: number;
}

/** More frames or pages than this is refused outright, whatever their size. */
export const MAX_FRAMES = 2000;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** GIF: the logical screen, and the number of image descriptors found by walking the blocks. */
export function readGifSize(b: Uint8Array): ImageSize | null {
  if (b.length < 13 || ascii(b, 0, 4) !== 'GIF8') return null;
  const width = le16(b, 6);
  const height = le16(b, 8);
  let at = 13;
  if (b[10] & 0x80) at += 3 * (1 << ((b[10] & 7) + 1));
  let frames = 0;
  const skipSubBlocks = () => {
    while (at < b.length && b[at] !== 0) at += b[at] + 1;
    at += 1;
  };
  while (at < b.length && frames <= MAX_FRAMES) {
    const block = b[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (at + 10 > b.length) break;
      const packed = b[at + 9];
      at += 10;
      if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
      at += 1; // LZW minimum code size
      skipSubBlocks();
      frames++;
    } else break; // garbage after the last frame: what came before still counts
  }
  if (width === 0 || height === 0) return null;
  return { width, height, frames: Math.max(frames, 1) };
}

/** WebP: the VP8, VP8L or VP8X (extended: canvas size and animation frames) header. */
export function readWebpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return nonZero(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff, 1);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = le32(b, 21);
    return nonZero((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, 1);
  }
  if (chunk === 'VP8X') {
    const width = le24(b, 24) + 1;
    const height = le24(b, 27) + 1;
    let frames = 0;
    let at = 12;
    while (at + 8 <= b.length && frames <= MAX_FRAMES) {
      if (ascii(b, at, 4) === 'ANMF') frames++;
      at += 8 + le32(b, at + 4) + (le32(b, at + 4) & 1);
    }
    return nonZero(width, height, Math.max(frames, 1));
  }
  return null;
}

/** TIFF: the largest page and the number of pages, walking the chain of image file directories. */
export function readTiffSize(b: Uint8Array): ImageSize | null {
  if (b.length < 8) return null;
  const little = b[0] === 0x49;
  const u16 = (at: number) => (little ? le16(b, at) : (b[at] << 8) | b[at + 1]);
  const u32 = (at: number) => (little ? le32(b, at) : be32(b, at));
  let ifd = u32(4);
  const seen = new Set<number>();
  let width = 0;
  let height = 0;
  let pages = 0;
  while (ifd !== 0 && ifd + 2 <= b.length && !seen.has(ifd) && pages <= MAX_FRAMES) {
    seen.add(ifd);
    const count = u16(ifd);
    let w = 0;
    let h = 0;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > b.length) return null;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
      if (tag === 256) w = value;
      if (tag === 257) h = value;
    }
    if (w > 0 && h > 0) {
      pages++;
      if (w * h > width * height) [width, height] = [w, h];
    }
    const next = ifd + 2 + count * 12;
    if (next + 4 > b.length) break;
    ifd = u32(next);
  }
  return pages === 0 ? null : { width, height, frames: pages };
}

/** PSD and PSB: the document size from the fixed file header. */
export function readPsdSize(b: Uint8Array): ImageSize | null {
  if (b.length < 26 || ascii(b, 0, 4) !== '8BPS') return null;
  return nonZero(be32(b, 18), be32(b, 14), 1);
}

/**
 * HEIC/HEIF: the largest `ispe` (image spatial extent) property in the meta
 * box, which for a grid image is the whole picture, not one tile.
 */
export function readHeifSize(b: Uint8Array): ImageSize | null {
  let at = 0;
  while (at + 8 <= b.length) {
    let size = be32(b, at);
    const type = ascii(b, at + 4, 4);
    if (size === 1) size = b.length - at; // 64-bit sizes occur only for mdat, which comes after meta
    if (size === 0) size = b.length - at;
    if (size < 8) return null;
    if (type === 'meta') return largestExtent(b.subarray(at, Math.min(b.length, at + size)));
    at += size;
  }
  return null;
}

function largestExtent(meta: Uint8Array): ImageSize | null {
  let width = 0;
  let height = 0;
  let images = 0;
  for (let at = 4; at + 16 <= meta.length; at++) {
    if (meta[at] !== 0x69 || ascii(meta, at, 4) !== 'ispe') continue;
    const w = be32(meta, at + 8);
    const h = be32(meta, at + 12);
    images++;
    if (w * h > width * height) [width, height] = [w, h];
  }
  return images === 0 ? null : nonZero(width, height, 1);
}

function nonZero(width: number, height: number, frames: number): ImageSize | null {
  return width > 0 && height > 0 ? { width, height, frames } : null;
}

/** The size of any format the codec layer reads; null when unreadable (a damaged or truncated header). */
export function readImageSize(bytes: Uint8Array, format: SniffedFormat | null = sniffFormat(bytes)): ImageSize | null {
  switch (format) {
    case 'png': {
      const s = readPngSize(bytes);
      // An APNG's frames are never larger than its canvas; the still decoder reads only the first.
      return s && { ...s, frames: 1 };
    }
    case 'jpeg': {
      const s = readJpegSize(bytes);
      return s && { ...s, frames: 1 };
    }
    case 'gif':
      return readGifSize(bytes);
    case 'webp':
      return readWebpSize(bytes);
    case 'tiff':
      return readTiffSize(bytes);
    case 'psd':
      return readPsdSize(bytes);
    case 'heic':
    case 'avif':
      return readHeifSize(bytes);
    default:
      return null;
  }
}
