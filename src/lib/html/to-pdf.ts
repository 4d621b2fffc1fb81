/**
 * Lays out simple HTML (headings, paragraphs, bold and italic runs, lists,
 * tables, images, SVG drawings) onto PDF pages with the DejaVu fonts, and the
 * CJK fonts for Chinese, Japanese and Korean. Shared by Word to PDF (mammoth's
 * HTML) and EPUB to PDF (XHTML chapters, SVG pages and picture pages).
 */
import { PageSizes, PDFDocument, type PDFImage, type PDFPage } from 'pdf-lib';
import { base64Bytes } from '../base64';
import { readImageHeader } from '../image/header';
import { MAX_AREA, MAX_SIDE } from '../image/limits';
import type { Direction } from '../fonts/bidi';
import { embedFonts, type FontVariant } from '../fonts/embed';
import { findElement, parseHtml, type HtmlElement, type HtmlNode } from './parse';
import { drawSvg, hasDrawing, svgSize } from './svg';
import { styleSheets } from './svg-style';
import { PdfFlow, type Mark, type Run } from '../pdf/layout';
import { missingGlyphsWarning } from '../fonts/shaping';

/** Returns the bytes of an image referenced by `src`, or null when it is not available. */
export type ImageResolver = (src: string) => Uint8Array | null;

const BODY_SIZE = 11;
const HEADING_SIZES: Record<string, number> = { h1: 22, h2: 18, h3: 15, h4: 13, h5: 12, h6: 11 };
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'blockquote', 'pre', 'address', 'dl', 'dt', 'dd', 'center', 'body', 'html', 'caption']);
/** Images larger than this many pixels are left out rather than decoded. */
const MAX_IMAGE_PIXELS = 40_000_000;
/** CSS px to PDF points. */
const PX = 0.75;

/**
 * True when the bytes start like an SVG document (an <img> may point at one),
 * after any XML declaration, style sheet instruction, comment or doctype.
 * src/lib/image/svg-render.ts has a stricter check, and importing it would
 * bring the SVG rasteriser into the PDF writers' chunk.
 */
function isSvgSource(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  return /^\s*(?:\uFEFF)?(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*|<\?xml-stylesheet[^>]*\?>\s*)*<(?:[\w-]+:)?svg[\s>]/i.test(head);
}

/** A page of the proportions of a picture, as large as fits on A4 (portrait or landscape, as the picture is). */
export function pageSizeFor(width: number, height: number): [number, number] {
  const [short, long] = PageSizes.A4;
  const [boxWidth, boxHeight] = width > height ? [long, short] : [short, long];
  const scale = Math.min(boxWidth / width, boxHeight / height);
  return [Math.max(1, width * scale), Math.max(1, height * scale)];
}

/**
 * The one picture (an <img> or an <svg>) of a page that has nothing else: no
 * text, no other picture. Fixed-layout books (manga, picture books) are made
 * of such pages.
 */
export function solePicture(root: HtmlElement): HtmlElement | null {
  const body = findElement(root, 'body') ?? root;
  const pictures: HtmlElement[] = [];
  let text = false;
  const walk = (node: HtmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') {
        if (child.trim()) text = true;
      } else if (child.tag === 'img' || child.tag === 'svg' || child.tag === 'image') pictures.push(child);
      else walk(child);
    }
  };
  walk(body);
  return !text && pictures.length === 1 ? pictures[0] : null;
}

/** Decodes a data: URI to bytes, or null when it is not a base64 or plain data URI. */
export function dataUriBytes(src: string): Uint8Array | null {
  const match = /^data:[^,]*?(;base64)?,(.*)$/s.exec(src);
  if (!match) return null;
  try {
    if (match[1]) return base64Bytes(match[2].replace(/\s+/g, ''));
    return new TextEncoder().encode(decodeURIComponent(match[2]));
  } catch {
    return null;
  }
}

interface Style {
  bold: boolean;
  italic: boolean;
  pre: boolean;
}

/** Renders HTML documents one after another into a PdfFlow. */
export class HtmlRenderer {
  private runs: Run[] = [];
  private images = new Map<string, PDFImage | null>();
  private lists: { ordered: boolean; next: number }[] = [];
  private quoteDepth = 0;
  /** Directions set by dir attributes of the blocks being rendered, innermost last. */
  private dirs: Direction[] = [];
  /** The style sheets of the document being rendered, for its SVG drawings. */
  private css = '';
  /** How many paragraphs, tables, images and SVG shapes have been drawn: a chapter that adds none drew nothing. */
  drawn = 0;
  /** Images (and SVG drawings) of the documents that could not be drawn, by src. */
  readonly leftOut: string[] = [];

