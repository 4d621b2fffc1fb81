/**
 * Reading an image's format, pixel size and frame (or page) count from its
 * headers, so a small file that claims a huge image is refused before
 * anything is decoded. There is one reader per format, here, and every tool
 * uses it. Each reader takes what its format's specification allows and what
 * the format's decoder reads; null means only that the size is not where the
 * specification puts it, and the decoder then has the last word.
 */

export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'heic' | 'avif' | 'jxl' | 'psd' | 'eps' | 'pdf';

export interface PixelSize {
  width: number;
  height: number;
}

export interface ImageSize extends PixelSize {
  /** Frames of an animation or pages of a TIFF; 1 for a still image. */
  frames: number;
}

export interface ImageHeader extends PixelSize {
  format: 'png' | 'jpeg';
}

/** Counting stops past this many frames or pages: their pixels are already over every limit. */
export const MAX_FRAMES = 2000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A bare JPEG XL codestream, and the signature box that starts a JPEG XL container. */
const JXL_CODESTREAM = [0xff, 0x0a];
const JXL_CONTAINER = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a];

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

function nonZero(width: number, height: number, frames = 1): ImageSize | null {
  return width > 0 && height > 0 ? { width, height, frames } : null;
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
  if (startsWith(bytes, JXL_CODESTREAM) || startsWith(bytes, JXL_CONTAINER)) return 'jxl';
  if (ascii(bytes, 0, 4) === '8BPS') return 'psd';
  // Encapsulated PostScript, plain or behind a DOS EPS binary header.
  if (ascii(bytes, 0, 10) === '%!PS-Adobe' || startsWith(bytes, [0xc5, 0xd0, 0xd3, 0xc6])) return 'eps';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** PNG: width and height from the IHDR chunk, which the format requires to come first. */
export function readPngSize(bytes: Uint8Array): PixelSize | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 24) return null;
  if (ascii(bytes, 12, 4) !== 'IHDR' || be32(bytes, 8) < 8) return null;
  const size = nonZero(be32(bytes, 16), be32(bytes, 20));
  return size && { width: size.width, height: size.height };
}

/** One marker segment of a JPEG: its marker and where its payload (after the length) lies. */
export interface JpegSegment {
  marker: number;
  start: number;
  length: number;
}

/**
 * The marker segments of a JPEG before its first scan, walked as libjpeg
 * walks them: stray bytes before a marker are skipped (libjpeg warns and
 * reads on), as are 0xFF fill bytes, stuffed zeros and the markers that carry
 * no length. Ends at the first scan, at the end of the image, or at a length
 * libjpeg would refuse.
 */
export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return;
  let at = 2;
  while (at < bytes.length) {
    while (at < bytes.length && bytes[at] !== 0xff) at++;
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return;
    const marker = bytes[at++];
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // The image data (SOS), the end of the image, or a second start of image (which libjpeg refuses).
    if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return;
    if (at + 2 > bytes.length) return;
    const length = be16(bytes, at);
    if (length < 2) return;
    yield { marker, start: at + 2, length: length - 2 };
    at += length;
  }
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other tables. */
export function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

export interface JpegFrame extends PixelSize {
  /** Colour components: 1 grey, 3 YCbCr or RGB, 4 CMYK (0 when cut off). */
  components: number;
}

/** JPEG: width, height and number of components from the start-of-frame segment. */
export function readJpegFrame(bytes: Uint8Array): JpegFrame | null {
  for (const { marker, start, length } of jpegSegments(bytes)) {
    if (!isStartOfFrame(marker)) continue;
    if (length < 5 || start + 5 > bytes.length) return null;
    // A height of 0 defers it to a DNL marker after the scan, which libjpeg does not support.
    const size = nonZero(be16(bytes, start + 3), be16(bytes, start + 1));
    return size && { width: size.width, height: size.height, components: bytes[start + 5] ?? 0 };
  }
  return null;
}

/** JPEG: width and height from the start-of-frame segment. */
export function readJpegSize(bytes: Uint8Array): PixelSize | null {
  const frame = readJpegFrame(bytes);
  return frame && { width: frame.width, height: frame.height };
}

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
  return nonZero(width, height, Math.max(frames, 1));
}

