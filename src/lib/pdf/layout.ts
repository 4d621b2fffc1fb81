/**
 * A small flowing-text layout for pdf-lib: wrapped paragraphs of styled runs,
 * list items, images and simple table grids, paginated onto fixed-size pages.
 * Used by the text, Word and EPUB converters. Right-to-left paragraphs are
 * set flush right with their runs in bidirectional order; characters the
 * styled font lacks come from the other fonts of the set (src/lib/fonts/shaping.ts).
 */
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { BIDI_CONTROLS, paragraphDirection, type Direction } from '../fonts/bidi';
import type { FontSet } from '../fonts/embed';
import { breakUnits, splitByFont, visualLine, type FontedText } from '../fonts/shaping';

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

export interface ParagraphStyle {
  /** Font size in points. */
  size: number;
  /** Line height as a multiple of the size. */
  leading?: number;
  /** Left indent in points (list items and quotes). */
  indent?: number;
  spaceBefore?: number;
  spaceAfter?: number;
  /** A bullet or number drawn in the indent before the first line. */
  prefix?: string;
  bold?: boolean;
  /** The reading direction when the document says (an HTML dir attribute); otherwise that of the first strong character. */
  direction?: Direction;
}

export interface FlowOptions {
  /** Page width and height in points. */
  pageSize: [number, number];
  margin: number;
}

/** Where something was placed, for bookmarks. */
export interface Mark {
  page: PDFPage;
  y: number;
}

interface Piece {
  text: string;
  font: PDFFont;
  width: number;
  space: boolean;
  /** Continues the piece before it (same word, another font): no line break in between. */
  glued?: boolean;
}

