/**
 * Writes read PDF pages (page.ts) as the body of a .docx with the docx
 * package: paragraphs with headings, lists and formatted runs, links, Word
 * tables and images at their drawn size. Each page after the first starts
 * on a new page.
 */
import {
  AlignmentType,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Paragraph,
  Table,
  TableBorders,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type INumberingOptions,
  type ISectionPropertiesOptions,
} from 'docx';
import { headingLevel } from '../pdf/text-layout';
import type { WordLine } from './layout';
import type { WordImage, WordPage } from './page';
import { paragraphsOf } from '../pdf/text-grouping';
import { dropMarker, listMarker, paragraphPieces, splitParagraphs, styleOf, type Piece } from './runs';
import type { WordTable } from './tables';

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
const NUMBER_REFERENCES = { '.': 'pdf-numbers-dot', ')': 'pdf-numbers-paren' } as const;

/** Numbered lists as Word numbering: "1." and "1)" styles, each list restarting at 1. */
export const NUMBERING: INumberingOptions = {
  config: (['.', ')'] as const).map((format) => ({
    reference: NUMBER_REFERENCES[format],
    levels: [
      {
        level: 0,
        format: LevelFormat.DECIMAL,
        text: `%1${format}`,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: 720, hanging: 360 } } },
      },
    ],
  })),
};

/** Word's page margin (points), smaller on small pages. */
function margin(page: { width: number; height: number }): number {
  return Math.min(54, 0.1 * Math.min(page.width, page.height));
}

/** The section's page size and margins from the first PDF page, so A4 stays A4 and Letter stays Letter. */
export function sectionProperties(first: { width: number; height: number } | undefined): ISectionPropertiesOptions {
  if (!first || !(first.width > 0 && first.height > 0)) return {};
  const m = Math.round(margin(first) * 20);
  return {
    page: {
      size: { width: Math.round(first.width * 20), height: Math.round(first.height * 20) },
      margin: { top: m, right: m, bottom: m, left: m },
    },
  };
}

/** Runs of a paragraph; black text in a heading stays black rather than taking the heading style's colour. */
function runsOf(pieces: Piece[], heading: boolean): (TextRun | ExternalHyperlink)[] {
  const out: (TextRun | ExternalHyperlink)[] = [];
  let link: { url: string; runs: TextRun[] } | null = null;
  for (const p of pieces) {
    const run = new TextRun({
      text: p.text,
      bold: p.bold,
      italics: p.italic,
      size: p.halfPoints,
      font: p.font,
      color: p.colour ?? (heading ? '000000' : undefined),
      style: p.link ? 'Hyperlink' : undefined,
      rightToLeft: p.rtl || undefined,
      // A link's underline comes with the Hyperlink style.
      underline: p.underline && !p.link ? {} : undefined,
      strike: p.strike || undefined,
      superScript: p.script === 'super' || undefined,
      subScript: p.script === 'sub' || undefined,
    });
    if (p.link && link?.url === p.link) link.runs.push(run);
    else if (p.link) {
      link = { url: p.link, runs: [run] };
      out.push(new ExternalHyperlink({ link: p.link, children: link.runs }));
    } else {
      link = null;
      out.push(run);
    }
  }
  return out;
}

/**
 * Space before a paragraph (twips): what its gap to the paragraph above
 * leaves beyond ordinary line spacing (1.2 times the size), up to 36 points.
 * None where the paragraph is not below the one before (a new column).
 */
function spaceBefore(above: WordLine, first: WordLine): { before: number } | undefined {
  const extra = above.y - first.y - 1.2 * Math.max(above.size, first.size);
  return extra > 2 ? { before: Math.round(Math.min(extra, 36) * 20) } : undefined;
}

/**
 * Grid column widths (points): the PDF's, widened where a cell's line or
 * the longest word of a column would not fit, as Word's substitute fonts are
 * often wider than the PDF's (a word broken inside a narrow cell reads badly).
 */
