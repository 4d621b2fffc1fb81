/**
 * Subsetting fully embedded TrueType fonts for the compressor. A font is
 * subset only when every glyph it can show is known: it must be a Type0 font
 * with Identity-H/V encoding and a CIDFontType2 descendant whose CIDs are
 * its glyph numbers (CIDToGIDMap Identity), so each two-byte code in a
 * content stream is the glyph drawn; and it must be used only from page and
 * form XObject content, which is read here. A font listed anywhere else is
 * left whole: a form's default resources (AcroForm /DR) and annotation
 * appearances are where a reader types new text into a field, and Type 3
 * glyphs, patterns and fonts set by a graphics state are not read here. The
 * same goes for a font file shared with any font this does not follow.
 * Fonts that are already subsets (a name with a "ABCDEF+" tag) are left as
 * they are.
 */
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { trimToUnicode, trimWidths } from './font-maps';
import { subsetTrueType } from './font-subset';
import { fontUsage, streamBytes } from './font-usage';

const N = {
  Subtype: PDFName.of('Subtype'),
  Type0: PDFName.of('Type0'),
  Encoding: PDFName.of('Encoding'),
  DescendantFonts: PDFName.of('DescendantFonts'),
  CIDFontType2: PDFName.of('CIDFontType2'),
  CIDToGIDMap: PDFName.of('CIDToGIDMap'),
  Identity: PDFName.of('Identity'),
  FontDescriptor: PDFName.of('FontDescriptor'),
  FontFile2: PDFName.of('FontFile2'),
  FontName: PDFName.of('FontName'),
  BaseFont: PDFName.of('BaseFont'),
  W: PDFName.of('W'),
  ToUnicode: PDFName.of('ToUnicode'),
};

const SUBSET_TAG = /^[A-Z]{6}\+/;

interface Candidate {
  type0: PDFDict;
  cidFont: PDFDict;
  descriptor: PDFDict;
  fileRef: PDFRef;
  file: PDFRawStream;
  glyphs: Set<number>;
}

/** The Type0 font at `ref` when it is one this module can subset. */
function candidateOf(doc: PDFDocument, ref: PDFRef): Candidate | null {
  const type0 = doc.context.lookup(ref);
  if (!(type0 instanceof PDFDict) || type0.get(N.Subtype) !== N.Type0) return null;
  const encoding = type0.get(N.Encoding);
  if (encoding !== PDFName.of('Identity-H') && encoding !== PDFName.of('Identity-V')) return null;
  const descendants = type0.lookup(N.DescendantFonts);
  const cidFont = descendants instanceof PDFArray && descendants.size() === 1 ? descendants.lookup(0) : undefined;
  if (!(cidFont instanceof PDFDict) || cidFont.get(N.Subtype) !== N.CIDFontType2) return null;
  const map = cidFont.get(N.CIDToGIDMap);
  if (map !== undefined && map !== N.Identity) return null;
  const descriptor = cidFont.lookup(N.FontDescriptor);
  if (!(descriptor instanceof PDFDict)) return null;
  const name = descriptor.get(N.FontName);
  if (!(name instanceof PDFName) || SUBSET_TAG.test(name.decodeText())) return null;
  const fileRef = descriptor.get(N.FontFile2);
  const file = fileRef instanceof PDFRef ? doc.context.lookup(fileRef) : undefined;
  if (!(fileRef instanceof PDFRef) || !(file instanceof PDFRawStream)) return null;
  return { type0, cidFont, descriptor, fileRef, file, glyphs: new Set() };
}

/** The FontFile2 reference of a font (simple, or Type0 through its descendant); undefined when it has none. */
function fontFileOf(doc: PDFDocument, font: PDFRef | PDFDict): PDFRef | undefined {
  const dict = font instanceof PDFRef ? doc.context.lookup(font) : font;
  if (!(dict instanceof PDFDict)) return undefined;
  const descendants = dict.lookup(N.DescendantFonts);
  const cidFont = descendants instanceof PDFArray ? descendants.lookup(0) : dict;
  const descriptor = cidFont instanceof PDFDict ? cidFont.lookup(N.FontDescriptor) : undefined;
  const file = descriptor instanceof PDFDict ? descriptor.get(N.FontFile2) : undefined;
  return file instanceof PDFRef ? file : undefined;
}

