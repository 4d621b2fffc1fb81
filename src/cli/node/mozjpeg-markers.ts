/**
 * MozJPEG through libvips (sharp) and MozJPEG through WebAssembly code the
 * same picture into the same scans, but lay out the header differently:
 * libvips turns the JFIF marker off and emits each quantisation and Huffman
 * table as a marker of its own, where MozJPEG's "max compression" profile,
 * which the WebAssembly build uses, writes JFIF and groups the tables. This
 * rewrites the first layout into the second, so the command line's files are
 * byte for byte the site's. Anything else in the header means the two were
 * not set up alike, and null is returned.
 */

const SOI = 0xd8;
const SOS = 0xda;
const DQT = 0xdb;
const DHT = 0xc4;
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2]);
/** JFIF 1.01, no density unit, 1:1, no thumbnail: what MozJPEG writes by default. */
const JFIF = Uint8Array.of(0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00);

interface Segment {
  marker: number;
  payload: Uint8Array;
}

function segment(marker: number, payloads: Uint8Array[]): Uint8Array {
  const length = 2 + payloads.reduce((sum, p) => sum + p.byteLength, 0);
  const out = new Uint8Array(2 + length);
  out.set([0xff, marker, length >> 8, length & 0xff]);
  let at = 4;
  for (const p of payloads) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * The header segments up to the first scan, and where that scan's marker
 * starts; null when the layout is not the expected one. Stricter than
 * lib/image/header.ts's jpegSegments, which skips stray bytes as libjpeg
 * does: a rewrite must account for every byte, and needs the scan's offset.
 */
function header(jpeg: Uint8Array): { segments: Segment[]; scanAt: number } | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= jpeg.byteLength) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1];
    if (marker === SOS) return { segments, scanAt: at };
    const length = (jpeg[at + 2] << 8) | jpeg[at + 3];
    if (length < 2 || at + 2 + length > jpeg.byteLength) return null;
    segments.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return null;
}

/** The file as MozJPEG's own profile lays it out, or null when its header holds anything but tables and one frame. */
export function asMozjpegLayout(jpeg: Uint8Array): Uint8Array | null {
  const found = header(jpeg);
  if (!found) return null;
  const tables = found.segments.filter((s) => s.marker === DQT);
  const frame = found.segments.filter((s) => FRAME_MARKERS.has(s.marker));
  const huffman = found.segments.filter((s) => s.marker === DHT);
  if (tables.length === 0 || frame.length !== 1 || tables.length + frame.length + huffman.length !== found.segments.length) return null;
  // libjpeg writes the tables first, then the frame, then the Huffman tables of the first scan.
  const order = found.segments.map((s) => s.marker);
  const frameAt = order.findIndex((m) => FRAME_MARKERS.has(m));
  if (order.slice(0, frameAt).some((m) => m !== DQT) || order.slice(frameAt + 1).some((m) => m !== DHT)) return null;
  const parts = [
    Uint8Array.of(0xff, SOI),
    JFIF,
    segment(DQT, tables.map((t) => t.payload)),
    segment(frame[0].marker, [frame[0].payload]),
    ...(huffman.length ? [segment(DHT, huffman.map((h) => h.payload))] : []),
    jpeg.subarray(found.scanAt),
  ];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
