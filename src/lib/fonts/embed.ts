/**
 * The DejaVu Sans family embedded in generated PDFs, so Latin, Greek,
 * Cyrillic, Hebrew and Arabic text renders everywhere, with CJK fonts added
 * when a document has Chinese, Japanese or Korean text. In the browser the
 * font files are served from the site's own origin (Vite `?url`); in Node
 * they are read from disk.
 */
import { PDFDocument, type PDFFont } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { loadCjkFontBytes } from './cjk';
import { CJK_CHAR, HANGUL, type Coverage } from './shaping';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import italicUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';
import boldItalicUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf?url';

export type FontVariant = 'regular' | 'bold' | 'italic' | 'boldItalic';

const CJK_CHARS = new RegExp(CJK_CHAR.source, 'gu');
/** Hiragana, katakana and half-width katakana: text that has them is Japanese. */
const KANA = /[\u3041-\u309f\u30a1-\u30fa\u30fd-\u30ff\u31f0-\u31ff\uff66-\uff9d]/u;

const FILES: Record<FontVariant, { url: string; file: string }> = {
  regular: { url: regularUrl, file: 'DejaVuSans.ttf' },
  bold: { url: boldUrl, file: 'DejaVuSans-Bold.ttf' },
  italic: { url: italicUrl, file: 'DejaVuSans-Oblique.ttf' },
  boldItalic: { url: boldItalicUrl, file: 'DejaVuSans-BoldOblique.ttf' },
};

const cache = new Map<FontVariant, Promise<Uint8Array>>();

function isNode(): boolean {
  // Browsers and workers have no `process` (Vite replaces only process.env.NODE_ENV); Node and test runners do.
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function readFromDisk(file: string): Promise<Uint8Array> {
  // Module names in variables keep the bundler from pulling Node built-ins into the browser build.
  const fsName = 'node:fs/promises';
  const pathName = 'node:path';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  const path = (await import(/* @vite-ignore */ pathName)) as typeof import('node:path');
  return new Uint8Array(await fs.readFile(path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', file)));
}

async function fetchFont(variant: FontVariant): Promise<Uint8Array> {
  const { url, file } = FILES[variant];
  if (isNode()) return readFromDisk(file);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${file} could not be loaded (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The bytes of one DejaVu Sans variant, loaded once per worker. */
export function loadFontBytes(variant: FontVariant): Promise<Uint8Array> {
  let pending = cache.get(variant);
  if (!pending) {
    pending = fetchFont(variant);
    pending.catch(() => cache.delete(variant));
    cache.set(variant, pending);
  }
  return pending;
}

export interface FontSet {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
  /** Fonts tried in order, after the styled font and regular, for characters those lack. */
  fallbacks?: PDFFont[];
  /** Which characters each font has; without it every font is taken to have every character. */
  covers?: Coverage;
}

/**
 * Embeds the requested variants (subset) into the document; missing variants
 * fall back to regular. When any of `texts` has Chinese, Japanese or
 * Korean characters, the CJK fonts they need are embedded too, as fallbacks.
 */
export async function embedFonts(doc: PDFDocument, variants: FontVariant[] = ['regular', 'bold', 'italic', 'boldItalic'], texts: string[] = []): Promise<FontSet> {
  doc.registerFontkit(fontkit);
  // A second, lazily parsed view of each file answers which characters it has.
  const faces = new Map<PDFFont, ReturnType<typeof fontkit.create>>();
  const embed = async (bytes: Uint8Array) => {
    const font = await doc.embedFont(bytes, { subset: true });
    faces.set(font, fontkit.create(bytes));
    return font;
  };
  const regular = await embed(await loadFontBytes('regular'));
  const set: FontSet = { regular, bold: regular, italic: regular, boldItalic: regular };
  for (const variant of variants) {
    if (variant === 'regular') continue;
    set[variant] = await embed(await loadFontBytes(variant));
  }
  // Korean text needs the Korean font, which has Hanja and kana too; Japanese text (it has kana) the Japanese
  // one, which draws kanji in their Japanese forms. The Chinese font is loaded for characters those lack, and
  // when it is, it draws all Chinese characters and kana of the document, so they match: the Japanese font is
  // then left out.
  const korean = texts.some((text) => HANGUL.test(text)) ? await embed(await loadCjkFontBytes('kr')) : undefined;
  const japaneseBytes = texts.some((text) => KANA.test(text)) ? await loadCjkFontBytes('jp') : undefined;
  const loaded = [korean && faces.get(korean), japaneseBytes && fontkit.create(japaneseBytes)].filter((face) => face !== undefined);
  const needsChinese = (text: string) => {
    if (!CJK_CHAR.test(text)) return false;
    for (const [char] of text.matchAll(CJK_CHARS)) if (!loaded.some((face) => face.hasGlyphForCodePoint(char.codePointAt(0)!))) return true;
    return false;
  };
  const chinese = texts.some(needsChinese) ? await embed(await loadCjkFontBytes('sc')) : undefined;
  const japanese = japaneseBytes && !chinese ? await embed(japaneseBytes) : undefined;
  set.fallbacks = [japanese, chinese, korean].filter((font): font is PDFFont => font !== undefined);
  const known = new Map<PDFFont, Map<number, boolean>>();
  set.covers = (font, codePoint) => {
    let cache = known.get(font);
    if (!cache) known.set(font, (cache = new Map()));
    let has = cache.get(codePoint);
    if (has === undefined) cache.set(codePoint, (has = faces.get(font)?.hasGlyphForCodePoint(codePoint) ?? true));
    return has;
  };
  return set;
}
