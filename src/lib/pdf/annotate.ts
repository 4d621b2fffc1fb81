/**
 * Reading and drawing the objects of Edit PDF (text boxes, white-out, shapes
 * and images) on existing pages. Positions arrive as fractions of the page as
 * a reader shows it (after /Rotate, inside the CropBox) and are mapped to user
 * space with one matrix per page, so text and images stay upright on rotated
 * pages and land where the visitor drew them.
 */
// First: zod parses here in the browser, where the CSP forbids its eval probe.
import '../../contract/zod-jitless';
import { z } from 'zod';
import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { visibleBox, type Box } from './page-box';
import { hexColor, inDisplaySpace } from './display-space';
import type { ProcessorContext } from '../../contract/types';
import { base64Bytes } from '../base64';
import { throwIfAborted, ToolError } from '../errors';
import { readImageHeader } from '../image/header';
import { embedFonts } from '../fonts/embed';
import { cleanText } from './layout';
import { runText, type RunMessageId } from '../i18n/run-messages';

export { displayMatrix, displaySize, hexColor, inDisplaySpace, type Matrix } from './display-space';

export type EditKind = 'text' | 'whiteout' | 'rect' | 'ellipse' | 'line' | 'image';
export const EDIT_KINDS = ['text', 'whiteout', 'rect', 'ellipse', 'line', 'image'] as const satisfies readonly EditKind[];

/**
 * One object to draw, as the Edit PDF view sends it. The schema types each
 * value; readEdits then checks what needs the document or a message for the
 * visitor (page count, position on the page, ranges, the picture itself).
 */
export const pdfEditSchema = z.object({
  /** 0-based page index. */
  page: z.number().int().min(0),
  kind: z.enum(EDIT_KINDS),
  /**
   * The box as fractions 0..1 of the displayed page from its top-left. For a
   * line, (x, y) is the start and (x + width, y + height) the end, so width and
   * height may be negative.
   */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** Text boxes only; lines wrap at the box width. */
  text: z.string().optional(),
  /** Points, 4..200 (default 16). */
  fontSize: z.number().optional(),
  /** #rrggbb for text, shape outlines and lines (default black). */
  color: z.string().optional(),
  /** Outline or line thickness in points, 0.5..50 (default 2). */
  strokeWidth: z.number().optional(),
  /** PNG or JPEG bytes as base64 (a data: URL prefix is allowed). */
  imageBase64: z.string().optional(),
});
export type PdfEdit = z.infer<typeof pdfEditSchema>;

/** A validated edit with every default filled in. */
export interface CheckedEdit extends Required<Omit<PdfEdit, 'imageBase64'>> {
  /** Edits that place the same picture share one object, so it is embedded once. */
  image?: { bytes: Uint8Array; format: 'png' | 'jpeg' };
}

export const emptyEditsMessage = (): string => runText('run.edit.empty');
export const MAX_EDITS = 1000;
export const MAX_TEXT_LENGTH = 10_000;
export const FONT_SIZE_RANGE = [4, 200] as const;
export const STROKE_RANGE = [0.5, 50] as const;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 10_000;
/** pdf-lib decodes a PNG to RGBA before embedding it, so its pixel count bounds the memory used. */
export const MAX_IMAGE_PIXELS = 20_000_000;

