/**
 * The sfnt container (TrueType and OpenType fonts) read and written table by
 * table, and a bare CFF font program (a PDF's FontFile3 /Type1C or
 * /CIDFontType0C) wrapped in a minimal OpenType font so font tools that take
 * OpenType (hb-subset, fontkit) can read it, and taken out again.
 */

export type Tables = Map<string, Uint8Array>;

/** The tables of an sfnt font; null for anything else (collections, bare CFF, damaged directories). */
export function readTables(font: Uint8Array): Tables | null {
  if (font.length < 12) return null;
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const version = view.getUint32(0);
  // TrueType (1.0 or Apple's 'true') and CFF-based OpenType ('OTTO').
  if (version !== 0x00010000 && version !== 0x74727565 && version !== 0x4f54544f) return null;
  const count = view.getUint16(4);
  if (12 + count * 16 > font.length) return null;
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(font[record], font[record + 1], font[record + 2], font[record + 3]);
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (offset + length > font.length) return null;
    tables.set(tag, font.subarray(offset, offset + length));
  }
  return tables;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = data.length % 4 ? new Uint8Array(data.length + 4 - (data.length % 4)) : data;
  if (padded !== data) padded.set(data);
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

/** An sfnt font from its tables, with table and head checksums. */
export function writeTables(tables: Tables, version = 0x00010000): Uint8Array {
  const sorted = [...tables].sort(([a], [b]) => (a < b ? -1 : 1));
  const headerSize = 12 + sorted.length * 16;
  const total = sorted.reduce((size, [, data]) => size + ((data.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const count = sorted.length;
  const power = 2 ** Math.floor(Math.log2(Math.max(1, count)));
  view.setUint32(0, version);
  view.setUint16(4, count);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, count * 16 - power * 16);
  let offset = headerSize;
  let headOffset = -1;
  sorted.forEach(([tag, data], i) => {
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c++) out[record + c] = tag.charCodeAt(c);
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    out.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += (data.length + 3) & ~3;
  });
  // head.checkSumAdjustment makes the whole file sum to a fixed value.
  if (headOffset >= 52) {
    view.setUint32(headOffset + 8, 0);
    view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  }
  return out;
}

/** Reads a CFF INDEX at `offset`: its items' [start, end) and where it ends; null past the data. */
function readIndex(cff: Uint8Array, offset: number): { items: [number, number][]; end: number } | null {
  if (offset + 2 > cff.length) return null;
  const count = (cff[offset] << 8) | cff[offset + 1];
  if (count === 0) return { items: [], end: offset + 2 };
  const offSize = cff[offset + 2];
  if (offSize < 1 || offSize > 4) return null;
  const offsetsAt = offset + 3;
  const dataAt = offsetsAt + (count + 1) * offSize - 1;
  if (dataAt > cff.length) return null;
  const read = (i: number) => {
    let value = 0;
    for (let k = 0; k < offSize; k++) value = value * 256 + cff[offsetsAt + i * offSize + k];
    return value;
  };
  const items: [number, number][] = [];
  for (let i = 0; i < count; i++) items.push([dataAt + read(i), dataAt + read(i + 1)]);
  const end = dataAt + read(count);
  return end <= cff.length ? { items, end } : null;
}

/** The operators of a CFF DICT with their operands (two-byte operators as 1200 + second byte). */
function readDict(cff: Uint8Array, start: number, end: number): Map<number, number[]> {
  const dict = new Map<number, number[]>();
  let operands: number[] = [];
  let p = start;
  while (p < end) {
    const b = cff[p];
    if (b <= 21) {
      const op = b === 12 ? 1200 + cff[p + 1] : b;
      p += b === 12 ? 2 : 1;
      dict.set(op, operands);
      operands = [];
    } else if (b === 28) {
      operands.push(((cff[p + 1] << 8) | cff[p + 2]) << 16 >> 16);
      p += 3;
    } else if (b === 29) {
      operands.push((cff[p + 1] << 24) | (cff[p + 2] << 16) | (cff[p + 3] << 8) | cff[p + 4]);
      p += 5;
    } else if (b === 30) {
      // A real number: skipped nibble by nibble to its end (0xf); its value is not needed here.
      p++;
      while (p < end && (cff[p] & 0x0f) !== 0x0f && (cff[p] & 0xf0) !== 0xf0) p++;
      p++;
      operands.push(0);
    } else if (b >= 32 && b <= 246) {
      operands.push(b - 139);
      p++;
    } else if (b >= 247 && b <= 250) {
      operands.push((b - 247) * 256 + cff[p + 1] + 108);
      p += 2;
    } else if (b >= 251 && b <= 254) {
      operands.push(-(b - 251) * 256 - cff[p + 1] - 108);
      p += 2;
    } else return dict;
  }
  return dict;
}

export interface CffFacts {
  glyphs: number;
  /** A CID-keyed font (its Top DICT has ROS): its charset holds CIDs. */
  cidKeyed: boolean;
}

/** The glyph count of a bare CFF font (one font, Type 2 charstrings); null for anything else. */
export function cffFacts(cff: Uint8Array): CffFacts | null {
  if (cff.length < 4 || cff[0] !== 1) return null;
  const names = readIndex(cff, cff[2]);
  const top = names && readIndex(cff, names.end);
  if (!top || top.items.length !== 1) return null;
  const dict = readDict(cff, top.items[0][0], top.items[0][1]);
  const charType = dict.get(1206);
  if (charType && charType[0] !== 2) return null;
  const charStrings = dict.get(17)?.[0];
  const index = charStrings !== undefined ? readIndex(cff, charStrings) : null;
  if (!index || index.items.length === 0) return null;
  return { glyphs: index.items.length, cidKeyed: dict.has(1230) };
}

/** A minimal OpenType font around a bare CFF font: 'CFF ', 'head' and 'maxp' (version 0.5, the glyph count). */
export function wrapCff(cff: Uint8Array, glyphs: number): Uint8Array {
  const head = new Uint8Array(54);
  const headView = new DataView(head.buffer);
  headView.setUint32(0, 0x00010000);
  headView.setUint32(12, 0x5f0f3cf5);
  headView.setUint16(18, 1000);
  const maxp = new Uint8Array(6);
  const maxpView = new DataView(maxp.buffer);
  maxpView.setUint32(0, 0x00005000);
  maxpView.setUint16(4, glyphs);
  return writeTables(new Map([['CFF ', cff], ['head', head], ['maxp', maxp]]), 0x4f54544f);
}

/** The 'CFF ' table of an OpenType font; null when it has none. */
export function unwrapCff(font: Uint8Array): Uint8Array | null {
  return readTables(font)?.get('CFF ') ?? null;
}
