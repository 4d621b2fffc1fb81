/**
 * The checks Redact PDF makes on its own output before handing it over, none
 * of which trusts what the redaction meant to do:
 * - the saved bytes are parsed afresh and every object searched, every stream
 *   decoded, for the terms in each form a PDF stores text (PDFDocEncoding and
 *   UTF-16 strings, hex strings, the pieces of TJ arrays joined), and the
 *   file's raw bytes too;
 * - pdf.js reads each page's text and every annotation, hidden ones included;
 * - each box is drawn again from the saved file, and must be black.
 * The run fails if any of them finds something, or if a page's text has a
 * word an area removed more often than the words kept on that page account for.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFStream, PDFString } from 'pdf-lib';
import { ToolError } from '../errors';
import { findRanges, pageText, type RedactSearch, type TextPiece } from './redact-find';
import { annotationTexts } from './redact-annotations';
import { asLatin1, drawingStreams, isFontProgram, streamTexts, type FoundText } from './redact-document';
import type { Rect } from './redact-geometry';
import { decodedStreamBytes } from './stream-bytes';
import { loadPdfjs, openPdfjs, pageTextItems } from './pdfjs';
import type { RasterBackend } from './render';
import { runText } from '../i18n/run-messages';

/** What one page of the output may hold. */
export interface PageExpectation {
  /** 0-based page index. */
  page: number;
  /** The words areas removed from this page. */
  removedWords: string[];
  /** The text kept on this page, runs separated by line breaks. */
  keptText: string;
}

export interface Survivor {
  /** 1-based page number, or 0 for the file outside pages. */
  page: number;
  text: string;
  /** Where outside a page's text it was found. */
  place?: string;
}

const occurrences = (text: string, word: string) => findRanges(text, { emails: false, phones: false, words: [word] }).length;

/** What should have gone but is still in one page's text (`pieces` as pdf.js reads the output page). */
export function survivorsOnPage(pieces: readonly TextPiece[], search: RedactSearch, expected?: PageExpectation): string[] {
  const { text } = pageText(pieces);
  const left = findRanges(text, search).map((r) => text.slice(r.start, r.end));
  for (const word of new Set(expected?.removedWords ?? [])) {
    if (occurrences(text, word) > occurrences(expected!.keptText, word)) left.push(word);
  }
  return left;
}

/** Reads `bytes` with pdf.js and lists every redacted text it can still extract. */
export async function findSurvivors(bytes: Uint8Array, name: string, search: RedactSearch, expectations: readonly PageExpectation[]): Promise<Survivor[]> {
  const byPage = new Map(expectations.map((e) => [e.page, e]));
  const pdf = await openPdfjs(bytes, name);
  try {
    const survivors: Survivor[] = [];
    for (let n = 1; n <= pdf.doc.numPages; n++) {
      const page = await pdf.doc.getPage(n);
      const pieces = await pageTextItems(page);
      // Comments and form field values are read as text of their own, each on its own line.
      const notes = (await annotationTexts(page, 'any')).map((annotation) => ({ str: annotation.text, hasEOL: true }));
      page.cleanup();
      for (const text of survivorsOnPage(pieces, search, byPage.get(n - 1))) survivors.push({ page: n, text });
      for (const text of survivorsOnPage(notes, search)) survivors.push({ page: n, text });
    }
    return survivors;
  } finally {
    await pdf.destroy();
  }
}

/**
 * The matches of the search in `text`, as found text. In raw bytes (words
 * only) a match right after a slash is a PDF name, the file's own vocabulary
 * (/MediaBox), not text anyone reads.
 */
function matchesIn(text: string, search: RedactSearch, wordsOnly: boolean): string[] {
  const asked = wordsOnly ? { emails: false, phones: false, words: search.words } : search;
  return findRanges(text, asked)
    .filter((r) => !wordsOnly || text[r.start - 1] !== '/')
    .map((r) => text.slice(r.start, r.end));
}

/**
 * Searches the whole saved file for the terms, independently of how it was
 * written: its raw bytes, then each object pdf-lib parses from them (object
 * streams unpacked), with every string and name and every decoded stream
 * except pictures.
 */
