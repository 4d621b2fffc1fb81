/**
 * Which glyphs of a font program a PDF font reaches, read from the program
 * itself: the character maps of a TrueType font ('cmap' formats 0, 4, 6 and
 * 12, by platform and encoding), and the glyph names, CIDs and built-in
 * encoding of a CFF font (through fontkit's CFF reader).
 */
import { readTables } from './sfnt';

/** One 'cmap' subtable as a lookup from character code to glyph id (0 when unmapped). */
export type CmapLookup = (code: number) => number;

function u16(data: Uint8Array, at: number): number {
  return at + 2 <= data.length ? (data[at] << 8) | data[at + 1] : 0;
}
function u32(data: Uint8Array, at: number): number {
  return at + 4 <= data.length ? ((data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]) >>> 0 : 0;
}

function subtableLookup(data: Uint8Array, at: number): CmapLookup | null {
  const format = u16(data, at);
  if (format === 0) return (code) => (code < 256 ? data[at + 6 + code] ?? 0 : 0);
  if (format === 6) {
    const first = u16(data, at + 6);
    const count = u16(data, at + 8);
    return (code) => (code >= first && code < first + count ? u16(data, at + 10 + (code - first) * 2) : 0);
  }
  if (format === 4) {
    const segments = u16(data, at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (code) => {
      for (let i = 0; i < segments; i++) {
        if (code > u16(data, ends + i * 2)) continue;
        const start = u16(data, starts + i * 2);
        if (code < start) return 0;
        const delta = u16(data, deltas + i * 2);
        const range = u16(data, ranges + i * 2);
        if (range === 0) return (code + delta) & 0xffff;
        const glyph = u16(data, ranges + i * 2 + range + (code - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  if (format === 12) {
    const groups = u32(data, at + 12);
    return (code) => {
      for (let i = 0; i < groups; i++) {
        const group = at + 16 + i * 12;
        const start = u32(data, group);
        if (code >= start && code <= u32(data, group + 4)) return u32(data, group + 8) + (code - start);
      }
      return 0;
    };
  }
  return null;
}

/** A TrueType or OpenType font's character maps by "platform,encoding"; null when it has no readable 'cmap'. */
export function cmapLookups(font: Uint8Array): Map<string, CmapLookup> | null {
  const cmap = readTables(font)?.get('cmap');
  if (!cmap || cmap.length < 4) return null;
  const lookups = new Map<string, CmapLookup>();
  const count = u16(cmap, 2);
  for (let i = 0; i < count; i++) {
    const record = 4 + i * 8;
    const key = `${u16(cmap, record)},${u16(cmap, record + 2)}`;
    const lookup = subtableLookup(cmap, u32(cmap, record + 4));
    if (lookup && !lookups.has(key)) lookups.set(key, lookup);
  }
  return lookups;
}

/** What a CFF font program says about its glyphs. */
export interface CffGlyphs {
  glyphCount: number;
  cidKeyed: boolean;
  /** Glyph id by name (simple fonts). */
  byName: Map<string, number>;
  /** Glyph id by CID (CID-keyed fonts). */
  byCid: Map<number, number>;
  /** Glyph id by code of the font's built-in encoding (simple fonts); empty when it cannot be read. */
  builtin: Map<number, number>;
}

interface FontkitCff {
  isCIDFont: boolean;
  topDict: {
    CharStrings: unknown[];
    charset: unknown;
    Encoding?: unknown;
  };
  getGlyphName(gid: number): string | null;
}

interface Range {
  first: number;
  nLeft: number;
}

let fontkit: { create(buffer: Uint8Array): unknown } | undefined;

/** Loads fontkit, whose CFF reader cffGlyphs uses, once: its modules take about as long to load as a small PDF takes to compress. */
export async function loadCffReader(): Promise<void> {
  const { default: loaded } = await import('@pdf-lib/fontkit');
  fontkit ??= loaded;
}

/** The glyphs of an OpenType font's 'CFF ' table; null when fontkit cannot read it or is not loaded (loadCffReader). */
export function cffGlyphs(otf: Uint8Array): CffGlyphs | null {
  if (!fontkit) return null;
  try {
    const font = fontkit.create(otf) as { 'CFF '?: FontkitCff };
    const cff = font['CFF '];
    if (!cff) return null;
    const glyphCount = cff.topDict.CharStrings.length;
    const byName = new Map<string, number>();
    const byCid = new Map<number, number>();
    const builtin = new Map<number, number>();
    if (cff.isCIDFont) {
      const charset = cff.topDict.charset as { version: number; glyphs?: number[]; ranges?: Range[] };
      byCid.set(0, 0);
      if (charset.version === 0 && charset.glyphs) charset.glyphs.forEach((cid, i) => byCid.set(cid, i + 1));
      else if (charset.ranges) {
        let gid = 1;
        for (const range of charset.ranges) for (let k = 0; k <= range.nLeft && gid < glyphCount; k++) byCid.set(range.first + k, gid++);
      } else return null;
    } else {
      for (let gid = 0; gid < glyphCount; gid++) {
        const name = cff.getGlyphName(gid);
        if (name && !byName.has(name)) byName.set(name, gid);
      }
      const encoding = cff.topDict.Encoding as string[] | { version: number; codes?: number[]; ranges?: Range[] } | undefined;
      if (Array.isArray(encoding)) {
        encoding.forEach((name, code) => {
          const gid = name ? byName.get(name) : undefined;
          if (gid !== undefined) builtin.set(code, gid);
        });
      } else if (encoding?.version === 0 && encoding.codes) encoding.codes.forEach((code, i) => builtin.set(code, i + 1));
      else if (encoding?.version === 1 && encoding.ranges) {
        let gid = 1;
        for (const range of encoding.ranges) for (let k = 0; k <= range.nLeft; k++) builtin.set(range.first + k, gid++);
      }
    }
    return { glyphCount, cidKeyed: cff.isCIDFont, byName, byCid, builtin };
  } catch {
    return null;
  }
}
