/**
 * An invisible text layer over a scanned page: each recognised word is
 * written at its box with text render mode 3 (neither filled nor stroked),
 * so viewers can search, select and copy it while the page still shows
 * only the scan. The page's own content streams are kept as they are; they
 * are wrapped in q/Q so nothing they leave set (a transformation, a clip)
 * can shift the words, and the words go in a stream of their own after them.
 */
import {
  beginText,
  endText,
  PDFContentStream,
  type PDFFont,
  type PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
  type PDFOperator,
} from 'pdf-lib';
import type { OcrLine } from './recognize';

/** Pixel point of the scan to PDF user space. */
export type ToPdf = (x: number, y: number) => [number, number];

/** Share of the font size between the baseline and the top of capitals and ascenders, for most book and office faces. */
const ASCENT = 0.75;

/** y of a line's baseline at x, in pixels; the bottom of the line box when the engine gave no baseline. */
function baselineAt(line: OcrLine, x: number): number {
  const { x0, y0, x1, y1 } = line.baseline;
  if (x1 <= x0 || (y0 === 0 && y1 === 0)) return line.bbox.y1;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/** Chinese and Japanese are written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function spaceBetween(word: string, next: string): boolean {
  return !(CJK.test(word.slice(-1)) && CJK.test(next.charAt(0)));
}

const distance = (a: [number, number], b: [number, number]) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** The words of a line that have text and a box to put it in. */
function placeable(line: OcrLine) {
  return line.words.filter((w) => w.text.trim() !== '' && w.bbox.x1 > w.bbox.x0);
}

/** The operators that write one line's words, four per word, or none when nothing in it can be placed. */
function lineOperators(line: OcrLine, font: PDFFont, fontKey: PDFName, toPdf: ToPdf): PDFOperator[] {
  const words = placeable(line);
  const ops: PDFOperator[] = [];
  words.forEach((word, i) => {
    const next = words[i + 1];
    // A word carries the space after it and reaches to the next word, so selection runs on and copied text keeps its spaces.
    const text = next && spaceBetween(word.text, next.text) ? `${word.text} ` : word.text;
    const x0 = word.bbox.x0;
    const x1 = next ? Math.max(next.bbox.x0, word.bbox.x1) : word.bbox.x1;
    const start = toPdf(x0, baselineAt(line, x0));
    const end = toPdf(x1, baselineAt(line, x1));
    const width = distance(start, end);
    const height = distance(toPdf(x0, Math.min(line.bbox.y0, word.bbox.y0)), toPdf(x0, baselineAt(line, x0)));
    const size = Math.max(1, height / ASCENT);
    const natural = font.widthOfTextAtSize(text, size);
    if (width <= 0 || natural <= 0) return;
    const [ux, uy] = [(end[0] - start[0]) / width, (end[1] - start[1]) / width];
    ops.push(
      setFontAndSize(fontKey, round(size)),
      // Stretched or squeezed so the word spans its box whatever the scan's typeface was.
      setCharacterSqueeze(round((100 * width) / natural)),
      setTextMatrix(round(ux), round(uy), round(-uy), round(ux), round(start[0]), round(start[1])),
      showText(font.encodeText(text)),
    );
  });
  return ops;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Writes the lines' words invisibly on the page. Returns the number of words
 * written; a page without any word is left exactly as it was.
 */
export function addInvisibleText(page: PDFPage, font: PDFFont, lines: readonly OcrLine[], toPdf: ToPdf): number {
  if (!lines.some((line) => placeable(line).length > 0)) return 0;
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  const ops: PDFOperator[] = [];
  let words = 0;
  for (const line of lines) {
    const lineOps = lineOperators(line, font, fontKey, toPdf);
    words += lineOps.length / 4;
    ops.push(...lineOps);
  }
  if (words === 0) return 0;
  const context = page.doc.context;
  const before = context.register(PDFContentStream.of(context.obj({}), [pushGraphicsState()]));
  const after = context.register(PDFContentStream.of(context.obj({}), [popGraphicsState()]));
  page.node.wrapContentStreams(before, after);
  const text = PDFContentStream.of(context.obj({}), [
    pushGraphicsState(),
    beginText(),
    setTextRenderingMode(TextRenderingMode.Invisible),
    ...ops,
    endText(),
    popGraphicsState(),
  ]);
  page.node.addContentStream(context.register(text));
  return words;
}
