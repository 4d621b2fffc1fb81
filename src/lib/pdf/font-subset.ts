/**
 * TrueType subsetting that keeps glyph numbers: the outlines of glyphs the
 * document never shows are emptied, so content streams, widths and the
 * ToUnicode map stay valid without being rewritten (the same GIDs still
 * point at the same glyphs). Tables only layout engines read (GSUB, GPOS,
 * kerning, maths layout, device metrics, the digital signature that no
 * longer matches) are dropped, since PDF readers place every glyph from the
 * PDF's own widths; for the same reason glyph names are dropped from 'post'
 * and the metrics of emptied glyphs are zeroed, which compresses well.
 */

const DROPPED_TABLES = new Set(['DSIG', 'GSUB', 'GPOS', 'GDEF', 'JSTF', 'BASE', 'LTSH', 'VDMX', 'hdmx', 'kern', 'morx', 'mort', 'kerx', 'feat', 'MATH']);

interface Table {
  tag: string;
  data: Uint8Array;
}

function readTables(font: Uint8Array): Map<string, Uint8Array> | null {
  if (font.length < 12) return null;
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const version = view.getUint32(0);
  // TrueType outlines only ('true' is Apple's tag for the same); collections and CFF outlines are left alone.
  if (version !== 0x00010000 && version !== 0x74727565) return null;
  const count = view.getUint16(4);
  if (12 + count * 16 > font.length) return null;
  const tables = new Map<string, Uint8Array>();
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

function writeFont(tables: Table[]): Uint8Array {
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const headerSize = 12 + tables.length * 16;
  const total = tables.reduce((size, table) => size + ((table.data.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const count = tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, count * 16 - power * 16);
  let offset = headerSize;
  let headOffset = -1;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c++) out[record + c] = table.tag.charCodeAt(c);
    view.setUint32(record + 4, checksum(table.data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    if (table.tag === 'head') headOffset = offset;
    offset += (table.data.length + 3) & ~3;
  });
  // head.checkSumAdjustment makes the whole file sum to a fixed value.
  if (headOffset >= 0) view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

/** Adds the glyphs a composite glyph is built from (transitively) to `keep`. */
function addComponents(glyph: Uint8Array, keep: Set<number>, queue: number[], numGlyphs: number): void {
  if (glyph.length < 10) return;
  const view = new DataView(glyph.buffer, glyph.byteOffset, glyph.byteLength);
  if (view.getInt16(0) >= 0) return;
  let p = 10;
  for (;;) {
    if (p + 4 > glyph.length) return;
    const flags = view.getUint16(p);
    const component = view.getUint16(p + 2);
    if (component < numGlyphs && !keep.has(component)) {
      keep.add(component);
      queue.push(component);
    }
    p += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) p += 2;
    else if (flags & 0x0040) p += 4;
    else if (flags & 0x0080) p += 8;
    if (!(flags & 0x0020)) return;
  }
}

/** hmtx with the advance and side bearing of every glyph not kept set to zero. */
function zeroUnusedMetrics(hmtx: Uint8Array, hhea: Uint8Array | undefined, keep: Set<number>, numGlyphs: number): Uint8Array {
  if (!hhea || hhea.length < 36) return hmtx;
  const longMetrics = new DataView(hhea.buffer, hhea.byteOffset, hhea.byteLength).getUint16(34);
  if (longMetrics < 1 || longMetrics * 4 + (numGlyphs - longMetrics) * 2 > hmtx.length) return hmtx;
  const out = hmtx.slice();
  for (let gid = 0; gid < numGlyphs; gid++) {
    if (keep.has(gid)) continue;
    // The last full metric also gives the advance of every glyph after it, so it stays.
    if (gid < longMetrics - 1) out.fill(0, gid * 4, gid * 4 + 4);
    else if (gid >= longMetrics) out.fill(0, longMetrics * 4 + (gid - longMetrics) * 2, longMetrics * 4 + (gid - longMetrics) * 2 + 2);
  }
  return out;
}

/**
 * The font with only `glyphs` (and glyph 0, and the parts of composite
 * glyphs) keeping their outlines; null when the font is not a TrueType font
 * this can read, or the result is not smaller.
 */
export function subsetTrueType(font: Uint8Array, glyphs: Iterable<number>): Uint8Array | null {
  const tables = readTables(font);
  const head = tables?.get('head');
  const maxp = tables?.get('maxp');
  const loca = tables?.get('loca');
  const glyf = tables?.get('glyf');
  if (!tables || !head || !maxp || !loca || !glyf || head.length < 54 || maxp.length < 6) return null;
  const headView = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const numGlyphs = new DataView(maxp.buffer, maxp.byteOffset, maxp.byteLength).getUint16(4);
  const longLoca = headView.getInt16(50) === 1;
  if (loca.length < (numGlyphs + 1) * (longLoca ? 4 : 2)) return null;
  const locaView = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const offsets: number[] = [];
  for (let i = 0; i <= numGlyphs; i++) offsets.push(longLoca ? locaView.getUint32(i * 4) : locaView.getUint16(i * 2) * 2);
  const glyphData = (gid: number) => {
    const start = offsets[gid];
    const end = offsets[gid + 1];
    return end > start && end <= glyf.length ? glyf.subarray(start, end) : new Uint8Array(0);
  };

  const keep = new Set<number>([0]);
  const queue = [0];
  for (const gid of glyphs) {
    if (gid >= 0 && gid < numGlyphs && !keep.has(gid)) {
      keep.add(gid);
      queue.push(gid);
    }
  }
  while (queue.length) addComponents(glyphData(queue.pop()!), keep, queue, numGlyphs);

  let size = 0;
  for (const gid of keep) size += (glyphData(gid).length + 3) & ~3;
  const newGlyf = new Uint8Array(size);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const newLocaView = new DataView(newLoca.buffer);
  let offset = 0;
  for (let gid = 0; gid < numGlyphs; gid++) {
    newLocaView.setUint32(gid * 4, offset);
    if (!keep.has(gid)) continue;
    const data = glyphData(gid);
    newGlyf.set(data, offset);
    offset += (data.length + 3) & ~3;
  }
  newLocaView.setUint32(numGlyphs * 4, offset);

  const newHead = head.slice();
  const newHeadView = new DataView(newHead.buffer);
  newHeadView.setUint32(8, 0);
  newHeadView.setInt16(50, 1);
  const out: Table[] = [];
  for (const [tag, data] of tables) {
    if (DROPPED_TABLES.has(tag)) continue;
    if (tag === 'glyf') out.push({ tag, data: newGlyf });
    else if (tag === 'loca') out.push({ tag, data: newLoca });
    else if (tag === 'head') out.push({ tag, data: newHead });
    else if (tag === 'hmtx') out.push({ tag, data: zeroUnusedMetrics(data, tables.get('hhea'), keep, numGlyphs) });
    else if (tag === 'post' && data.length >= 32) {
      // Version 3: the same metrics without glyph names.
      const post = data.slice(0, 32);
      new DataView(post.buffer).setUint32(0, 0x00030000);
      out.push({ tag, data: post });
    } else out.push({ tag, data });
  }
  const subset = writeFont(out);
  return subset.length < font.length ? subset : null;
}
