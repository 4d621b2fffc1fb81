/**
 * A small flowing-text layout for pdf-lib: wrapped paragraphs of styled runs,
 * list items, images and simple table grids, paginated onto fixed-size pages.
 * Used by the text, Word and EPUB converters.
 */
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { FontSet } from './fonts';

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

  /** Text width at a size, cached per font at size 1 since books repeat the same words. */
  private measure(font: PDFFont, text: string, size: number): number {
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

  /** Splits runs into words and spaces, breaking words wider than the line into pieces that fit. */
  private pieces(runs: Run[], size: number, width: number, bold?: boolean): (Piece | 'break')[] {
    const out: (Piece | 'break')[] = [];
    for (const run of runs) {
      const font = this.fontFor({ bold: bold || run.bold, italic: run.italic });
      const lines = cleanText(run.text).split('\n');
      lines.forEach((line, index) => {
        if (index > 0) out.push('break');
        for (const token of line.match(/\s+|[^\s]+/g) ?? []) {
          const space = /^\s/.test(token);
          const text = space ? ' ' : token;
          const tokenWidth = this.measure(font, text, size);
          if (space || tokenWidth <= width) {
            out.push({ text, font, width: tokenWidth, space });
            continue;
          }
          // Characters are measured one by one (linear even for a very long token such as a URL).
          let chunk = '';
          let chunkWidth = 0;
          for (const char of Array.from(token)) {
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
      });
    }
    return out;
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
      if (!piece.space && used + piece.width > width && line.length) finish();
      line.push(piece);
      used += piece.width;
    }
    if (line.length || lines.length === 0) finish();
    return lines;
  }

  private drawLine(page: PDFPage, line: Piece[], x: number, baseline: number, size: number): void {
    // Consecutive pieces in the same font are drawn as one string so text extraction sees whole words.
    let cursor = x;
    let i = 0;
    while (i < line.length) {
      const font = line[i].font;
      let text = '';
      let width = 0;
      while (i < line.length && line[i].font === font) {
        text += line[i].text;
        width += line[i].width;
        i++;
      }
      if (text.trim()) page.drawText(text, { x: cursor, y: baseline, size, font, color: rgb(0, 0, 0) });
      cursor += width;
    }
  }

  /** Lays out a wrapped paragraph of styled runs. */
  paragraph(runs: Run[], style: ParagraphStyle): void {
    const size = style.size;
    const lineHeight = size * (style.leading ?? 1.35);
    const indent = style.indent ?? 0;
    const lines = this.wrap(runs, size, this.width - indent, style.bold);
    this.space(style.spaceBefore ?? 0);
    lines.forEach((line, index) => {
      const page = this.ensureSpace(lineHeight);
      const baseline = this.y - size;
      const x = this.options.margin + indent;
      if (index === 0 && style.prefix) {
        const prefixWidth = this.fonts.regular.widthOfTextAtSize(style.prefix, size);
        page.drawText(style.prefix, { x: x - prefixWidth - size * 0.4, y: baseline, size, font: this.fonts.regular });
      }
      this.drawLine(page, line, x, baseline, size);
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
        lines.forEach((line, l) => this.drawLine(page, line, x + pad, top - pad - l * lineHeight - size, size));
      });
      this.y -= height;
    }
    this.space(size * 0.6);
  }
}
