/** Reads the EXIF Orientation tag (1..8) of a JPEG without decoding it. */
import { jpegSegments } from './header';

/** The EXIF orientation of a JPEG, or 1 when absent or unreadable. */
export function readJpegOrientation(bytes: Uint8Array): number {
  for (const { marker, start, length } of jpegSegments(bytes)) {
    if (marker !== 0xe1 || length < 14) continue;
    const found = orientationFromExif(bytes.subarray(start, start + length));
    if (found) return found;
  }
  return 1;
}

function orientationFromExif(segment: Uint8Array): number | null {
  if (String.fromCharCode(...segment.subarray(0, 4)) !== 'Exif' || segment[4] !== 0 || segment[5] !== 0) return null;
  const tiff = segment.subarray(6);
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (tiff.length < 8) return null;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/**
 * The PDF matrix [a b c d e f] that draws an image's unit square into a box
 * (x, y, width, height) upright for the given EXIF orientation; width and
 * height are those of the upright picture.
 */
export function orientedMatrix(orientation: number, x: number, y: number, width: number, height: number): number[] {
  // Upright position (p, q), q downwards, as a function of the stored pixel position (s, t), t downwards:
  // p = ps*s + pt*t + p0, q = qs*s + qt*t + q0.
  const table: Record<number, number[]> = {
    1: [1, 0, 0, 0, 1, 0],
    2: [-1, 0, 1, 0, 1, 0],
    3: [-1, 0, 1, 0, -1, 1],
    4: [1, 0, 0, 0, -1, 1],
    5: [0, 1, 0, 1, 0, 0],
    6: [0, -1, 1, 1, 0, 0],
    7: [0, -1, 1, -1, 0, 1],
    8: [0, 1, 0, -1, 0, 1],
  };
  const [ps, pt, p0, qs, qt, q0] = table[orientation] ?? table[1];
  // Image space (u, v) has v upwards: s = u, t = 1 - v.
  // X = x + width * p;  Y = y + height * (1 - q).
  const a = width * ps;
  const c = -width * pt;
  const e = x + width * (pt + p0);
  const b = -height * qs;
  const d = height * qt;
  const f = y + height * (1 - qt - q0);
  return [a, b, c, d, e, f];
}