/** Removes characters no font can draw (controls) and expands tabs. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\t/g, '    ').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f\u00ad\u200b\ufeff]/g, '');
}

/** Lays content out top to bottom across as many pages as needed. */
export class PdfFlow {
  private page: PDFPage | null = null;
  private y = 0;
  readonly width: number;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: FontSet,
    readonly options: FlowOptions,
  ) {
    this.width = options.pageSize[0] - 2 * options.margin;
  }

  private widths = new Map<PDFFont, Map<string, number>>();
  /** Characters left out because no font of the set has them. */
  readonly missing = new Set<string>();

  /** Text width at a size, cached per font at size 1 since books repeat the same words. */
  private measure(font: PDFFont, text: string, size = 1): number {
    let cache = this.widths.get(font);
    if (!cache) this.widths.set(font, (cache = new Map()));
    let width = cache.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, 1);
      if (cache.size < 100_000) cache.set(text, width);
    }
    return width * size;
  }

  private fontFor(run: { bold?: boolean; italic?: boolean }): PDFFont {
    if (run.bold && run.italic) return this.fonts.boldItalic;
    if (run.bold) return this.fonts.bold;
    if (run.italic) return this.fonts.italic;
    return this.fonts.regular;
  }

  /** Starts a new page and puts the cursor at its top margin. */
  newPage(): PDFPage {
    this.page = this.doc.addPage(this.options.pageSize);
    this.y = this.options.pageSize[1] - this.options.margin;
    return this.page;
  }

  private ensureSpace(height: number): PDFPage {
    if (!this.page || this.y - height < this.options.margin) return this.newPage();
    return this.page;
  }

  /** The current position (starting a page if none exists), for bookmarks. */
  mark(): Mark {
    const page = this.ensureSpace(0);
    return { page, y: this.y };
  }

  /** Moves the cursor down, without starting a page for space alone. */
  space(points: number): void {
    if (this.page) this.y -= points;
  }

  private split = new Map<PDFFont, Map<string, { parts: FontedText[]; missing: Set<string> }>>();

  /**
   * The token's text in the fonts that have its characters (in the styled
   * font when the set cannot tell), cached per font since words repeat.
   */
  private fonted(token: string, font: PDFFont): FontedText[] {
    const covers = this.fonts.covers;
    // Printable ASCII is in every font of the set.
    if (!covers || /^[\x20-\x7e]*$/.test(token)) return [{ text: token, font }];
    let cache = this.split.get(font);
    if (!cache) this.split.set(font, (cache = new Map()));
    let entry = cache.get(token);
    if (!entry) {
      const chain = [font, this.fonts.regular, ...(this.fonts.fallbacks ?? [])];
      const missing = new Set<string>();
      entry = { parts: splitByFont(token, font === this.fonts.regular ? chain.slice(1) : chain, covers, missing), missing };
      if (cache.size < 100_000) cache.set(token, entry);
    }
    for (const char of entry.missing) this.missing.add(char);
    return entry.parts;
  }

  /**
   * Splits runs into words and spaces (CJK text into characters, where lines
   * may break), breaking words wider than the line into pieces that fit.
   */
  private pieces(runs: Run[], size: number, width: number, bold?: boolean): (Piece | 'break')[] {
    const out: (Piece | 'break')[] = [];
    for (const run of runs) {
      const font = this.fontFor({ bold: bold || run.bold, italic: run.italic });
      const lines = cleanText(run.text).replace(BIDI_CONTROLS, '').split('\n');
      lines.forEach((line, index) => {
        if (index > 0) out.push('break');
        for (const token of line.match(/\s+|[^\s]+/g) ?? []) {
          if (/^\s/.test(token)) {
            out.push({ text: ' ', font, width: this.measure(font, ' ', size), space: true });
            continue;
          }
          for (const unit of breakUnits(token)) {
            this.fonted(unit, font).forEach((part, i) => this.fit(out, part.text, part.font, size, width, i > 0));
          }
        }
      });
    }
    return out;
  }

  /** Adds a piece, or several when it is wider than the line (measured character by character, linear even for a long URL). */
  private fit(out: (Piece | 'break')[], text: string, font: PDFFont, size: number, width: number, glued: boolean): void {
    const textWidth = this.measure(font, text, size);
    if (textWidth <= width) {
      out.push({ text, font, width: textWidth, space: false, glued });
      return;
    }
    let chunk = '';
    let chunkWidth = 0;
    for (const char of Array.from(text)) {
      const charWidth = this.measure(font, char, size);
      if (chunk && chunkWidth + charWidth > width) {
        out.push({ text: chunk, font, width: chunkWidth, space: false });
        chunk = '';
        chunkWidth = 0;
      }
      chunk += char;
      chunkWidth += charWidth;
    }
    if (chunk) out.push({ text: chunk, font, width: chunkWidth, space: false });
  }

  /** Wraps runs into lines of at most `width` points. */
  wrap(runs: Run[], size: number, width: number, bold?: boolean): Piece[][] {
    const lines: Piece[][] = [];
    let line: Piece[] = [];
    let used = 0;
    const finish = () => {
      while (line.length && line[line.length - 1].space) line.pop();
      lines.push(line);
      line = [];
      used = 0;
    };
    for (const piece of this.pieces(runs, size, width, bold)) {
      if (piece === 'break') {
        finish();
        continue;
      }
      if (piece.space && line.length === 0) continue;
      if (!piece.space && !piece.glued && used + piece.width > width && line.length) finish();
      line.push(piece);
      used += piece.width;
    }
    if (line.length || lines.length === 0) finish();
    return lines;
  }

  /**
   * Draws a line in the box from `x`, `width` wide: flush left, or flush
   * right for a right-to-left paragraph. Consecutive pieces in one font are
   * drawn as one string, so text extraction sees whole words and Arabic
   * letters join.
   */
  private drawLine(page: PDFPage, line: Piece[], x: number, baseline: number, size: number, width: number, direction: Direction): void {
    const drawn = visualLine(line, direction, (font, text) => this.measure(font, text, size));
    let cursor = direction === 'rtl' ? x + width - drawn.reduce((sum, d) => sum + d.width, 0) : x;
    for (const { text, font, width: textWidth } of drawn) {
      if (text.trim()) page.drawText(text, { x: cursor, y: baseline, size, font, color: rgb(0, 0, 0) });
      cursor += textWidth;
    }
  }

  /** Lays out a wrapped paragraph of styled runs. */
  paragraph(runs: Run[], style: ParagraphStyle): void {
    const size = style.size;
    const lineHeight = size * (style.leading ?? 1.35);
    const indent = style.indent ?? 0;
    const width = this.width - indent;
    const lines = this.wrap(runs, size, width, style.bold);
    // A right-to-left paragraph is indented from the right, its marker in the right margin.
    const direction = style.direction ?? paragraphDirection(runs.map((run) => run.text).join(''));
    const x = this.options.margin + (direction === 'rtl' ? 0 : indent);
    this.space(style.spaceBefore ?? 0);
    lines.forEach((line, index) => {
      const page = this.ensureSpace(lineHeight);
      const baseline = this.y - size;
      if (index === 0 && style.prefix) {
        const prefixWidth = this.fonts.regular.widthOfTextAtSize(style.prefix, size);
        const prefixX = direction === 'rtl' ? x + width + size * 0.4 : x - prefixWidth - size * 0.4;
        page.drawText(style.prefix, { x: prefixX, y: baseline, size, font: this.fonts.regular });
      }
      this.drawLine(page, line, x, baseline, size, width, direction);
      this.y -= lineHeight;
    });
    this.space(style.spaceAfter ?? 0);
  }

  /** Places an image scaled to fit the text width and page height, never enlarged past 96 dpi. */
  image(image: PDFImage, spaceAfter = 6): void {
    const maxHeight = this.options.pageSize[1] - 2 * this.options.margin;
    const natural = { width: (image.width * 72) / 96, height: (image.height * 72) / 96 };
    const scale = Math.min(1, this.width / natural.width, maxHeight / natural.height);
    const width = natural.width * scale;
    const height = natural.height * scale;
    const page = this.ensureSpace(height);
    page.drawImage(image, { x: this.options.margin, y: this.y - height, width, height });
    this.y -= height + spaceAfter;
  }

  /** Draws a table as a grid of equal-width columns; rows taller than a page fall back to paragraphs. */
  table(rows: Run[][][], size: number): void {
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const cellWidth = this.width / columns;
    const pad = 3;
    const lineHeight = size * 1.3;
    const maxHeight = this.options.pageSize[1] - 2 * this.options.margin;
    for (const row of rows) {
      const cells = Array.from({ length: columns }, (_, c) => this.wrap(row[c] ?? [], size, cellWidth - 2 * pad));
      const height = Math.max(...cells.map((lines) => lines.length)) * lineHeight + 2 * pad;
      if (height > maxHeight) {
        for (const cell of row) this.paragraph(cell, { size, spaceAfter: 2 });
        continue;
      }
      const page = this.ensureSpace(height);
      const top = this.y;
      cells.forEach((lines, c) => {
        const x = this.options.margin + c * cellWidth;
        page.drawRectangle({ x, y: top - height, width: cellWidth, height, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
        const direction = paragraphDirection((row[c] ?? []).map((run) => run.text).join(''));
        lines.forEach((line, l) => this.drawLine(page, line, x + pad, top - pad - l * lineHeight - size, size, cellWidth - 2 * pad, direction));
      });
      this.y -= height;
    }
    this.space(size * 0.6);
  }
}