  constructor(
    readonly flow: PdfFlow,
    private readonly resolveImage: ImageResolver,
  ) {}

  /**
   * A new A4 document and an empty flow, with the font variants the given
   * HTML sources use (each embedded font costs time and bytes).
   */
  static async create(resolveImage: ImageResolver, sources: string[]): Promise<HtmlRenderer> {
    const doc = await PDFDocument.create();
    doc.setProducer('FileDesk');
    doc.setCreator('FileDesk');
    const bold = sources.some((html) => /<(?:[\w-]+:)?(?:b|strong|h[1-6]|th)[\s>/]/i.test(html));
    const italic = sources.some((html) => /<(?:[\w-]+:)?(?:i|em|cite|var)[\s>/]/i.test(html));
    const variants: FontVariant[] = ['regular'];
    if (bold) variants.push('bold');
    if (italic) variants.push('italic');
    if (bold && italic) variants.push('boldItalic');
    // The CJK fonts (6 to 10 MB) are loaded only for sources with Chinese, Japanese or Korean text.
    const fonts = await embedFonts(doc, variants, sources);
    return new HtmlRenderer(new PdfFlow(doc, fonts, { pageSize: PageSizes.A4, margin: 56 }), resolveImage);
  }

  /** Renders one HTML document (or fragment) at the current position; returns where it starts. */
  async render(html: string): Promise<Mark> {
    const mark = this.flow.mark();
    const root = parseHtml(html);
    this.css = styleSheets(html);
    await this.children(root, { bold: false, italic: false, pre: false });
    this.flush({ size: BODY_SIZE });
    return mark;
  }

  private indent(): number {
    return 18 * this.lists.length + 24 * this.quoteDepth;
  }

  private flush(style: { size: number; bold?: boolean; spaceBefore?: number; spaceAfter?: number; prefix?: string }): void {
    const runs = this.runs;
    this.runs = [];
    // Collapse the whitespace at the paragraph's edges that HTML source indentation leaves.
    while (runs.length && !runs[0].text.trim()) runs.shift();
    while (runs.length && !runs[runs.length - 1].text.trim()) runs.pop();
    if (runs.length === 0) {
      if (style.prefix) runs.push({ text: '' });
      else return;
    }
    runs[0] = { ...runs[0], text: runs[0].text.replace(/^[ \n]+/, '') };
    const last = runs.length - 1;
    runs[last] = { ...runs[last], text: runs[last].text.replace(/[ \n]+$/, '') };
    if (runs.some((run) => run.text.trim())) this.drawn++;
    this.flow.paragraph(runs, { spaceAfter: style.size * 0.5, indent: this.indent(), direction: this.dirs[this.dirs.length - 1], ...style });
  }

  private text(value: string, style: Style): void {
    const text = style.pre ? value : value.replace(/[ \t\r\n\f]+/g, ' ');
    if (text) this.runs.push({ text, bold: style.bold, italic: style.italic });
  }

  private async children(node: HtmlElement, style: Style): Promise<void> {
    for (const child of node.children) await this.node(child, style);
  }

  /** A node; a block with a dir attribute sets the direction of the paragraphs inside it. */
  private async node(node: HtmlNode, style: Style): Promise<void> {
    if (typeof node === 'string') return this.text(node, style);
    const dir = node.attrs.dir?.toLowerCase();
    if ((dir !== 'rtl' && dir !== 'ltr') || !(BLOCKS.has(node.tag) || node.tag in HEADING_SIZES || node.tag === 'li' || node.tag === 'ul' || node.tag === 'ol')) {
      return this.element(node, style);
    }
    this.flush({ size: BODY_SIZE });
    this.dirs.push(dir);
    try {
      await this.element(node, style);
    } finally {
      this.dirs.pop();
    }
  }