/**
 * WebP, from the RIFF container as libwebp reads it. A simple file's first
 * chunk is VP8 (lossy: 14-bit sizes after the key frame's start code) or
 * VP8L (lossless: 14-bit width - 1 and height - 1 after the 0x2F signature,
 * so its whole header fits in 25 bytes); an extended file's is VP8X (24-bit
 * canvas width - 1 and height - 1), and each ANMF chunk after it is a frame.
 * Chunks are padded to an even length. The RIFF size is not checked against
 * the file's length (libwebp decides about a truncated file); as in libwebp,
 * bytes past it are not read as chunks.
 */
export function readWebpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 20 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  const body = 20;
  if (chunk === 'VP8 ') {
    if (b.length < body + 10 || b[body + 3] !== 0x9d || b[body + 4] !== 0x01 || b[body + 5] !== 0x2a) return null;
    return nonZero(le16(b, body + 6) & 0x3fff, le16(b, body + 8) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b.length < body + 5 || b[body] !== 0x2f) return null;
    const bits = le32(b, body + 1);
    return nonZero((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    if (b.length < body + 10) return null;
    const riffEnd = 8 + le32(b, 4);
    const end = riffEnd >= body ? Math.min(b.length, riffEnd) : b.length;
    let frames = 0;
    for (let at = 12; at + 8 <= end && frames <= MAX_FRAMES; ) {
      if (ascii(b, at, 4) === 'ANMF') frames++;
      const size = le32(b, at + 4);
      at += 8 + size + (size & 1);
    }
    return nonZero(le24(b, body + 4) + 1, le24(b, body + 7) + 1, Math.max(frames, 1));
  }
  return null;
}

/** TIFF: the largest page and the number of pages, walking the chain of image file directories. */
export function readTiffSize(b: Uint8Array): ImageSize | null {
  if (b.length < 8) return null;
  const little = b[0] === 0x49;
  const u16 = (at: number) => (little ? le16(b, at) : be16(b, at));
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
  return nonZero(be32(b, 18), be32(b, 14));
}

/** The boxes of an ISO base media file (HEIF) between `from` and `to`: type, payload start and end. */
function* boxes(b: Uint8Array, from: number, to: number): Generator<{ type: string; start: number; end: number }> {
  let at = from;
  while (at + 8 <= to) {
    let size = be32(b, at);
    let header = 8;
    if (size === 1) {
      // A 64-bit size; sizes past 4 GB do not occur in a file read into memory.
      if (at + 16 > to) return;
      size = be32(b, at + 8) * 2 ** 32 + be32(b, at + 12);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) return;
    yield { type: ascii(b, at + 4, 4), start: at + header, end: Math.min(to, at + size) };
    at += size;
  }
}

/** The item properties of a HEIF file (HEIC, AVIF): the primary item, every `ipco` property, and which each item has. */
function heifProperties(b: Uint8Array): { primary: number; properties: { type: string; start: number; end: number }[]; associations: Map<number, number[]> } | null {
  const meta = [...boxes(b, 0, b.length)].find((box) => box.type === 'meta');
  if (!meta) return null;
  let primary = -1;
  const properties: { type: string; start: number; end: number }[] = [];
  const associations = new Map<number, number[]>();
  // meta is a full box: 4 bytes of version and flags before its children.
  for (const box of boxes(b, meta.start + 4, meta.end)) {
    if (box.type === 'pitm') primary = b[box.start] === 0 ? be16(b, box.start + 4) : be32(b, box.start + 4);
    if (box.type !== 'iprp') continue;
    for (const part of boxes(b, box.start, box.end)) {
      // Property indices in ipma count every property in ipco, from 1.
      if (part.type === 'ipco') properties.push(...boxes(b, part.start, part.end));
      if (part.type === 'ipma') readAssociations(b, part.start, part.end, associations);
    }
  }
  return { primary, properties, associations };
}

/**
 * HEIC/HEIF and AVIF: the `ispe` (image spatial extent) property of the
 * primary item, as the `pitm` and `ipma` boxes of the `meta` box name it.
 * For a grid that is the whole picture, not one tile. A file whose primary
 * item cannot be followed gives its largest `ispe`, which no decoded picture
 * exceeds.
 */
export function readHeifSize(b: Uint8Array): ImageSize | null {
  const found = heifProperties(b);
  if (!found) return null;
  const extents = found.properties.map((p) => (p.type === 'ispe' && p.start + 12 <= p.end ? { width: be32(b, p.start + 4), height: be32(b, p.start + 8) } : { width: 0, height: 0 }));
  const own = (found.associations.get(found.primary) ?? []).map((index) => extents[index - 1]).find((e) => e && e.width > 0 && e.height > 0);
  if (own) return nonZero(own.width, own.height);
  const largest = extents.reduce((best, e) => (e.width * e.height > best.width * best.height ? e : best), { width: 0, height: 0 });
  return nonZero(largest.width, largest.height);
}

/** EXIF orientations for a HEIF rotation of 0 to 3 quarter turns anticlockwise, alone and then mirrored left to right. */
const TURNED = [1, 8, 3, 6];
const TURNED_MIRRORED = [2, 7, 4, 5];

/**
 * HEIF (AVIF): how the primary item is to be shown, as an EXIF orientation
 * (1..8): its `irot` (quarter turns anticlockwise) and then its `imir`
 * (axis 0: mirrored left to right about the vertical axis; 1: top to
 * bottom). libavif decodes the stored picture and leaves these to the reader.
 */
export function readHeifOrientation(b: Uint8Array): number {
  const found = heifProperties(b);
  if (!found) return 1;
  let turns = 0;
  let mirror: number | null = null;
  for (const index of found.associations.get(found.primary) ?? []) {
    const p = found.properties[index - 1];
    if (p?.type === 'irot' && p.start < p.end) turns = b[p.start] & 3;
    if (p?.type === 'imir' && p.start < p.end) mirror = b[p.start] & 1;
  }
  if (mirror === null) return TURNED[turns];
  // A top-to-bottom mirror is a half turn and then a left-to-right one.
  return TURNED_MIRRORED[mirror === 1 ? (turns + 2) % 4 : turns];
}

/** The `ipma` box: for each item, the 1-based indices of its properties in `ipco`. */
function readAssociations(b: Uint8Array, start: number, end: number, into: Map<number, number[]>): void {
  const version = b[start];
  const wideIndex = (b[start + 3] & 1) === 1;
  let at = start + 4;
  const count = be32(b, at);
  at += 4;
  for (let i = 0; i < count && at < end; i++) {
    const item = version < 1 ? be16(b, at) : be32(b, at);
    at += version < 1 ? 2 : 4;
    const n = b[at++];
    const indices: number[] = [];
    for (let k = 0; k < n && at < end; k++) {
      indices.push(wideIndex ? be16(b, at) & 0x7fff : b[at] & 0x7f);
      at += wideIndex ? 2 : 1;
    }
    into.set(item, indices);
  }
}

/** Bits of a JPEG XL codestream, least significant first, as the format packs them. */
class BitReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  /** The next `n` bits as a number, or throws past the end. */
  bits(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++, this.at++) {
      const byte = this.bytes[this.at >> 3];
      if (byte === undefined) throw new RangeError('truncated');
      value += ((byte >> (this.at & 7)) & 1) * 2 ** i;
    }
    return value;
  }
}

