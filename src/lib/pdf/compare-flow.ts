/**
 * A small top-to-bottom writer for the Compare PDFs report: wrapped lines of
 * coloured spans and pictures, onto A4 pages started as needed. Every
 * character is given the first embedded font that has it (DejaVu Sans, then
 * the CJK fonts when the compared text needs them), so words of any script
 * print; characters no font has are collected for a Warning.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { paragraphDirection } from '../fonts/bidi';
import type { FontSet } from '../fonts/embed';
import { splitByFont, visualLine } from '../fonts/shaping';
import { cleanText } from './layout';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);
/** Dark enough to read as text on white (contrast above 4.5:1). */
export const ADDED_GREEN = rgb(0, 0.45, 0.12);
export const REMOVED_RED = rgb(0.74, 0, 0);

/** Text drawn in one colour and weight. */
export interface Span {
  text: string;
  color?: RGB;
  bold?: boolean;
}

interface Piece {
  text: string;
  font: PDFFont;
  color: RGB;
  width: number;
  /** A space before the piece when it does not start a line. */
  spaced: boolean;
}

export class ReportFlow {
  private page: PDFPage | null = null;
  private y = 0;
  readonly width = A4[0] - 2 * MARGIN;
  /** Characters left out because no font of the set has them. */
  readonly missing = new Set<string>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontSet,
  ) {}

  /** Starts a new page, at `index` when given (the cover goes first once the figures are known). */
  newPage(index?: number): PDFPage {
    this.page = index === undefined ? this.doc.addPage(A4) : this.doc.insertPage(index, A4);
    this.y = A4[1] - MARGIN;
    return this.page;
  }

  private ensureSpace(height: number): PDFPage {
    if (!this.page || this.y - height < MARGIN) return this.newPage();
    return this.page;
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Room left on the current page, in points. */
  get room(): number {
    return this.page ? this.y - MARGIN : 0;
  }

  /** The word pieces of the spans, each word in the fonts that have its characters. */
  private pieces(spans: Span[], size: number): Piece[] {
    const out: Piece[] = [];
    for (const span of spans) {
      const styled = span.bold ? this.fonts.bold : this.fonts.regular;
      const chain = [styled, ...(styled === this.fonts.regular ? [] : [this.fonts.regular]), ...(this.fonts.fallbacks ?? [])];
      for (const word of cleanText(span.text).split(/\s+/u)) {
        if (!word) continue;
        const parts = this.fonts.covers ? splitByFont(word, chain, this.fonts.covers, this.missing) : [{ text: word, font: styled }];
        const drawn = visualLine(parts, paragraphDirection(word), (font, text) => font.widthOfTextAtSize(text, size));
        drawn.forEach((part, i) => out.push({ text: part.text, font: part.font, color: span.color ?? BLACK, width: part.width, spaced: i === 0 }));
      }
    }
    return out;
  }

  /** Writes the spans as one paragraph wrapped to the text width; a word wider than the line overflows it rather than being cut. */
  paragraph(spans: Span[], size: number, spaceAfter = size * 0.4): void {
    const lineHeight = size * 1.35;
    const lines: Piece[][] = [[]];
    let used = 0;
    const spaceWidth = this.fonts.regular.widthOfTextAtSize(' ', size);
    for (const piece of this.pieces(spans, size)) {
      const line = lines[lines.length - 1]!;
      const gap = piece.spaced && line.length > 0 ? spaceWidth : 0;
      if (line.length > 0 && piece.spaced && used + gap + piece.width > this.width) {
        lines.push([piece]);
        used = piece.width;
        continue;
      }
      line.push(piece);
      used += gap + piece.width;
    }
    for (const line of lines) {
      const page = this.ensureSpace(lineHeight);
      let x = MARGIN;
      line.forEach((piece, i) => {
        if (i > 0 && piece.spaced) x += spaceWidth;
        page.drawText(piece.text, { x, y: this.y - size, size, font: piece.font, color: piece.color });
        x += piece.width;
      });
      this.y -= lineHeight;
    }
    this.y -= spaceAfter;
  }

  /** Places a picture at the full text width or `maxHeight`, whichever is smaller, with a thin frame; returns where it was drawn. */
  image(image: PDFImage, maxHeight: number): { page: PDFPage; x: number; y: number; width: number; height: number } {
    const scale = Math.min(this.width / image.width, maxHeight / image.height);
    const [width, height] = [image.width * scale, image.height * scale];
    const page = this.ensureSpace(height + 8);
    const [x, y] = [MARGIN, this.y - height];
    page.drawImage(image, { x, y, width, height });
    page.drawRectangle({ x, y, width, height, borderColor: GREY, borderWidth: 0.5 });
    this.y -= height + 8;
    return { page, x, y, width, height };
  }
}