function columnWidths(table: WordTable): number[] {
  const padding = 2 * table.padding;
  return table.widths.map((width, c) => {
    let longest = 0;
    for (const row of table.rows) {
      let at = 0;
      for (const cell of row) {
        if (at === c && cell.span === 1)
          for (const line of cell.lines) {
            // A line that fits its cell in the PDF should fit in Word, with room for substitute fonts with wider metrics.
            longest = Math.max(longest, 1.12 * (line.right - line.x));
            for (const f of line.fragments) for (const word of f.text.split(/\s+/)) longest = Math.max(longest, word.length * 0.62 * f.size);
          }
        at += cell.span;
      }
    }
    return Math.max(width, longest + padding);
  });
}

/**
 * A line in bold at body size standing alone above a paragraph (short, no
 * closing full stop): a run-in section title, kept as Heading 3 so it is in
 * Word's navigation like the larger headings.
 */
function boldHeading(group: WordLine[], pieces: Piece[], next: WordLine[] | undefined): boolean {
  const text = pieces.map((p) => p.text).join('').trim();
  return (
    group.length === 1 &&
    next !== undefined &&
    pieces.length > 0 &&
    pieces.every((p) => p.bold) &&
    !/[.:;,]$/.test(text) &&
    text.split(/\s+/).length <= 8 &&
    listMarker(text) === null &&
    !next.every((l) => l.fragments.every((f) => styleOf(f).bold))
  );
}

/** A first line set in from the paragraph's other lines (by half an em to ten ems), in twips; 0 for none. */
function firstLineIndent(lines: WordLine[]): number {
  if (lines.length < 2 || lines[0]!.rtl) return 0;
  const inset = lines[0]!.x - Math.min(...lines.slice(1).map((l) => l.x));
  const size = lines[0]!.size;
  return inset > 0.5 * size && inset < 10 * size ? Math.round(inset * 20) : 0;
}

/** Builds the document body page by page, carrying list numbering across pages. */
export class WordWriter {
  private children: (Paragraph | Table)[] = [];
  private paragraphs = 0;
  private pageBreak = false;
  private numberInstance = 0;
  private lastNumber: { format: '.' | ')'; value: number } | null = null;
  private contentWidth = 468;
  private lineGap = 0;
  private textLeft = 0;
  private textRight = 612;

  /** The blocks of one page (index 0 is the first) and how many of its paragraphs hold text, in the body and in tables. */
  page(page: WordPage, index: number): { blocks: (Paragraph | Table)[]; paragraphs: number } {
    this.children = [];
    this.paragraphs = 0;
    this.pageBreak = index > 0;
    this.contentWidth = Math.max(72, page.width - 2 * margin(page));
    this.lineGap = page.lineGap;
    this.textLeft = page.textLeft;
    this.textRight = page.textRight;
    const body = page.bodySize;
    for (const background of page.backgrounds) this.push(this.imageParagraph(background));
    for (const item of page.flow) {
      if (item.kind === 'text') for (const p of this.textParagraphsOf(item.lines, body)) this.push(p);
      else if (item.value.kind === 'image') this.push(this.imageParagraph(item.value.image));
      else this.push(this.table(item.value.table, body));
    }
    // An empty page still gets a paragraph, so the page count is kept.
    if (this.pageBreak) this.push(new Paragraph(this.breakOption()));
    return { blocks: this.children, paragraphs: this.paragraphs };
  }

  private push(block: Paragraph | Table): void {
    if (this.pageBreak && block instanceof Table) this.children.push(new Paragraph({ pageBreakBefore: true }));
    this.pageBreak = false;
    this.children.push(block);
  }

  /** Options that start a new page, for the page's first paragraph only (the flag is used up). */
  private breakOption(): { pageBreakBefore?: boolean } {
    if (!this.pageBreak) return {};
    this.pageBreak = false;
    return { pageBreakBefore: true };
  }