export async function searchSavedFile(bytes: Uint8Array, search: RedactSearch): Promise<Survivor[]> {
  const found: Survivor[] = [];
  for (const text of matchesIn(asLatin1(bytes), search, true)) found.push({ page: 0, text, place: runText('run.redact.place.fileBytes') });
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  const drawing = drawingStreams(doc);
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const texts: FoundText[] = [];
    const dict = object instanceof PDFStream ? object.dict : object;
    textsOf(dict, texts);
    if (object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image') && !isFontProgram(object)) {
      let decoded: Uint8Array | undefined;
      try {
        decoded = decodedStreamBytes(object);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        // Filters pdf-lib cannot undo are picture codecs; their bytes were searched raw above.
      }
      if (decoded) texts.push(...streamTexts(decoded, drawing.has(object)));
    }
    for (const { text, wordsOnly } of texts) {
      for (const match of matchesIn(text, search, wordsOnly)) found.push({ page: 0, text: match, place: runText('run.redact.place.object', { number: ref.objectNumber }) });
    }
  }
  return found;
}

/**
 * Strings (as text) anywhere in a parsed object, and the names that are
 * destinations' names (for the words only): the old dictionary of named
 * destinations' keys, and a name given as a link's or bookmark's /Dest or /D.
 * Other names are the file's own vocabulary (/Link, /MediaBox).
 */
function textsOf(object: unknown, out: FoundText[], key?: PDFName): void {
  if (object instanceof PDFString || object instanceof PDFHexString) out.push({ text: object.decodeText(), wordsOnly: false });
  else if (object instanceof PDFName) {
    if (key === DEST || key === D) out.push({ text: object.decodeText(), wordsOnly: true });
  } else if (object instanceof PDFArray) for (const item of object.asArray()) textsOf(item, out);
  else if (object instanceof PDFDict) {
    for (const [name, value] of object.entries()) {
      if (name === DESTS && value instanceof PDFDict) for (const dest of value.keys()) out.push({ text: dest.decodeText(), wordsOnly: true });
      textsOf(value, out, name);
    }
  }
}

const DEST = PDFName.of('Dest');
const D = PDFName.of('D');
const DESTS = PDFName.of('Dests');

/** Boxes of one page, in display points. */
export interface PageBoxes {
  /** 0-based page index. */
  page: number;
  boxes: Rect[];
}

/** How dark (0..255 luma) a pixel under a box may be at most, and how many pixels of a box may be lighter. */
const BLACK = 60;
const LIGHT_SHARE = 0.01;
const CHECK_DPI = 100;

/** Draws each page of the saved file again and lists the boxes whose pixels are not black. */
export async function unpaintedBoxes(bytes: Uint8Array, name: string, pages: readonly PageBoxes[], backend: RasterBackend): Promise<Survivor[]> {
  if (pages.length === 0) return [];
  const { AnnotationMode } = await loadPdfjs();
  const pdf = await openPdfjs(bytes, name);
  const left: Survivor[] = [];
  try {
    for (const { page: index, boxes } of pages) {
      const page = await pdf.doc.getPage(index + 1);
      const scale = CHECK_DPI / 72;
      const viewport = page.getViewport({ scale });
      const canvas = backend.create(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
      try {
        await page.render({ canvas: canvas as HTMLCanvasElement, viewport, background: 'rgb(255,255,255)', annotationMode: AnnotationMode.ENABLE }).promise;
        const context = (canvas as unknown as { getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } }).getContext('2d');
        boxes.forEach((box, n) => {
          // A pixel in from each edge: the edge pixels are shared with what is around the box.
          const x0 = Math.ceil(box.x * scale) + 1;
          const y0 = Math.ceil(box.y * scale) + 1;
          const w = Math.floor((box.x + box.width) * scale) - 1 - x0;
          const h = Math.floor((box.y + box.height) * scale) - 1 - y0;
          if (w <= 0 || h <= 0) return;
          const { data } = context.getImageData(x0, y0, w, h);
          let light = 0;
          for (let i = 0; i < data.length; i += 4) if ((data[i]! + data[i + 1]! + data[i + 2]!) / 3 > BLACK) light++;
          if (light > LIGHT_SHARE * w * h) left.push({ page: index + 1, text: runText('run.redact.box', { number: n + 1 }), place: runText('run.redact.place.underBox') });
        });
      } finally {
        canvas.width = 0;
        canvas.height = 0;
        page.cleanup();
      }
    }
  } finally {
    await pdf.destroy();
  }
  return left;
}

/** Throws a ToolError naming what survived, so a file that still shows redacted text is never handed over. */
export function assertNothingSurvives(survivors: readonly Survivor[]): void {
  if (survivors.length === 0) return;
  const list = survivors
    .slice(0, 5)
    .map((s) =>
      s.page > 0
        ? runText(s.place ? 'run.redact.survivorOnPageIn' : 'run.redact.survivorOnPage', { text: s.text, page: s.page, place: s.place })
        : runText('run.redact.survivorIn', { text: s.text, place: s.place }),
    )
    .join(', ');
  throw new ToolError(runText('run.redact.survived', { list }));
}