function fail(index: number, problem: RunMessageId, values: Record<string, unknown> = {}): never {
  throw new ToolError(runText(problem, { edit: index + 1, ...values }));
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function inRange(value: unknown, [min, max]: readonly [number, number], fallback: number, what: RunMessageId, index: number): number {
  if (value === undefined || value === null) return fallback;
  const n = finite(value);
  if (n === null || n < min || n > max) fail(index, what, { min, max });
  return n;
}

/** Bytes of a base64 image, refused before decoding when the text is too long to be a sensible image. */
function decodeBase64(data: string, pageNumber: number): Uint8Array {
  const body = data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (body.length * 0.75 > MAX_IMAGE_BYTES) {
    throw new ToolError(runText('run.edit.imageTooLarge', { page: pageNumber, max: MAX_IMAGE_BYTES / 1024 / 1024 }));
  }
  try {
    return base64Bytes(body);
  } catch {
    throw new ToolError(runText('run.edit.imageUnreadable', { page: pageNumber }));
  }
}

/** The image of an edit, its format and size checked from the header before anything is decoded. */
function readImage(data: unknown, pageNumber: number): CheckedEdit['image'] {
  if (typeof data !== 'string' || data.length === 0) {
    throw new ToolError(runText('run.edit.imageMissing', { page: pageNumber }));
  }
  const bytes = decodeBase64(data, pageNumber);
  const header = readImageHeader(bytes);
  if (!header) throw new ToolError(runText('run.edit.imageNotPngOrJpeg', { page: pageNumber }));
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE || header.width * header.height > MAX_IMAGE_PIXELS) {
    throw new ToolError(
      runText('run.edit.imagePixels', { page: pageNumber, width: header.width, height: header.height, megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE }),
    );
  }
  return { bytes, format: header.format };
}

/** Validates the edits sent by the view against a document of `pageCount` pages; throws ToolError naming the problem. */
export function readEdits(value: unknown, pageCount: number): CheckedEdit[] {
  if (!Array.isArray(value) || value.length === 0) throw new ToolError(emptyEditsMessage());
  if (value.length > MAX_EDITS) {
    throw new ToolError(runText('run.edit.tooMany', { count: value.length, max: MAX_EDITS }));
  }
  const images = new Map<unknown, CheckedEdit['image']>();
  const imageOf = (data: unknown, pageNumber: number) => {
    if (!images.has(data)) images.set(data, readImage(data, pageNumber));
    return images.get(data);
  };
  return value.map((raw, index): CheckedEdit => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(index, 'run.edit.unreadable');
    const e = raw as Record<string, unknown>;
    const kind = e.kind as EditKind;
    if (!(EDIT_KINDS as readonly string[]).includes(kind)) fail(index, 'run.edit.unknownKind');
    const page = finite(e.page);
    if (page === null || !Number.isInteger(page) || page < 0 || page >= pageCount) {
      fail(index, 'run.edit.pageMissing', { page: page === null ? '?' : page + 1, count: pageCount });
    }
    const [x, y, width, height] = [e.x, e.y, e.width, e.height].map(finite);
    if (x === null || y === null || width === null || height === null) fail(index, 'run.edit.noPosition');
    const line = kind === 'line';
    const ends = [x, y, x + width, y + height];
    if (ends.some((v) => v < -0.001 || v > 1.001)) fail(index, 'run.edit.outside', { page: page + 1 });
    if (line ? Math.hypot(width, height) < 0.001 : width < 0.001 || height < 0.001) fail(index, 'run.edit.noSize');
    const color = e.color === undefined ? '#000000' : e.color;
    if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) fail(index, 'run.edit.colour');
    let text = '';
    if (kind === 'text') {
      text = typeof e.text === 'string' ? e.text : '';
      if (text.trim() === '') throw new ToolError(runText('run.edit.emptyText', { page: page + 1 }));
      if (text.length > MAX_TEXT_LENGTH) {
        throw new ToolError(runText('run.edit.textTooLong', { page: page + 1, max: MAX_TEXT_LENGTH }));
      }
    }
    return {
      page,
      kind,
      x,
      y,
      width,
      height,
      text,
      color,
      fontSize: inRange(e.fontSize, FONT_SIZE_RANGE, 16, 'run.edit.fontSizeRange', index),
      strokeWidth: inRange(e.strokeWidth, STROKE_RANGE, 2, 'run.edit.lineWidthRange', index),
      image: kind === 'image' ? imageOf(e.imageBase64, page + 1) : undefined,
    };
  });
}

/**
 * Breaks text into lines no wider than `maxWidth`: at the text's own line
 * breaks, then between words, and inside a word only when it alone is wider.
 */
export function wrapText(text: string, measure: (s: string) => number, maxWidth: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      line = measure(word) > maxWidth ? breakWord(word, measure, maxWidth, out) : word;
    }
    out.push(line);
  }
  return out;
}

