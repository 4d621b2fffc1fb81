/**
 * How far a shown string moves the text position, in thousandths of the font
 * size, read from the font's own widths: /Widths of a simple font, the
 * standard metrics of the 14 standard fonts that carry none, /W of a CID font
 * with two-byte Identity codes. When text is taken out of a line, the text
 * after it on that line is moved back to where it was drawn with this
 * advance. Fonts whose widths cannot be known give null.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, StandardFontEmbedder, StandardFonts, type PDFDocument } from 'pdf-lib';
import { readWidths } from './font-maps';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';

const N = pdfNames('BaseFont', 'DescendantFonts', 'Differences', 'DW', 'Encoding', 'FirstChar', 'FontDescriptor', 'MissingWidth', 'Subtype', 'Type0', 'Type3', 'W', 'Widths');
const IDENTITY_H = PDFName.of('Identity-H');

export interface FontMetrics {
  /** Each code of a shown string, with its width in thousandths of the font size. */
  glyphs(bytes: Uint8Array): { code: number; width: number; space: boolean }[];
}

const STANDARD = new Set<string>(Object.values(StandardFonts));

/** Glyph names by code in a standard font's own encoding (WinAnsi for the Latin fonts). */
function standardNames(embedder: StandardFontEmbedder): Map<number, string> {
  const names = new Map<number, string>();
  for (const codePoint of embedder.encoding.supportedCodePoints) {
    const { code, name } = embedder.encoding.encodeUnicodeCodePoint(codePoint);
    if (!names.has(code)) names.set(code, name);
  }
  return names;
}

function numberAt(doc: PDFDocument, value: unknown): number | undefined {
  const object = value === undefined ? undefined : lookup(doc, value as never);
  return object instanceof PDFNumber ? object.asNumber() : undefined;
}

function simpleMetrics(doc: PDFDocument, font: PDFDict): FontMetrics | null {
  const widths = arrayOf(doc, font.get(N.Widths));
  if (widths) {
    const first = numberAt(doc, font.get(N.FirstChar)) ?? 0;
    const missing = numberAt(doc, dictOf(doc, font.get(N.FontDescriptor))?.get(N.MissingWidth)) ?? 0;
    return {
      glyphs: (bytes) => [...bytes].map((code) => ({ code, width: numberAt(doc, widths.get(code - first)) ?? missing, space: code === 32 })),
    };
  }
  const base = lookup(doc, font.get(N.BaseFont));
  const name = base instanceof PDFName ? base.decodeText() : '';
  if (!STANDARD.has(name)) return null;
  // pdf-lib names the 14 fonts with the same strings as its StandardFonts.
  const embedder = StandardFontEmbedder.for(name as Parameters<typeof StandardFontEmbedder.for>[0]);
  const names = standardNames(embedder);
  const differences = arrayOf(doc, dictOf(doc, font.get(N.Encoding))?.get(N.Differences));
  let code = 0;
  for (const item of differences?.asArray() ?? []) {
    const value = lookup(doc, item);
    if (value instanceof PDFNumber) code = value.asNumber();
    else if (value instanceof PDFName) names.set(code++, value.decodeText());
  }
  return {
    glyphs: (bytes) => [...bytes].map((c) => ({ code: c, width: embedder.font.getWidthOfGlyph(names.get(c) ?? '') ?? 0, space: c === 32 })),
  };
}

function cidMetrics(doc: PDFDocument, font: PDFDict): FontMetrics | null {
  // Other CMaps map codes of varying length to CIDs; only the two-byte identity is read here.
  if (lookup(doc, font.get(N.Encoding)) !== IDENTITY_H) return null;
  const descendant = dictOf(doc, arrayOf(doc, font.get(N.DescendantFonts))?.get(0));
  if (!descendant) return null;
  const w = lookup(doc, descendant.get(N.W));
  const widths = w instanceof PDFArray ? readWidths(w) : new Map<number, number>();
  if (!widths) return null;
  const fallback = numberAt(doc, descendant.get(N.DW)) ?? 1000;
  return {
    glyphs: (bytes) => {
      const out: { code: number; width: number; space: boolean }[] = [];
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        const code = (bytes[i] << 8) | bytes[i + 1];
        out.push({ code, width: widths.get(code) ?? fallback, space: false });
      }
      return out;
    },
  };
}

/** The metrics of a font dictionary, or null when its widths cannot be read. */
export function fontMetrics(doc: PDFDocument, font: PDFDict | undefined): FontMetrics | null {
  if (!font) return null;
  const subtype = lookup(doc, font.get(N.Subtype));
  try {
    if (subtype === N.Type3) return null;
    if (subtype === N.Type0) return cidMetrics(doc, font);
    return simpleMetrics(doc, font);
  } catch {
    return null;
  }
}