  private async element(node: HtmlElement, style: Style): Promise<void> {
    const tag = node.tag;
    if (tag === 'head' || tag === 'math' || tag === 'noscript') return;
    if (tag === 'svg') return this.inlineSvg(node, this.css);
    if (tag === 'br') return void this.runs.push({ text: '\n' });
    if (tag === 'b' || tag === 'strong') return this.children(node, { ...style, bold: true });
    if (tag === 'i' || tag === 'em' || tag === 'cite' || tag === 'var') return this.children(node, { ...style, italic: true });
    if (tag in HEADING_SIZES) {
      this.flush({ size: BODY_SIZE });
      await this.children(node, { ...style, bold: true });
      const size = HEADING_SIZES[tag];
      this.flush({ size, bold: true, spaceBefore: size * 0.6, spaceAfter: size * 0.4 });
      return;
    }
    if (tag === 'ul' || tag === 'ol') {
      this.flush({ size: BODY_SIZE });
      const start = Number(node.attrs.start);
      this.lists.push({ ordered: tag === 'ol', next: Number.isFinite(start) && node.attrs.start ? start : 1 });
      await this.children(node, style);
      this.flush({ size: BODY_SIZE });
      this.lists.pop();
      return;
    }
    if (tag === 'li') return this.listItem(node, style);
    if (tag === 'table') return this.table(node);
    if (tag === 'img' || tag === 'image') return this.image(node.attrs.src ?? node.attrs['xlink:href'] ?? node.attrs.href ?? '');
    if (tag === 'hr') {
      this.flush({ size: BODY_SIZE });
      this.flow.space(BODY_SIZE);
      return;
    }
    if (BLOCKS.has(tag)) {
      this.flush({ size: BODY_SIZE });
      const quote = tag === 'blockquote';
      if (quote) this.quoteDepth++;
      await this.children(node, { ...style, pre: style.pre || tag === 'pre' });
      this.flush({ size: BODY_SIZE });
      if (quote) this.quoteDepth--;
      return;
    }
    await this.children(node, style);
  }

  private async listItem(node: HtmlElement, style: Style): Promise<void> {
    this.flush({ size: BODY_SIZE });
    const list = this.lists[this.lists.length - 1];
    const prefix = !list ? '•' : list.ordered ? `${list.next++}.` : this.lists.length % 2 ? '•' : '◦';
    // The item's own text is flushed with the marker; nested lists inside it follow as their own paragraphs.
    let marked = false;
    for (const child of node.children) {
      if (typeof child !== 'string' && (child.tag === 'ul' || child.tag === 'ol')) {
        this.flush({ size: BODY_SIZE, prefix: marked ? undefined : prefix, spaceAfter: 2 });
        marked = true;
      }
      await this.node(child, style);
    }
    this.flush({ size: BODY_SIZE, prefix: marked ? undefined : prefix, spaceAfter: 2 });
  }

