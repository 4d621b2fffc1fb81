/**
 * The CJK fonts (SIL Open Font License), TrueType, always embedded as
 * subsets. Noto Sans SC covers simplified Chinese, the kanji of Japanese (all
 * of the CJK Unified Ideographs block) and both kana scripts, plus Latin;
 * Noto Sans KR covers Hangul, with Hanja and kana. Noto Sans JP has kana
 * and the kanji of Japanese (about 12,700 ideographs) in their Japanese
 * forms, which differ from the Chinese ones in many shared characters (直,
 * 骨, 写 ...). They are about 10, 6 and 5.5 MB, so a font's URL module is
 * imported only when a document needs it.
 * The files are served from the site's own origin; in Node they are read
 * from node_modules.
 */
import { ToolError } from '../errors';
import { runText } from '../i18n/run-messages';

export type CjkFace = 'sc' | 'kr' | 'jp';

const FACES: Record<CjkFace, { path: string[]; url: () => Promise<{ default: string }> }> = {
  sc: {
    path: ['@expo-google-fonts', 'noto-sans-sc', '400Regular', 'NotoSansSC_400Regular.ttf'],
    url: () => import('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url'),
  },
  kr: {
    path: ['@expo-google-fonts', 'noto-sans-kr', '400Regular', 'NotoSansKR_400Regular.ttf'],
    url: () => import('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url'),
  },
  jp: {
    path: ['@expo-google-fonts', 'noto-sans-jp', '400Regular', 'NotoSansJP_400Regular.ttf'],
    url: () => import('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url'),
  },
};

export const cjkFontMessage = (): string => runText('run.font.cjkUnavailable');

const pending = new Map<CjkFace, Promise<Uint8Array>>();

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function readFromDisk(file: string[]): Promise<Uint8Array> {
  // Module names in variables keep the bundler from pulling Node built-ins into the browser build.
  const fsName = 'node:fs/promises';
  const pathName = 'node:path';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  const path = (await import(/* @vite-ignore */ pathName)) as typeof import('node:path');
  return new Uint8Array(await fs.readFile(path.join(process.cwd(), 'node_modules', ...file)));
}

async function fetchFont(face: CjkFace): Promise<Uint8Array> {
  if (isNode()) return readFromDisk(FACES[face].path);
  const { default: url } = await FACES[face].url();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`CJK font: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Table directory entry of a TrueType file. */
interface TableEntry {
  tag: string;
  offset: number;
  length: number;
}

function readTables(view: DataView): TableEntry[] {
  const count = view.getUint16(4);
  const tables: TableEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
    tables.push({ tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  return tables;
}

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    sum = (sum + (((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0))) >>> 0;
  }
  return sum;
}

/**
 * Rewrites a TrueType font so every glyph's data has an even length (long
 * loca offsets). @pdf-lib/fontkit's subsetter stores glyph offsets in the
 * short loca format (offset / 2) without padding, so a font with odd-length
 * glyphs, as this one has, comes out of subsetting with garbled or missing
 * characters. Fonts that are already even are returned unchanged.
 */
export function padGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = readTables(view);
  const find = (tag: string) => tables.find((t) => t.tag === tag);
  const [head, maxp, loca, glyf] = [find('head'), find('maxp'), find('loca'), find('glyf')];
  if (!head || !maxp || !loca || !glyf) return font;
  const long = view.getInt16(head.offset + 50) === 1;
  const glyphs = view.getUint16(maxp.offset + 4);
  const offsets = Array.from({ length: glyphs + 1 }, (_, i) =>
    long ? view.getUint32(loca.offset + 4 * i) : view.getUint16(loca.offset + 2 * i) * 2,
  );
  if (offsets.every((o) => o % 2 === 0)) return font;
  const lengths = offsets.slice(1).map((end, i) => end - offsets[i]!);
  const newGlyf = new Uint8Array(lengths.reduce((sum, n) => sum + n + (n % 2), 0));
  const newLoca = new Uint8Array(4 * (glyphs + 1));
  const locaView = new DataView(newLoca.buffer);
  let at = 0;
  lengths.forEach((n, i) => {
    locaView.setUint32(4 * i, at);
    newGlyf.set(font.subarray(glyf.offset + offsets[i]!, glyf.offset + offsets[i]! + n), at);
    at += n + (n % 2);
  });
  locaView.setUint32(4 * glyphs, at);
  const newHead = font.slice(head.offset, head.offset + head.length);
  new DataView(newHead.buffer).setInt16(50, 1);
  const bodies = tables.map((t) =>
    t.tag === 'glyf' ? newGlyf : t.tag === 'loca' ? newLoca : t.tag === 'head' ? newHead : font.subarray(t.offset, t.offset + t.length),
  );
  const headerSize = 12 + 16 * tables.length;
  const total = bodies.reduce((sum, b) => sum + ((b.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  out.set(font.subarray(0, 12));
  const outView = new DataView(out.buffer);
  let offset = headerSize;
  tables.forEach((_, i) => {
    const body = bodies[i]!;
    const entry = 12 + 16 * i;
    out.set(font.subarray(entry, entry + 4), entry);
    outView.setUint32(entry + 4, checksum(body));
    outView.setUint32(entry + 8, offset);
    outView.setUint32(entry + 12, body.length);
    out.set(body, offset);
    offset += (body.length + 3) & ~3;
  });
  return out;
}

/** The bytes of a CJK font (Noto Sans SC unless asked for KR or JP), loaded once per worker; throws ToolError(cjkFontMessage()) when it cannot be had. */
export function loadCjkFontBytes(face: CjkFace = 'sc'): Promise<Uint8Array> {
  let bytes = pending.get(face);
  if (!bytes) {
    bytes = fetchFont(face)
      .then(padGlyphs)
      .catch((error: unknown) => {
        pending.delete(face);
        console.error(error);
        throw new ToolError(cjkFontMessage());
      });
    pending.set(face, bytes);
  }
  return bytes;
}
