/**
 * Pictures carrying the metadata a phone or editor writes (EXIF with the
 * camera and a GPS position, XMP, IPTC, comments, text chunks), for the
 * tests that check it never reaches an output.
 */
import { crc32 } from 'node:zlib';

/** Text that only the metadata holds: none of it may be in a cleaned file. */
export const METADATA_MARKERS = ['Exif', 'TestCam', 'http://ns.adobe.com/xap/1.0/', 'GPSLatitude', 'secret comment', '8BIM', 'Photoshop 3.0'];

/** The markers found in the bytes. */
export function markersIn(bytes: Uint8Array, markers = METADATA_MARKERS): string[] {
  const text = Buffer.from(bytes).toString('latin1');
  return markers.filter((marker) => text.includes(marker));
}

/**
 * A little-endian TIFF block as EXIF holds it: IFD0 with the camera make,
 * the orientation and a pointer to a GPS IFD with latitude 48° 51' 30" N.
 */
export function exifTiff(orientation: number): Uint8Array {
  const b = new Uint8Array(96);
  const v = new DataView(b.buffer);
  b.set([0x49, 0x49, 0x2a, 0]);
  v.setUint32(4, 8, true);
  // IFD0 at 8: 3 entries, then the next-IFD pointer (0); its data follows at 50.
  v.setUint16(8, 3, true);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, type, true);
    v.setUint32(at + 4, count, true);
    if (type === 3) v.setUint16(at + 8, value, true);
    else v.setUint32(at + 8, value, true);
  };
  entry(10, 0x010f, 2, 8, 50); // Make, ASCII at 50
  entry(22, 0x0112, 3, 1, orientation);
  entry(34, 0x8825, 4, 1, 58); // GPSInfo IFD at 58
  b.set(new TextEncoder().encode('TestCam\0'), 50);
  // GPS IFD at 58: the latitude's reference (N) and one RATIONAL of it (48/1) at 88.
  v.setUint16(58, 2, true);
  v.setUint16(60, 0x0001, true);
  v.setUint16(62, 2, true);
  v.setUint32(64, 2, true);
  b.set([0x4e, 0], 68); // "N"
  entry(72, 0x0002, 5, 1, 88);
  v.setUint32(84, 0, true);
  v.setUint32(88, 48, true);
  v.setUint32(92, 1, true);
  return b;
}

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 255]);
  out.set(payload, 4);
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The ICC segment a cleaned JPEG must keep (its content is not a real profile; decoders here ignore it). */
export const ICC_SEGMENT = jpegSegment(0xe2, join([text('ICC_PROFILE\0'), new Uint8Array([1, 1]), text('colour profile')]));

/**
 * The JPEG with, after its start, EXIF (camera, orientation, GPS), XMP with a
 * GPS position, an ICC profile, IPTC (APP13) and a comment, and a second
 * picture's worth of bytes after its end, as phones append.
 */
export function jpegWithMetadata(jpeg: Uint8Array, orientation = 1): Uint8Array {
  const exif = jpegSegment(0xe1, join([text('Exif\0\0'), exifTiff(orientation)]));
  const xmp = jpegSegment(0xe1, text('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>48,51.5N</exif:GPSLatitude></x:xmpmeta>'));
  const iptc = jpegSegment(0xed, text('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x05caption'));
  const comment = jpegSegment(0xfe, text('secret comment'));
  const trailer = join([new Uint8Array([0xff, 0xd8]), jpegSegment(0xe1, join([text('Exif\0\0'), exifTiff(1)])), new Uint8Array([0xff, 0xd9])]);
  return join([jpeg.subarray(0, 2), exif, xmp, ICC_SEGMENT, iptc, comment, jpeg.subarray(2), trailer]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(text(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG with tEXt, iTXt (XMP), eXIf (camera and GPS) and tIME chunks before its image data. */
export function pngWithMetadata(png: Uint8Array): Uint8Array {
  // IHDR is 8 + 25 bytes; the metadata goes right after it.
  const head = png.subarray(0, 33);
  return join([
    head,
    pngChunk('tEXt', text('Comment\0secret comment')),
    pngChunk('iTXt', text('XML:com.adobe.xmp\0\0\0\0\0http://ns.adobe.com/xap/1.0/ GPSLatitude')),
    pngChunk('eXIf', exifTiff(1)),
    pngChunk('tIME', new Uint8Array([0x07, 0xe8, 1, 2, 3, 4, 5])),
    png.subarray(33),
  ]);
}

function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1));
  out.set(text(type));
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

/** A simple (VP8 or VP8L) WebP turned into an extended one carrying EXIF and XMP chunks. */
export function webpWithMetadata(webp: Uint8Array, width: number, height: number): Uint8Array {
  const image = webp.subarray(12);
  const header = new Uint8Array(10);
  header[0] = 0x08 | 0x04; // EXIF and XMP present
  header.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 4);
  header.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 7);
  const body = join([text('WEBP'), riffChunk('VP8X', header), image, riffChunk('EXIF', exifTiff(1)), riffChunk('XMP ', text('http://ns.adobe.com/xap/1.0/ GPSLatitude'))]);
  const out = join([text('RIFF'), new Uint8Array(4), body]);
  new DataView(out.buffer).setUint32(4, body.length, true);
  return out;
}