  private async table(node: HtmlElement): Promise<void> {
    this.flush({ size: BODY_SIZE });
    const rows: Run[][][] = [];
    const collect = (element: HtmlElement) => {
      for (const child of element.children) {
        if (typeof child === 'string') continue;
        if (child.tag === 'tr') {
          rows.push(child.children.filter((cell): cell is HtmlElement => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th')).map((cell) => this.cellRuns(cell, cell.tag === 'th')));
        } else if (child.tag !== 'table') collect(child);
      }
    };
    collect(node);
    if (rows.length) {
      this.flow.table(rows, BODY_SIZE - 1);
      this.drawn++;
    }
  }

  /** The text of a table cell as runs, block boundaries becoming line breaks. */
  private cellRuns(cell: HtmlElement, header: boolean): Run[] {
    const runs: Run[] = [];
    const walk = (node: HtmlNode, bold: boolean, italic: boolean) => {
      if (typeof node === 'string') {
        const text = node.replace(/\s+/g, ' ');
        if (text) runs.push({ text, bold, italic });
        return;
      }
      if (node.tag === 'br' || ((node.tag === 'p' || node.tag === 'li' || node.tag === 'div') && runs.length)) runs.push({ text: '\n' });
      for (const child of node.children) walk(child, bold || node.tag === 'b' || node.tag === 'strong', italic || node.tag === 'i' || node.tag === 'em');
    };
    walk(cell, header, false);
    const text = runs.map((run) => run.text).join('');
    return text.trim() ? runs : [];
  }

  private async image(src: string): Promise<void> {
    if (!src) return;
    const svg = this.svgImage(src);
    if (svg) return this.inlineSvg(svg.root, svg.css);
    const image = await this.embedOnce(src);
    if (!image) {
      this.leftOut.push(src);
      return;
    }
    this.flush({ size: BODY_SIZE });
    this.flow.image(image);
    this.drawn++;
  }

  private async embedOnce(src: string): Promise<PDFImage | null> {
    let image = this.images.get(src);
    if (image === undefined) {
      image = await this.embed(src);
      this.images.set(src, image);
    }
    return image;
  }

  /** The <svg> element of an SVG file an <img> points at, with its style sheets; null for other images. */
  private svgImage(src: string): { root: HtmlElement; css: string } | null {
    const bytes = src.startsWith('data:') ? dataUriBytes(src) : this.resolveImage(src);
    if (!bytes || !isSvgSource(bytes)) return null;
    const source = new TextDecoder().decode(bytes);
    const root = findElement(parseHtml(source), 'svg');
    return root && { root, css: styleSheets(source) };
  }

  /** Draws an <svg> in the flow at its natural size (CSS px), shrunk to the text width and page height. */
  private async inlineSvg(svg: HtmlElement, css: string): Promise<void> {
    this.flush({ size: BODY_SIZE });
    const natural = svgSize(svg);
    const maxHeight = this.flow.options.pageSize[1] - 2 * this.flow.options.margin;
    const scale = Math.min(PX, this.flow.width / natural.width, maxHeight / natural.height);
    const [width, height] = [natural.width * scale, natural.height * scale];
    let mark = this.flow.mark();
    if (mark.y - height < this.flow.options.margin) {
      this.flow.newPage();
      mark = this.flow.mark();
    }
    await this.drawSvgAt(svg, css, { page: mark.page, x: this.flow.options.margin + this.indent(), top: mark.y, width, height });
    this.flow.space(height + 6);
  }

  private async drawSvgAt(svg: HtmlElement, css: string, box: { page: PDFPage; x: number; top: number; width: number; height: number }): Promise<void> {
    const result = await drawSvg(svg, css, box, {
      fonts: this.flow.fonts,
      missing: this.flow.missing,
      embedImage: (href) => this.embedOnce(href),
    });
    this.drawn += result.drawn;
    if (result.imagesLeftOut > 0 || result.truncated || (result.drawn === 0 && hasDrawing(svg))) this.leftOut.push(svg.attrs.id ? `#${svg.attrs.id}` : 'svg');
  }

  /**
   * One page for one picture, of the picture's proportions: an SVG page or
   * document, or an image (`src` resolved like an <img>). Returns false, and
   * adds no page, when the picture cannot be drawn.
   */
  async picturePage(picture: { svg: HtmlElement; css: string } | { src: string }): Promise<boolean> {
    if ('src' in picture) {
      const svg = this.svgImage(picture.src);
      if (svg) return this.picturePage({ svg: svg.root, css: svg.css });
      const image = await this.embedOnce(picture.src);
      if (!image) {
        this.leftOut.push(picture.src);
        return false;
      }
      const [width, height] = pageSizeFor(image.width, image.height);
      this.flow.doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
      this.drawn++;
      return true;
    }
    const natural = svgSize(picture.svg);
    const [width, height] = pageSizeFor(natural.width, natural.height);
    const before = this.drawn;
    const page = this.flow.doc.addPage([width, height]);
    await this.drawSvgAt(picture.svg, picture.css, { page, x: 0, top: height, width, height });
    // A page that is meant to be blank stays, as the book has it.
    if (this.drawn > before || !hasDrawing(picture.svg)) return true;
    this.flow.doc.removePage(this.flow.doc.getPageCount() - 1);
    return false;
  }

  /** Embeds a JPEG or PNG after checking its size from the header; other formats are left out. */
  private async embed(src: string): Promise<PDFImage | null> {
    const bytes = src.startsWith('data:') ? dataUriBytes(src) : this.resolveImage(src);
    if (!bytes) return null;
    const header = readImageHeader(bytes);
    if (!header || header.width > MAX_SIDE || header.height > MAX_SIDE || header.width * header.height > Math.min(MAX_AREA, MAX_IMAGE_PIXELS)) return null;
    try {
      const image = header.format === 'jpeg' ? await this.flow.doc.embedJpg(bytes) : await this.flow.doc.embedPng(bytes);
      await image.embed();
      return image;
    } catch {
      return null;
    }
  }

  /** A Warning notice for characters no font had (left out of the PDF); nothing when every character was drawn. */
  warningNotice(): { notice?: string; noticeTone?: 'warning' } {
    const notice = missingGlyphsWarning(this.flow.missing);
    return notice ? { notice, noticeTone: 'warning' } : {};
  }

  /** Saves the document. */
  save(): Promise<Uint8Array> {
    if (this.flow.doc.getPageCount() === 0) this.flow.newPage();
    return this.flow.doc.save({ useObjectStreams: true });
  }
}
