/**
 * Writes a redacted page back into the document: everything the page drew
 * (content streams, resources, annotations, form widgets, thumbnail) is
 * replaced by its redacted picture, and the text that was not redacted is
 * laid over it as invisible text (render mode 3) at its old place, so it can
 * still be selected, searched and copied.
 */
import {
  beginText,
  concatTransformationMatrix,
  endText,
  moveText,
  PDFArray,
  PDFDict,
  PDFName,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  StandardFonts,
  TextRenderingMode,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { embedFonts } from '../fonts/embed';
import { dropFields } from './form-fields';
import { inDisplaySpace } from './display-space';
import { visibleBox } from './page-box';
import { baselineScale, type WidthOf } from './redact-geometry';
import type { KeptRun } from './redact-plan';

const N = {
  Annots: PDFName.of('Annots'),
  Contents: PDFName.of('Contents'),
  Resources: PDFName.of('Resources'),
  AcroForm: PDFName.of('AcroForm'),
  Fields: PDFName.of('Fields'),
  Kids: PDFName.of('Kids'),
};

/** Page entries that can carry the old content or words from it. */
const PAGE_EXTRAS = ['Thumb', 'PieceInfo', 'Metadata', 'StructParents', 'Group', 'B', 'AA', 'VP'].map((key) => PDFName.of(key));

/** The fonts of the invisible text layer: Helvetica for Western text, DejaVu Sans (loaded on first need) for other scripts. */
export class TextLayerFonts {
  private helvetica?: PDFFont;
  private helveticaChars?: Set<number>;
  private dejavu?: Promise<{ font: PDFFont; covers: (codePoint: number) => boolean }>;

  constructor(private readonly doc: PDFDocument) {}

  /** Helvetica, embedded once; also the width table characters are measured with. */
  async latin(): Promise<{ font: PDFFont; has: (char: string) => boolean }> {
    this.helvetica ??= await this.doc.embedFont(StandardFonts.Helvetica);
    this.helveticaChars ??= new Set(this.helvetica.getCharacterSet());
    const chars = this.helveticaChars;
    return { font: this.helvetica, has: (char) => chars.has(char.codePointAt(0)!) };
  }

  /** A font that can write every character of `text`, or undefined when none can. */
  async fontFor(text: string): Promise<PDFFont | undefined> {
    const latin = await this.latin();
    if ([...text].every(latin.has)) return latin.font;
    this.dejavu ??= embedFonts(this.doc, ['regular'], [text]).then((set) => ({
      font: set.regular,
      covers: (codePoint: number) => set.covers?.(set.regular, codePoint) ?? false,
    }));
    const other = await this.dejavu;
    return [...text].every((char) => other.covers(char.codePointAt(0)!)) ? other.font : undefined;
  }
}

/**
 * A character's advance width in em: as the page's font draws it when pdf.js
 * laid that glyph out (`drawn`: font id to character to glyph units), else
 * Helvetica's, the estimate redact-geometry falls back on.
 */
export function advanceWidth(font: PDFFont, has: (char: string) => boolean, drawn?: Map<string, Map<string, number>>): WidthOf {
  return (char, fontName) => {
    const known = fontName === undefined ? undefined : drawn?.get(fontName)?.get(char);
    if (known !== undefined) return known / 1000;
    return has(char) ? font.widthOfTextAtSize(char, 1) : 0.55;
  };
}

/**
 * Replaces the page's content by the JPEG `picture` covering the visible page,
 * with `kept` text invisible over it. Returns how many runs of kept text no
 * bundled font can write: the picture still shows them, but they cannot be
 * selected or searched.
 */
export async function writeRedactedPage(doc: PDFDocument, page: PDFPage, picture: Uint8Array, kept: readonly KeptRun[], fonts: TextLayerFonts): Promise<number> {
  const annots = page.node.lookupMaybe(N.Annots, PDFArray);
  dropFields(doc, new Set((annots?.asArray() ?? []).filter((a): a is PDFRef => a instanceof PDFRef)));
  for (const key of [N.Annots, ...PAGE_EXTRAS]) page.node.delete(key);
  page.node.set(N.Contents, doc.context.obj([]));
  page.node.set(N.Resources, doc.context.obj({}));

  const image = await doc.embedJpg(picture);
  inDisplaySpace(page, visibleBox(page), (shown) => page.drawImage(image, { x: 0, y: 0, width: shown.width, height: shown.height }));

  const keys = new Map<PDFFont, PDFName>();
  let unwritten = 0;
  for (const run of kept) {
    const font = await fonts.fontFor(run.text);
    if (!font) {
      unwritten++;
      continue;
    }
    const natural = font.widthOfTextAtSize(run.text, 1);
    const scale = baselineScale(run.item);
    if (!(natural > 0)) continue;
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary('F', font.ref);
      keys.set(font, key);
    }
    // Squeezed or stretched so the invisible words span what the visible ones did, for selection that lines up.
    const squeeze = Math.min(1000, Math.max(1, (100 * (run.to - run.from)) / (natural * scale)));
    const [a, b, c, d, e, f] = run.item.transform as [number, number, number, number, number, number];
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(a, b, c, d, e, f),
      beginText(),
      setFontAndSize(key, 1),
      setTextRenderingMode(TextRenderingMode.Invisible),
      setCharacterSqueeze(squeeze),
      moveText(run.from / scale, 0),
      showText(font.encodeText(run.text)),
      endText(),
      popGraphicsState(),
    );
  }
  return unwritten;
}

const INFO_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate', 'Trapped'];

/** Removes the document information (title, author ...) and every XMP metadata stream. */
export function removeMetadata(doc: PDFDocument): void {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof PDFDict) for (const key of [...INFO_KEYS.map((k) => PDFName.of(k)), ...info.keys()]) info.delete(key);
  doc.context.trailerInfo.Info = undefined;
  const metadata = PDFName.of('Metadata');
  const pieceInfo = PDFName.of('PieceInfo');
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : 'dict' in object && object.dict instanceof PDFDict ? object.dict : undefined;
    dict?.delete(metadata);
    dict?.delete(pieceInfo);
  }
}
