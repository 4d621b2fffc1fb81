/**
 * Removing metadata from a JPEG, PNG or WebP file without touching its
 * pictures: the segments or chunks that carry EXIF (camera, GPS position,
 * dates), XMP, IPTC, comments and text are left out and everything else is
 * copied byte for byte, so the file decodes to exactly the same pixels. Used
 * when a tool hands back the visitor's own file (its re-encoding came out
 * larger), since the tools promise outputs without metadata.
 *
 * What stays: a JPEG's JFIF header, ICC colour profile and Adobe segment (it
 * says how the colours are coded), and a PNG's or WebP's colour and
 * animation chunks. A JPEG turned by its EXIF orientation keeps that one tag,
 * in an EXIF segment of its own, so it is shown the same way as before.
 */
import { sniffFormat } from './header';
import { readJpegOrientation } from './jpeg-orientation';
import { runText } from '../i18n/run-messages';

/** Said on a result card when the visitor's file was handed back cleaned. */
export const withoutMetadataNote = (): string => runText('run.metadata.removed');
/** Said on a result card when the visitor's file was handed back as it was. */
export const withMetadataNote = (): string => runText('run.metadata.kept');

const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An APP1 EXIF segment holding only the Orientation tag. */
function orientationSegment(orientation: number): Uint8Array {
  // "Exif\0\0", a little-endian TIFF header, one IFD with one SHORT entry (0x0112), no next IFD.
  const tiff = [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  return new Uint8Array([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body]);
}

/** Whether a JPEG marker segment before the picture data is kept; its payload follows the length. */
function keepJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === 0xfe) return false; // COM: a comment
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frame and scan headers, restart interval
  if (marker === 0xe0 || marker === 0xee) return true; // APP0 JFIF, APP14 Adobe (colour transform)
  // APP2 carries the ICC profile, and also the Multi-Picture index of images after the end (which go).
  return marker === 0xe2 && ascii(payload, 0, 12) === 'ICC_PROFILE\0';
}

/**
 * A JPEG without APP1 (EXIF, XMP), APP13 (IPTC), the other application
 * segments, comments, or anything after the end of the image (a second
 * picture with its own metadata); null when its layout is not one followed here.
 */
function jpegWithoutMetadata(b: Uint8Array): Uint8Array | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const orientation = readJpegOrientation(b);
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let orientationPlaced = orientation === 1;
  let at = 2;
  while (at < b.length) {
    // Stray bytes and fill bytes before a marker are skipped, as libjpeg does.
    while (at < b.length && b[at] !== 0xff) at++;
    while (at < b.length && b[at] === 0xff) at++;
    if (at >= b.length) break;
    const marker = b[at++];
    if (marker === 0xd9) {
      parts.push(new Uint8Array([0xff, 0xd9]));
      break;
    }
    if (marker === 0xd8 || marker === 0x00) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(new Uint8Array([0xff, marker]));
      continue;
    }
    if (at + 2 > b.length) return null;
    const length = be16(b, at);
    if (length < 2 || at + length > b.length) return null;
    const segment = b.subarray(at - 2, at + length);
    const payload = b.subarray(at + 2, at + length);
    at += length;
    // The kept orientation goes after the JFIF header, before anything else.
    if (!orientationPlaced && marker !== 0xe0) {
      parts.push(orientationSegment(orientation));
      orientationPlaced = true;
    }
    if (!keepJpegSegment(marker, payload)) continue;
    parts.push(segment);
    if (marker === 0xda) {
      // The scan's coded data runs to the next marker other than a restart or a stuffed zero.
      const start = at;
      while (at < b.length && !(b[at] === 0xff && at + 1 < b.length && b[at + 1] !== 0x00 && !(b[at + 1] >= 0xd0 && b[at + 1] <= 0xd7))) at++;
      parts.push(b.subarray(start, at));
    }
  }
  return concat(parts);
}

/** PNG chunks that hold text, EXIF or a modification time. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** A PNG without its text, EXIF and time chunks (each chunk kept is copied with its CRC); null when a chunk runs past the end. */
function pngWithoutMetadata(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= b.length) {
    const end = at + 12 + be32(b, at);
    if (end > b.length) return null;
    const type = ascii(b, at + 4, 4);
    if (!PNG_METADATA.has(type)) parts.push(b.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

/** VP8X flags: EXIF and XMP chunks present. */
const WEBP_EXIF = 0x08;
const WEBP_XMP = 0x04;

/** A WebP without its EXIF and XMP chunks, the extended header's flags for them cleared; null when a chunk runs past the end. */
function webpWithoutMetadata(b: Uint8Array): Uint8Array | null {
  const end = Math.min(b.length, 8 + le32(b, 4));
  const parts: Uint8Array[] = [b.subarray(0, 12)];
  let at = 12;
  while (at + 8 <= end) {
    const size = le32(b, at + 4);
    const next = at + 8 + size + (size & 1);
    if (at + 8 + size > end) return null;
    const type = ascii(b, at, 4);
    if (type === 'VP8X' && size >= 10) {
      const chunk = b.slice(at, Math.min(next, end));
      chunk[8] &= ~(WEBP_EXIF | WEBP_XMP);
      parts.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') parts.push(b.subarray(at, Math.min(next, end)));
    at = next;
  }
  const out = concat(parts);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

/**
 * The file without its metadata, decoding to the same pixels: for JPEG, PNG
 * and WebP. Null for other formats, or a file laid out in a way this does
 * not follow (it is then not changed).
 */
export function withoutMetadata(bytes: Uint8Array): Uint8Array | null {
  switch (sniffFormat(bytes)) {
    case 'jpeg':
      return jpegWithoutMetadata(bytes);
    case 'png':
      return pngWithoutMetadata(bytes);
    case 'webp':
      return webpWithoutMetadata(bytes);
    default:
      return null;
  }
}