/** The width / height ratios a JPEG XL SizeHeader may name instead of a width. */
const JXL_RATIOS: [number, number][] = [[1, 1], [12, 10], [4, 3], [3, 2], [16, 9], [5, 4], [2, 1]];

/**
 * JPEG XL codestream (ISO/IEC 18181-1): the SizeHeader after the 0xFF0A
 * signature, then the orientation from the start of ImageMetadata, since
 * libjxl turns the picture upright and orientations 5 to 8 swap its sides.
 */
export function readJxlCodestreamSize(b: Uint8Array): ImageSize | null {
  if (!startsWith(b, JXL_CODESTREAM)) return null;
  const r = new BitReader(b.subarray(2));
  // U32(Bits(9), Bits(13), Bits(18), Bits(30)) + 1: a 2-bit selector, then that many bits.
  const big = () => r.bits([9, 13, 18, 30][r.bits(2)]) + 1;
  try {
    const small = r.bits(1) === 1;
    const height = small ? (r.bits(5) + 1) * 8 : big();
    const ratio = r.bits(3);
    let width: number;
    if (ratio > 0) {
      const [num, den] = JXL_RATIOS[ratio - 1];
      width = Math.floor((height * num) / den);
    } else width = small ? (r.bits(5) + 1) * 8 : big();
    let orientation = 1;
    const allDefault = r.bits(1) === 1;
    if (!allDefault && r.bits(1) === 1) orientation = r.bits(3) + 1;
    return orientation > 4 ? nonZero(height, width) : nonZero(width, height);
  } catch {
    return null;
  }
}