  private textParagraphsOf(lines: WordLine[], body: number, inTable = false): Paragraph[] {
    // Against the whole page's usual line gap: a block cut out by the reading order,
    // such as a heading over a single line, has too few gaps to tell its own.
    const groups = splitParagraphs(paragraphsOf(lines, this.lineGap));
    return groups.map((group, g) => {
      this.paragraphs++;
      const size = Math.max(...group.map((l) => l.size));
      const text = group.map((l) => l.text).join(' ');
      let pieces = paragraphPieces(group);
      const level = inTable ? 0 : headingLevel(size, body) || (boldHeading(group, pieces, groups[g + 1]) ? 3 : 0);
      const marker = level === 0 ? listMarker(text) : null;
      let list: Partial<ConstructorParameters<typeof Paragraph>[0] & object> = {};
      if (marker?.kind === 'bullet') {
        pieces = dropMarker(pieces, marker.length);
        list = { bullet: { level: 0 } };
      } else if (marker?.kind === 'number') {
        const continues = this.lastNumber?.format === marker.format && marker.value === this.lastNumber.value + 1;
        if (marker.value === 1 || continues) {
          if (!continues) this.numberInstance++;
          this.lastNumber = { format: marker.format, value: marker.value };
          pieces = dropMarker(pieces, marker.length);
          list = { numbering: { reference: NUMBER_REFERENCES[marker.format], level: 0, instance: this.numberInstance } };
        }
      }
      const previous = groups[g - 1]?.at(-1);
      const firstLine = marker ? 0 : firstLineIndent(group);
      return new Paragraph({
        children: runsOf(pieces, level > 0),
        heading: level === 0 ? undefined : HEADINGS[level],
        spacing: previous ? spaceBefore(previous, group[0]!) : undefined,
        indent: firstLine > 0 ? { firstLine } : undefined,
        alignment: !inTable && this.centred(group) ? AlignmentType.CENTER : undefined,
        bidirectional: group.filter((l) => l.rtl).length * 2 > group.length || undefined,
        ...list,
        ...(inTable ? {} : this.breakOption()),
      });
    });
  }

  /** Every line of the paragraph centred on the body text's measure and clear of both its edges: a centred title or caption. */
  private centred(lines: WordLine[]): boolean {
    const width = this.textRight - this.textLeft;
    const middle = (this.textLeft + this.textRight) / 2;
    const inset = 0.03 * width;
    return (
      width > 0 &&
      lines.every((l) => Math.abs((l.x + l.right) / 2 - middle) < 0.02 * width && l.x - this.textLeft > inset && this.textRight - l.right > inset)
    );
  }

  private imageParagraph(image: WordImage): Paragraph {
    // Word sizes drawings in pixels at 96 per inch; an image wider than the text area is scaled to fit it.
    const scale = Math.min(1, this.contentWidth / Math.max(1, image.width));
    const px = (pt: number) => Math.max(1, Math.round(((pt * scale) / 72) * 96));
    return new Paragraph({
      children: [new ImageRun({ type: image.image.type, data: image.image.data, transformation: { width: px(image.width), height: px(image.height) } })],
      ...this.breakOption(),
    });
  }

  private table(table: WordTable, body: number): Table {
    const widths = columnWidths(table);
    const total = widths.reduce((n, w) => n + w, 0);
    const scale = Math.min(1, this.contentWidth / Math.max(1, total));
    const twips = widths.map((w) => Math.max(60, Math.round(w * scale * 20)));
    const rows = table.rows.map((row) => {
      let column = 0;
      const cells = row.map((cell) => {
        const width = twips.slice(column, column + cell.span).reduce((n, w) => n + w, 0);
        column += cell.span;
        const paragraphs = this.textParagraphsOf(cell.lines, body, true);
        return new TableCell({
          children: paragraphs.length > 0 ? paragraphs : [new Paragraph({})],
          columnSpan: cell.span > 1 ? cell.span : undefined,
          width: { size: width, type: WidthType.DXA },
        });
      });
      return new TableRow({ children: cells });
    });
    return new Table({
      rows,
      columnWidths: twips,
      width: { size: twips.reduce((n, w) => n + w, 0), type: WidthType.DXA },
      borders: table.ruled ? undefined : TableBorders.NONE,
      // The PDF's own cell padding: Word's default (0.08 inch a side) would wrap text that fits in the PDF.
      margins: { left: Math.round(table.padding * 20), right: Math.round(table.padding * 20), top: 0, bottom: 0 },
    });
  }
}
