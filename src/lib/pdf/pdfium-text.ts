/**
 * The text objects of PDF pages, read and rewritten with PDFium: each run of
 * text the page draws (one BT..ET show of one font) with its box, size and
 * colour, and edits that change its words, size or colour, move it or remove
 * it. Only the edited objects change; PDFium regenerates the page's content
 * from its objects, and everything else on the page is written back as it was
 * read. Text inside form XObjects and annotations is not listed (it is not
 * a page object).
 */
import { z } from 'zod';
import { ToolError } from '../errors';
import type { FontVariant } from '../fonts/embed';
import { copyIn, openDocument, PDFIUM_ERR_PASSWORD, saveDocument, withMemory, wideString, type Pdfium } from './pdfium';
import { encryptedMessage, unlockLink, damagedPdfMessage } from './load';
import { runText } from '../i18n/run-messages';

const FPDF_PAGEOBJ_TEXT = 1;
const FPDF_FONT_TRUETYPE = 2;
/** Fractions of the displayed page are computed on a device of this many units a side. */
const DEVICE = 1_000_000;
/** How far (points) a run's box may be from the one the view read and still be the same run. */
const SAME_BOX = 1;

/** [left, bottom, right, top] in the page's user space (points). */
export type PdfBounds = [number, number, number, number];

/** A box as fractions of the displayed page from its top-left (the Edit PDF view's units). */
export interface ShownBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One text object on a page, as the view shows it and an edit names it. */
export interface TextRun {
  page: number;
  /** The object's index among the page's objects when it was read. */
  index: number;
  text: string;
  bounds: PdfBounds;
  box: ShownBox;
  /** The size it is drawn at, in points (the font size times the text matrix's scale). */
  fontSize: number;
  /** #rrggbb fill colour. */
  color: string;
  font: string;
}

const hex = /^#[0-9a-f]{6}$/i;
const finite = z.number().finite();

/** One change to one text object; the page, index, text and bounds say which object, as the view read it. */
export const textEditSchema = z.object({
  page: z.number().int().min(0),
  index: z.number().int().min(0),
  /** The object's text when it was read: the check that the file is the one the edit was made on. */
  was: z.string(),
  bounds: z.tuple([finite, finite, finite, finite]),
  /** The new words; absent keeps them. */
  text: z.string().max(5000).optional(),
  /** The new drawn size in points; absent keeps it. */
  fontSize: z.number().min(1).max(500).optional(),
  color: z.string().regex(hex).optional(),
  /** Movement as fractions of the displayed page (right and down are positive). */
  dx: z.number().min(-1).max(1).optional(),
  dy: z.number().min(-1).max(1).optional(),
  delete: z.boolean().optional(),
});
export type PdfTextEdit = z.infer<typeof textEditSchema>;

export const TEXT_GONE_MESSAGE = (text: string, page: number) => runText('run.textEdit.gone', { text: short(text), page: page + 1 });
export const TEXT_PAGE_MISSING_MESSAGE = (page: number, count: number) => runText('run.textEdit.pageMissing', { page: page + 1, count });
export const FALLBACK_NOTE = (fonts: string[]) =>
  runText('run.textEdit.fallbackFonts', { fonts: fonts.slice(1).reduce((all, font) => runText('run.list.and2', { first: all, second: font }), fonts[0] ?? '') });

function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
}

function floats(pdfium: Pdfium, count: number, call: (ptrs: number[]) => unknown): { ok: unknown; values: number[] } {
  return withMemory(pdfium, count * 4, (base) => {
    const ptrs = Array.from({ length: count }, (_, i) => base + i * 4);
    const ok = call(ptrs);
    return { ok, values: ptrs.map((p) => pdfium.pdfium.getValue(p, 'float')) };
  });
}

function objectBounds(pdfium: Pdfium, obj: number): PdfBounds | null {
  const { ok, values } = floats(pdfium, 4, ([l, b, r, t]) => pdfium.FPDFPageObj_GetBounds(obj, l!, b!, r!, t!));
  return ok ? (values as PdfBounds) : null;
}

function objectMatrix(pdfium: Pdfium, obj: number): number[] | null {
  const { ok, values } = floats(pdfium, 6, ([p]) => pdfium.FPDFPageObj_GetMatrix(obj, p!));
  return ok ? values : null;
}

