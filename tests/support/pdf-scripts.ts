/**
 * Reads back what a PDF draws, for tests of text in non-Latin scripts: the
 * text of each line as pdf.js extracts it, and the outlines of every glyph
 * in the fonts embedded in the file.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The lines of each page, top to bottom: the items on one baseline joined, whitespace collapsed. */
export async function pdfLines(bytes: Uint8Array): Promise<string[][]> {
  // A copy as a plain Uint8Array: pdf.js takes over the buffer and refuses Node Buffers.
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[][] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      const lines = new Map<number, string[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const y = Math.round(item.transform[5] as number);
        lines.set(y, [...(lines.get(y) ?? []), item.str]);
      }
      pages.push([...lines.entries()].sort((a, b) => b[0] - a[0]).map(([, parts]) => normalize(parts.join(' '))));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

type Font = ReturnType<typeof fontkit.create>;

/** The outline (as an SVG path) of every glyph of every TrueType font embedded in the PDF. */
export async function embeddedOutlines(bytes: Uint8Array): Promise<Set<string>> {
  const doc = await PDFDocument.load(bytes);
  const outlines = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = object.lookup(PDFName.of('FontFile2'));
    if (!(file instanceof PDFRawStream)) continue;
    const font = fontkit.create(decodePDFRawStream(file).decode());
    for (let id = 1; id < font.numGlyphs; id++) outlines.add(font.getGlyph(id).path.toSVG());
  }
  return outlines;
}

export async function dejavuSans(): Promise<Font> {
  return fontkit.create(new Uint8Array(await readFile('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
}

/**
 * The outlines DejaVu Sans draws for Arabic text once shaped (letters in
 * their joined forms), and the outlines of the isolated forms of its letters
 * that shaping replaced everywhere in the text (so a PDF drawn right holds none).
 */
export function arabicForms(font: Font, texts: string[]): { joined: Set<string>; isolatedOnly: Set<string> } {
  const joined = new Set<string>();
  // Each stretch of Arabic words on its own: fontkit shapes a string as the script of its first letter.
  for (const run of texts.join('\n').match(/\p{Script=Arabic}+(?:\s+\p{Script=Arabic}+)*/gu) ?? []) {
    for (const glyph of font.layout(run).glyphs) joined.add(glyph.path.toSVG());
  }
  const isolatedOnly = new Set<string>();
  for (const char of new Set(texts.join('').match(/\p{Script=Arabic}/gu) ?? [])) {
    const outline = font.layout(char).glyphs[0]!.path.toSVG();
    if (!joined.has(outline)) isolatedOnly.add(outline);
  }
  return { joined, isolatedOnly };
}
