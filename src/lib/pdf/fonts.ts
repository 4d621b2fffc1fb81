/**
 * The DejaVu Sans family embedded in generated PDFs, so Latin, Greek and
 * Cyrillic text renders everywhere. In the browser the font files are served
 * from the site's own origin (Vite `?url`); in Node they are read from disk.
 */
import { PDFDocument, type PDFFont } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import italicUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';
import boldItalicUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf?url';

export type FontVariant = 'regular' | 'bold' | 'italic' | 'boldItalic';

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
}

/** Embeds the requested variants (subset) into the document; missing variants fall back to regular. */
export async function embedFonts(doc: PDFDocument, variants: FontVariant[] = ['regular', 'bold', 'italic', 'boldItalic']): Promise<FontSet> {
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(await loadFontBytes('regular'), { subset: true });
  const set: FontSet = { regular, bold: regular, italic: regular, boldItalic: regular };
  for (const variant of variants) {
    if (variant === 'regular') continue;
    set[variant] = await doc.embedFont(await loadFontBytes(variant), { subset: true });
  }
  return set;
}