/** Pushes full-width pieces of a too-long word to `out` and returns the rest. */
function breakWord(word: string, measure: (s: string) => number, maxWidth: number, out: string[]): string {
  let piece = '';
  for (const char of Array.from(word)) {
    if (piece && measure(piece + char) > maxWidth) {
      out.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece;
}

/** Text as drawn: controls removed, tabs expanded; throws when the font has no glyph for a character. */
function drawableText(edit: CheckedEdit, glyphs: Set<number>): string {
  const text = cleanText(edit.text);
  const missing = new Set<string>();
  for (const char of text) if (char !== '\n' && !glyphs.has(char.codePointAt(0)!)) missing.add(char);
  if (missing.size > 0) {
    const list = [...missing].slice(0, 10).join(' ');
    throw new ToolError(
      runText('run.edit.missingGlyphs', { page: edit.page + 1, characters: list }),
    );
  }
  return text;
}

/** Draws one edit in display space (points, y up from the bottom of the page as shown). */
function drawEdit(page: PDFPage, edit: CheckedEdit, size: { width: number; height: number }, font?: PDFFont, image?: PDFImage, text = ''): void {
  const x = edit.x * size.width;
  const top = (1 - edit.y) * size.height;
  const width = edit.width * size.width;
  const height = edit.height * size.height;
  const color = hexColor(edit.color);
  const thickness = edit.strokeWidth;
  switch (edit.kind) {
    case 'whiteout':
      page.drawRectangle({ x, y: top - height, width, height, color: rgb(1, 1, 1), borderWidth: 0 });
      return;
    case 'rect':
      page.drawRectangle({ x, y: top - height, width, height, borderColor: color, borderWidth: thickness });
      return;
    case 'ellipse':
      page.drawEllipse({ x: x + width / 2, y: top - height / 2, xScale: width / 2, yScale: height / 2, borderColor: color, borderWidth: thickness });
      return;
    case 'line':
      page.drawLine({ start: { x, y: top }, end: { x: x + width, y: top - height }, thickness, color });
      return;
    case 'image':
      page.drawImage(image!, { x, y: top - height, width, height });
      return;
    case 'text': {
      const fontSize = edit.fontSize;
      const lines = wrapText(text, (s) => font!.widthOfTextAtSize(s, fontSize), width);
      const lineHeight = fontSize * 1.2;
      // The first baseline sits one ascent below the top of the box, as in the page preview.
      let baseline = top - font!.heightAtSize(fontSize, { descender: false });
      for (const line of lines) {
        if (line) page.drawText(line, { x, y: baseline, size: fontSize, font, color });
        baseline -= lineHeight;
      }
    }
  }
}

/** Draws every edit on its page, in order (later edits on top), embedding the font and images once. */
export async function drawEdits(doc: PDFDocument, edits: CheckedEdit[], ctx: ProcessorContext): Promise<void> {
  const pages = doc.getPages();
  let font: PDFFont | undefined;
  let glyphs = new Set<number>();
  if (edits.some((e) => e.kind === 'text')) {
    font = (await embedFonts(doc, ['regular'])).regular;
    glyphs = new Set(font.getCharacterSet());
  }
  const texts = edits.map((edit) => (edit.kind === 'text' ? drawableText(edit, glyphs) : ''));
  const images = new Map<CheckedEdit['image'], PDFImage>();
  const visible = new Map<number, Box>();
  ctx.onProgress(0, edits.length);
  for (const [done, edit] of edits.entries()) {
    throwIfAborted(ctx.signal);
    let image: PDFImage | undefined;
    if (edit.image) {
      image = images.get(edit.image);
      if (!image) {
        try {
          image = edit.image.format === 'png' ? await doc.embedPng(edit.image.bytes) : await doc.embedJpg(edit.image.bytes);
        } catch {
          throw new ToolError(runText('run.edit.imageDamaged', { page: edit.page + 1 }));
        }
        images.set(edit.image, image);
      }
    }
    const page = pages[edit.page];
    if (!visible.has(edit.page)) visible.set(edit.page, visibleBox(page));
    inDisplaySpace(page, visible.get(edit.page)!, (size) => drawEdit(page, edit, size, font, image, texts[done]));
    ctx.onProgress(done + 1, edits.length);
  }
}