/**
 * JPEG XL: a bare codestream, or a container whose codestream is in one
 * `jxlc` box or split over `jxlp` boxes (each after a 4-byte part index);
 * the header needs only the codestream's first bytes.
 */
export function readJxlSize(b: Uint8Array): ImageSize | null {
  if (startsWith(b, JXL_CODESTREAM)) return readJxlCodestreamSize(b);
  if (!startsWith(b, JXL_CONTAINER)) return null;
  const parts: Uint8Array[] = [];
  let length = 0;
  for (const box of boxes(b, 0, b.length)) {
    if (box.type === 'jxlc') return readJxlCodestreamSize(b.subarray(box.start, box.end));
    if (box.type === 'jxlp' && box.start + 4 <= box.end) {
      parts.push(b.subarray(box.start + 4, box.end));
      length += box.end - box.start - 4;
      // The SizeHeader and orientation take at most 13 bytes after the signature.
      if (length >= 64) break;
    }
  }
  if (parts.length === 0) return null;
  const head = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    head.set(part, at);
    at += part.length;
  }
  return readJxlCodestreamSize(head);
}

/** The PostScript of an EPS: the whole file, or the section a DOS EPS binary header points to. */
export function postscriptOf(bytes: Uint8Array): Uint8Array | null {
  if (startsWith(bytes, [0xc5, 0xd0, 0xd3, 0xc6])) {
    if (bytes.length < 30) return null;
    const start = le32(bytes, 4);
    const length = le32(bytes, 8);
    if (start + length > bytes.length || length === 0) return null;
    return bytes.subarray(start, start + length);
  }
  return bytes;
}

const BOX = /^%%(HiRes)?BoundingBox:[ \t]*(-?[\d.]+)[ \t]+(-?[\d.]+)[ \t]+(-?[\d.]+)[ \t]+(-?[\d.]+)/gm;

/** EPS: the bounding box in points, from the DSC comments at the start (or, for "(atend)", the end). */
export function epsBoundingBox(postscript: Uint8Array): PixelSize | null {
  const latin1 = (part: Uint8Array) => new TextDecoder('latin1').decode(part);
  const head = latin1(postscript.subarray(0, 65536));
  const tail = postscript.length > 65536 ? latin1(postscript.subarray(postscript.length - 65536)) : '';
  let best: { width: number; height: number; hires: boolean } | null = null;
  for (const text of [head, tail]) {
    for (const m of text.matchAll(BOX)) {
      const [llx, lly, urx, ury] = [m[2], m[3], m[4], m[5]].map(Number);
      const box = { width: urx - llx, height: ury - lly, hires: !!m[1] };
      if (!(box.width > 0 && box.height > 0)) continue;
      if (!best || (box.hires && !best.hires)) best = box;
    }
    if (best) break;
  }
  return best && { width: best.width, height: best.height };
}

/** EPS: the pixel size of the bounding box rendered at `dpi`. */
export function epsPixelSize(postscript: Uint8Array, dpi: number): ImageSize | null {
  const box = epsBoundingBox(postscript);
  if (!box) return null;
  // Rounded as Ghostscript rounds the cropped page.
  return { width: Math.max(1, Math.round((box.width * dpi) / 72)), height: Math.max(1, Math.round((box.height * dpi) / 72)), frames: 1 };
}

/**
 * The size and frame count of any format the codec layer reads; null when
 * its header does not say (a damaged or truncated header, or a layout the
 * reader does not follow). EPS is measured at `dpi` (150 when not given).
 */
export function readImageSize(bytes: Uint8Array, { format = sniffFormat(bytes), dpi = 150 }: { format?: SniffedFormat | null; dpi?: number } = {}): ImageSize | null {
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
    case 'jxl':
      return readJxlSize(bytes);
    case 'eps': {
      const postscript = postscriptOf(bytes);
      return postscript && epsPixelSize(postscript, dpi);
    }
    default:
      return null;
  }
}

/** Format and size of a PNG or JPEG from its header; null when the bytes are neither or the header is unreadable. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = sniffFormat(bytes);
  const size = format === 'png' ? readPngSize(bytes) : format === 'jpeg' ? readJpegSize(bytes) : null;
  return size && { format: format as 'png' | 'jpeg', ...size };
}