/** The font descriptors that embed each FontFile2 stream. */
function descriptorsByFile(doc: PDFDocument): Map<PDFRef, PDFDict[]> {
  const users = new Map<PDFRef, PDFDict[]>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const file = object.get(N.FontFile2);
    if (file instanceof PDFRef) users.set(file, [...(users.get(file) ?? []), object]);
  }
  return users;
}

/** A six-letter subset tag from the glyphs kept, as the PDF specification asks of subset font names. */
function subsetTag(glyphs: Set<number>, name: string): string {
  let hash = 2166136261;
  for (const value of [...[...name].map((c) => c.charCodeAt(0)), ...[...glyphs].sort((a, b) => a - b)]) {
    hash = Math.imul(hash ^ value, 16777619) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

function tagName(dict: PDFDict, key: PDFName, tag: string): void {
  const name = dict.get(key);
  if (name instanceof PDFName && !SUBSET_TAG.test(name.decodeText())) dict.set(key, PDFName.of(`${tag}+${name.decodeText()}`));
}

/**
 * Rebuilds the font's widths and ToUnicode map with only the codes shown
 * (as new objects: another font may share the old ones, which then stay).
 */
function trimMaps(doc: PDFDocument, candidate: Candidate, codes: Set<number>): void {
  const w = candidate.cidFont.lookup(N.W);
  const widths = w instanceof PDFArray ? trimWidths(doc.context, w, codes) : null;
  if (widths) candidate.cidFont.set(N.W, widths);
  const toUnicode = streamBytes(candidate.type0.lookup(N.ToUnicode));
  const trimmed = toUnicode ? trimToUnicode(toUnicode, codes) : null;
  if (trimmed) candidate.type0.set(N.ToUnicode, doc.context.register(doc.context.flateStream(trimmed)));
}

/** Subsets every fully embedded TrueType font whose use is known; returns how many were subset. */
export function subsetFonts(doc: PDFDocument): number {
  const usage = fontUsage(doc);
  // Several font dictionaries may share one font file; it is subset once, for all their glyphs.
  const byFile = new Map<PDFRef, Candidate[]>();
  const fileUnsure = new Set<PDFRef>();
  for (const [ref, glyphs] of usage.glyphs) {
    const candidate = candidateOf(doc, ref);
    if (!candidate) {
      // A font this cannot subset may share its file with one it can (the same program under another encoding).
      const file = fontFileOf(doc, ref);
      if (file) fileUnsure.add(file);
      continue;
    }
    for (const gid of glyphs) candidate.glyphs.add(gid);
    byFile.set(candidate.fileRef, [...(byFile.get(candidate.fileRef) ?? []), candidate]);
  }
  for (const font of usage.unsure) {
    const file = fontFileOf(doc, font);
    if (file) fileUnsure.add(file);
  }
  const users = descriptorsByFile(doc);
  let subset = 0;
  for (const [fileRef, candidates] of byFile) {
    // A font file shared with a font dictionary not read here (another encoding, an unused copy) is left whole.
    const known = new Set(candidates.map((candidate) => candidate.descriptor));
    if (fileUnsure.has(fileRef) || (users.get(fileRef) ?? []).some((descriptor) => !known.has(descriptor))) continue;
    const glyphs = new Set(candidates.flatMap((candidate) => [...candidate.glyphs]));
    const font = streamBytes(candidates[0].file);
    const smaller = font ? subsetTrueType(font, glyphs) : null;
    if (!font || !smaller) continue;
    const stream = doc.context.flateStream(smaller, { Length1: smaller.length });
    if (stream.contents.length >= candidates[0].file.contents.length) continue;
    doc.context.assign(fileRef, stream);
    const tag = subsetTag(glyphs, String(candidates[0].descriptor.get(N.FontName)));
    for (const candidate of candidates) {
      tagName(candidate.descriptor, N.FontName, tag);
      tagName(candidate.cidFont, N.BaseFont, tag);
      tagName(candidate.type0, N.BaseFont, tag);
      trimMaps(doc, candidate, glyphs);
    }
    subset++;
  }
  return subset;
}