function setMatrix(pdfium: Pdfium, obj: number, m: number[]): void {
  withMemory(pdfium, 24, (p) => {
    m.forEach((v, i) => pdfium.pdfium.setValue(p + i * 4, v, 'float'));
    pdfium.FPDFPageObj_SetMatrix(obj, p);
  });
}

function tfSize(pdfium: Pdfium, obj: number): number {
  const { ok, values } = floats(pdfium, 1, ([p]) => pdfium.FPDFTextObj_GetFontSize(obj, p!));
  return ok ? values[0]! : 0;
}

function fillColor(pdfium: Pdfium, obj: number): [number, number, number, number] {
  return withMemory(pdfium, 16, (p) => {
    const ok = pdfium.FPDFPageObj_GetFillColor(obj, p, p + 4, p + 8, p + 12);
    if (!ok) return [0, 0, 0, 255];
    return [0, 1, 2, 3].map((i) => pdfium.pdfium.getValue(p + i * 4, 'i32') >>> 0) as [number, number, number, number];
  });
}

function objectText(pdfium: Pdfium, obj: number, textPage: number): string {
  const size = pdfium.FPDFTextObj_GetText(obj, textPage, 0, 0);
  if (size <= 2) return '';
  return withMemory(pdfium, size, (p) => {
    pdfium.FPDFTextObj_GetText(obj, textPage, p, size);
    return pdfium.pdfium.UTF16ToString(p);
  });
}

function fontName(pdfium: Pdfium, font: number): string {
  if (!font) return '';
  const size = pdfium.FPDFFont_GetBaseFontName(font, 0, 0);
  if (size <= 1) return '';
  return withMemory(pdfium, size, (p) => {
    pdfium.FPDFFont_GetBaseFontName(font, p, size);
    return pdfium.pdfium.UTF8ToString(p);
  });
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;

/** The drawn size: the font size times the text matrix's vertical scale. */
const drawnSize = (size: number, m: number[] | null) => (m ? size * Math.hypot(m[2]!, m[3]!) : size);

/** A point of the page as fractions of the displayed (cropped, rotated) page. */
function toShown(pdfium: Pdfium, page: number, x: number, y: number): [number, number] {
  return withMemory(pdfium, 8, (p) => {
    pdfium.FPDF_PageToDevice(page, 0, 0, DEVICE, DEVICE, 0, x, y, p, p + 4);
    return [pdfium.pdfium.getValue(p, 'i32') / DEVICE, pdfium.pdfium.getValue(p + 4, 'i32') / DEVICE];
  });
}

/** A point of the displayed page (fractions) in the page's user space. */
function fromShown(pdfium: Pdfium, page: number, fx: number, fy: number): [number, number] {
  return withMemory(pdfium, 16, (p) => {
    pdfium.FPDF_DeviceToPage(page, 0, 0, DEVICE, DEVICE, 0, Math.round(fx * DEVICE), Math.round(fy * DEVICE), p, p + 8);
    return [pdfium.pdfium.getValue(p, 'double'), pdfium.pdfium.getValue(p + 8, 'double')];
  });
}

export function shownBox(pdfium: Pdfium, page: number, [l, b, r, t]: PdfBounds): ShownBox {
  const corners = [toShown(pdfium, page, l, b), toShown(pdfium, page, r, t), toShown(pdfium, page, l, t), toShown(pdfium, page, r, b)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Opens a PDF for PDFium, refusing it with the messages loadPdf gives (the caller has usually run loadPdf already). */
function open(pdfium: Pdfium, bytes: Uint8Array, name: string) {
  const opened = openDocument(pdfium, bytes);
  if ('error' in opened) {
    if (opened.error === PDFIUM_ERR_PASSWORD) throw new ToolError(encryptedMessage(), unlockLink());
    throw new ToolError(damagedPdfMessage(name));
  }
  return opened;
}

function readPage(pdfium: Pdfium, doc: number, pageIndex: number): TextRun[] {
  const page = pdfium.FPDF_LoadPage(doc, pageIndex);
  if (!page) return [];
  const textPage = pdfium.FPDFText_LoadPage(page);
  try {
    const runs: TextRun[] = [];
    const count = pdfium.FPDFPage_CountObjects(page);
    for (let index = 0; index < count; index++) {
      const obj = pdfium.FPDFPage_GetObject(page, index);
      if (!obj || pdfium.FPDFPageObj_GetType(obj) !== FPDF_PAGEOBJ_TEXT) continue;
      const text = objectText(pdfium, obj, textPage);
      const bounds = objectBounds(pdfium, obj);
      // Invisible or empty runs (spaces, clipped-away text) cannot be pointed at.
      if (!bounds || text.trim() === '') continue;
      const [r, g, b] = fillColor(pdfium, obj);
      runs.push({
        page: pageIndex,
        index,
        text,
        bounds,
        box: shownBox(pdfium, page, bounds),
        fontSize: Math.round(drawnSize(tfSize(pdfium, obj), objectMatrix(pdfium, obj)) * 100) / 100,
        color: toHex([r, g, b]),
        font: fontName(pdfium, pdfium.FPDFTextObj_GetFont(obj)),
      });
    }
    return runs;
  } finally {
    if (textPage) pdfium.FPDFText_ClosePage(textPage);
    pdfium.FPDF_ClosePage(page);
  }
}

/** The text runs of the given pages (0-based) of a PDF. */
export function readTextRuns(pdfium: Pdfium, bytes: Uint8Array, pages: number[], name = runText('run.textEdit.thisFile')): TextRun[] {
  const { doc, close } = open(pdfium, bytes, name);
  try {
    const count = pdfium.FPDF_GetPageCount(doc);
    return pages.filter((p) => p >= 0 && p < count).flatMap((p) => readPage(pdfium, doc, p));
  } finally {
    close();
  }
}

const sameBounds = (a: PdfBounds, b: PdfBounds) => a.every((v, i) => Math.abs(v - b[i]!) <= SAME_BOX);
const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** WinAnsi's characters: what a standard 14 font can show. */
const WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178\s]*$/u;

interface FontStyle {
  bold: boolean;
  italic: boolean;
  serif: boolean;
  fixed: boolean;
}

function fontStyle(pdfium: Pdfium, font: number): FontStyle {
  const name = fontName(pdfium, font).replace(/^[A-Z]{6}\+/, '');
  const flags = font ? pdfium.FPDFFont_GetFlags(font) : 0;
  const weight = font ? pdfium.FPDFFont_GetWeight(font) : -1;
  return {
    bold: /bold|black|heavy|semibold|demi/i.test(name) || weight >= 600 || (flags & (1 << 18)) !== 0,
    italic: /italic|oblique/i.test(name) || (flags & (1 << 6)) !== 0,
    serif: /times|serif|roman|georgia|garamond|minion|cambria/i.test(name) ? !/sans/i.test(name) : (flags & 2) !== 0,
    fixed: /courier|mono|consol/i.test(name) || (flags & 1) !== 0,
  };
}

function standardFontName({ bold, italic, serif, fixed }: FontStyle): string {
  if (fixed) return `Courier${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
  if (serif) return bold && italic ? 'Times-BoldItalic' : bold ? 'Times-Bold' : italic ? 'Times-Italic' : 'Times-Roman';
  return `Helvetica${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
}

function dejaVuVariant({ bold, italic }: FontStyle): FontVariant {
  return bold && italic ? 'boldItalic' : bold ? 'bold' : italic ? 'italic' : 'regular';
}

/** True when the font draws every character of `text`: each maps to a glyph with an outline (spaces need none). */
function fontDraws(pdfium: Pdfium, font: number, text: string): boolean {
  if (!font) return false;
  for (const ch of new Set(text)) {
    if (/\s/u.test(ch)) continue;
    const path = pdfium.FPDFFont_GetGlyphPath(font, ch.codePointAt(0)!, 12);
    if (!path || pdfium.FPDFGlyphPath_CountGlyphSegments(path) <= 0) return false;
  }
  return true;
}

/** What one run of applyTextEdits did, for the result and for tests. */
export interface TextEditResult {
  bytes: Uint8Array;
  /** Fonts used in place of a PDF's own, by name. */
  fallbacks: string[];
  /** The areas each edit touched (old and new boxes, user space), by page. */
  areas: { page: number; bounds: PdfBounds[] }[];
}

interface Target {
  edit: PdfTextEdit;
  obj: number;
}

/** The object an edit names: its own index when the text and box still match, else the one page object that does. */
function findTarget(pdfium: Pdfium, page: number, textPage: number, edit: PdfTextEdit): number {
  const matches = (obj: number) => {
    if (!obj || pdfium.FPDFPageObj_GetType(obj) !== FPDF_PAGEOBJ_TEXT) return false;
    const bounds = objectBounds(pdfium, obj);
    return !!bounds && sameBounds(bounds, edit.bounds as PdfBounds) && sameText(objectText(pdfium, obj, textPage), edit.was);
  };
  const count = pdfium.FPDFPage_CountObjects(page);
  if (edit.index < count && matches(pdfium.FPDFPage_GetObject(page, edit.index))) return pdfium.FPDFPage_GetObject(page, edit.index);
  for (let i = 0; i < count; i++) {
    const obj = pdfium.FPDFPage_GetObject(page, i);
    if (matches(obj)) return obj;
  }
  throw new ToolError(TEXT_GONE_MESSAGE(edit.was, edit.page));
}

function indexOf(pdfium: Pdfium, page: number, obj: number): number {
  const count = pdfium.FPDFPage_CountObjects(page);
  for (let i = 0; i < count; i++) if (pdfium.FPDFPage_GetObject(page, i) === obj) return i;
  return -1;
}

/** The text a text object shows now, through a fresh text page (a text page reads the objects as they were when it was made). */
function currentText(pdfium: Pdfium, page: number, obj: number): string {
  const textPage = pdfium.FPDFText_LoadPage(page);
  try {
    return objectText(pdfium, obj, textPage);
  } finally {
    pdfium.FPDFText_ClosePage(textPage);
  }
}

function setText(pdfium: Pdfium, obj: number, text: string): boolean {
  const ptr = wideString(pdfium, text);
  try {
    return pdfium.FPDFText_SetText(obj, ptr);
  } finally {
    pdfium.pdfium.wasmExports.free(ptr);
  }
}

class Fonts {
  private readonly loaded = new Map<string, number>();
  /** Module memory of loaded font files, freed once the document is saved. */
  readonly memory: number[] = [];
  readonly used = new Set<string>();
  constructor(
    private readonly pdfium: Pdfium,
    readonly doc: number,
  ) {}

  /** A font that draws `text` in the style of the original: a standard 14 font for WinAnsi text, else DejaVu Sans embedded. */
  async fallback(style: FontStyle, text: string): Promise<{ font: number; name: string }> {
    if (WIN_ANSI.test(text)) {
      const name = standardFontName(style);
      let font = this.loaded.get(name);
      if (!font) {
        font = this.pdfium.FPDFText_LoadStandardFont(this.doc, name);
        this.loaded.set(name, font);
      }
      if (font) return { font, name };
    }
    const variant = dejaVuVariant(style);
    const name = `DejaVu Sans${variant === 'regular' ? '' : ` ${variant === 'boldItalic' ? 'Bold Oblique' : variant === 'bold' ? 'Bold' : 'Oblique'}`}`;
    let font = this.loaded.get(name);
    if (!font) {
      // Loaded only for text no standard font can show, so reading a page never fetches pdf-lib and fontkit.
      const { loadFontBytes } = await import('../fonts/embed');
      const data = await loadFontBytes(variant);
      const ptr = copyIn(this.pdfium, data);
      this.memory.push(ptr);
      font = this.pdfium.FPDFText_LoadFont(this.doc, ptr, data.byteLength, FPDF_FONT_TRUETYPE, true);
      if (!font) throw new Error('PDFium could not load the fallback font.');
      this.loaded.set(name, font);
    }
    return { font, name };
  }
}

/**
 * Applies text edits to a PDF and returns the rewritten file. Edits name
 * objects as they were read (page, index, text, bounds); an edit whose object
 * is gone throws TEXT_GONE_MESSAGE. Words a run's own font cannot draw are
 * set in a fallback font of the same style, in a new object at the same
 * place and stacking position.
 */
export async function applyTextEdits(pdfium: Pdfium, bytes: Uint8Array, edits: PdfTextEdit[], name = runText('run.textEdit.thisFile')): Promise<TextEditResult> {
  const { doc, close } = open(pdfium, bytes, name);
  const fonts = new Fonts(pdfium, doc);
  try {
    const pageCount = pdfium.FPDF_GetPageCount(doc);
    const byPage = new Map<number, PdfTextEdit[]>();
    for (const edit of edits) {
      if (edit.page >= pageCount) throw new ToolError(TEXT_PAGE_MISSING_MESSAGE(edit.page, pageCount));
      byPage.set(edit.page, [...(byPage.get(edit.page) ?? []), edit]);
    }
    const areas: TextEditResult['areas'] = [];
    for (const [pageIndex, pageEdits] of [...byPage].sort((a, b) => a[0] - b[0])) {
      const page = pdfium.FPDF_LoadPage(doc, pageIndex);
      if (!page) throw new ToolError(damagedPdfMessage(name));
      const touched: PdfBounds[] = [];
      const removed: number[] = [];
      try {
        const textPage = pdfium.FPDFText_LoadPage(page);
        let targets: Target[];
        try {
          // Every object is found before any changes, so indexes are the ones the view read.
          targets = pageEdits.map((edit) => ({ edit, obj: findTarget(pdfium, page, textPage, edit) }));
        } finally {
          pdfium.FPDFText_ClosePage(textPage);
        }
        for (const { edit, obj: original } of targets) {
          touched.push(edit.bounds as PdfBounds);
          if (edit.delete) {
            pdfium.FPDFPage_RemoveObject(page, original);
            removed.push(original);
            continue;
          }
          let obj = original;
          if (edit.text !== undefined && !sameText(edit.text, edit.was)) {
            obj = await rewrite(pdfium, page, original, edit.text, fonts);
            if (obj !== original) removed.push(original);
          }
          if (edit.color) {
            const [, , , alpha] = fillColor(pdfium, original);
            const [r, g, b] = [1, 3, 5].map((i) => parseInt(edit.color!.slice(i, i + 2), 16));
            pdfium.FPDFPageObj_SetFillColor(obj, r!, g!, b!, alpha);
          }
          const m = objectMatrix(pdfium, obj);
          if (edit.fontSize && m) {
            const now = drawnSize(tfSize(pdfium, obj), m);
            const k = now > 0 ? edit.fontSize / now : 1;
            // Scaled about the run's origin, so its baseline stays where it was.
            if (Math.abs(k - 1) > 1e-4) setMatrix(pdfium, obj, [m[0]! * k, m[1]! * k, m[2]! * k, m[3]! * k, m[4]!, m[5]!]);
          }
          if (edit.dx || edit.dy) {
            const [x0, y0] = fromShown(pdfium, page, 0.5, 0.5);
            const [x1, y1] = fromShown(pdfium, page, 0.5 + (edit.dx ?? 0), 0.5 + (edit.dy ?? 0));
            pdfium.FPDFPageObj_Transform(obj, 1, 0, 0, 1, x1 - x0, y1 - y0);
          }
          const after = objectBounds(pdfium, obj);
          if (after) touched.push(after);
        }
        if (!pdfium.FPDFPage_GenerateContent(page)) throw new Error('PDFium could not write the page.');
      } finally {
        pdfium.FPDF_ClosePage(page);
      }
      for (const obj of removed) pdfium.FPDFPageObj_Destroy(obj);
      areas.push({ page: pageIndex, bounds: touched });
    }
    const out = saveDocument(pdfium, doc);
    return { bytes: out, fallbacks: [...fonts.used], areas };
  } finally {
    close();
    for (const ptr of fonts.memory) pdfium.pdfium.wasmExports.free(ptr);
  }
}

/**
 * Puts `text` in the object: in its own font when that draws every
 * character, else in a new object with a fallback font, same matrix, colour
 * and stacking position, replacing the original (the original is removed from
 * the page and returned for the caller to destroy once the page is written).
 */
async function rewrite(pdfium: Pdfium, page: number, obj: number, text: string, fonts: Fonts): Promise<number> {
  const font = pdfium.FPDFTextObj_GetFont(obj);
  if (fontDraws(pdfium, font, text) && setText(pdfium, obj, text) && sameText(currentText(pdfium, page, obj), text)) return obj;
  const style = fontStyle(pdfium, font);
  const { font: fallback, name } = await fonts.fallback(style, text);
  const size = tfSize(pdfium, obj);
  const replacement = pdfium.FPDFPageObj_CreateTextObj(fonts.doc, fallback, size || 12);
  if (!replacement || !setText(pdfium, replacement, text)) throw new Error('PDFium could not make the replacement text.');
  const m = objectMatrix(pdfium, obj);
  if (m) setMatrix(pdfium, replacement, m);
  const [r, g, b, a] = fillColor(pdfium, obj);
  pdfium.FPDFPageObj_SetFillColor(replacement, r, g, b, a);
  const at = indexOf(pdfium, page, obj);
  pdfium.FPDFPage_InsertObjectAtIndex(page, replacement, at < 0 ? pdfium.FPDFPage_CountObjects(page) : at);
  pdfium.FPDFPage_RemoveObject(page, obj);
  fonts.used.add(name);
  return replacement;
}

