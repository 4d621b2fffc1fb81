/**
 * Generated PDFs with the layouts PDF to Word has to rebuild: a title over
 * two columns, a ruled table, an image, styled runs, a link and lists. Used
 * by the tests and by scripts/bench-word.ts; not part of the site.
 */
import { PDFDocument, PDFName, PDFString, rgb, setTextRenderingMode, StandardFonts, TextRenderingMode, type PDFPage } from 'pdf-lib';
import type { WordFragment } from './word-layout';
import { encode } from '../image/encode';

export const LEFT_WORDS = ['amber', 'birch', 'cedar', 'dune', 'ember', 'fjord', 'grove', 'heath'];
export const RIGHT_WORDS = ['quartz', 'river', 'summit', 'tundra', 'upland', 'valley', 'willow', 'xylem'];
export const TABLE_ROWS = [
  ['Item', 'Qty', 'Price'],
  ['Apples', '12', '3.40'],
  ['Pears', '7', '2.15'],
];
export const LINK_URL = 'https://example.com/docs';
/** The image's drawn size in points and its pixel size. */
export const IMAGE_BOX = { x: 60, y: 430, width: 150, height: 75, pixelsWide: 40, pixelsHigh: 20 };

/** A text run for layout tests, with a plausible width (half an em a character). */
export function wordRun(text: string, x: number, y: number, size = 10, extra: Partial<WordFragment> = {}): WordFragment {
  return { text, x, y, size, width: text.length * size * 0.5, fontName: 'f1', font: 'Helvetica', colour: '#000000', ...extra };
}

/** A 40x20 gradient, so the image has real content to carry over. */
function gradientPng(): Promise<Uint8Array> {
  const { pixelsWide: width, pixelsHigh: height } = IMAGE_BOX;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 128, 255], (y * width + x) * 4);
  return encode({ width, height, data }, 'png', { optimise: false });
}

function addLink(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], url: string): void {
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
}

/**
 * A scanned page: a picture of the whole page under an invisible OCR text
 * layer, as scanners write them; with `visible`, the same text is printed
 * over a full-page picture instead (a designed page with a background).
 */
export async function scanWithTextLayerPdf(visible = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([300, 400]);
  page.drawImage(await doc.embedPng(await gradientPng()), { x: 0, y: 0, width: 300, height: 400 });
  if (!visible) page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
  page.drawText('Recognised words of the scan', { x: 30, y: 350, size: 12, font });
  return doc.save();
}

/** Page 1: a bold title across the page over two columns of eight lines each. Page 2: table, image, runs, link, lists. */
export async function layoutPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const times = await doc.embedFont(StandardFonts.TimesRoman);

  const first = doc.addPage([612, 792]);
  first.drawText('Two Column Report', { x: 180, y: 730, size: 22, font: bold });
  LEFT_WORDS.forEach((word, i) => {
    const y = 680 - i * 14;
    first.drawText(`${word} left column text line`, { x: 50, y, size: 11, font: regular });
    first.drawText(`${RIGHT_WORDS[i]} right column prose line`, { x: 330, y, size: 11, font: regular });
  });

  const second = doc.addPage([612, 792]);
  second.drawText('Prices', { x: 60, y: 730, size: 16, font: bold });
  // A 3x3 table: four horizontal and four vertical rules, text inside each cell.
  const xs = [60, 200, 300, 420];
  const ys = [700, 680, 660, 640];
  for (const y of ys) second.drawLine({ start: { x: xs[0]!, y }, end: { x: xs[3]!, y }, thickness: 0.8 });
  for (const x of xs) second.drawLine({ start: { x, y: ys[0]! }, end: { x, y: ys[3]! }, thickness: 0.8 });
  TABLE_ROWS.forEach((row, r) => row.forEach((text, c) => second.drawText(text, { x: xs[c]! + 5, y: ys[r]! - 14, size: 10, font: times })));

  second.drawText('Delivery notes', { x: 60, y: 588, size: 11, font: bold });
  second.drawText('Text before the image.', { x: 60, y: 560, size: 11, font: regular });
  const png = await doc.embedPng(await gradientPng());
  second.drawImage(png, { x: IMAGE_BOX.x, y: IMAGE_BOX.y, width: IMAGE_BOX.width, height: IMAGE_BOX.height });
  second.drawText('Text after the image.', { x: 60, y: 400, size: 11, font: regular });

  second.drawText('Strong words', { x: 60, y: 360, size: 11, font: bold });
  second.drawText('slanted words', { x: 135, y: 360, size: 11, font: italic });
  second.drawText('red words', { x: 215, y: 360, size: 11, font: regular, color: rgb(0.8, 0, 0) });
  second.drawText('Visit the docs', { x: 60, y: 330, size: 11, font: regular, color: rgb(0, 0, 0.8) });
  addLink(doc, second, [58, 326, 140, 342], LINK_URL);

  second.drawText('\u2022', { x: 60, y: 290, size: 11, font: regular });
  second.drawText('First bullet item', { x: 72, y: 290, size: 11, font: regular });
  second.drawText('\u2022', { x: 60, y: 275, size: 11, font: regular });
  second.drawText('Second bullet item', { x: 72, y: 275, size: 11, font: regular });
  // Decorations drawn as rules, as PDF writers do: an underline below the baseline, a line through the text.
  second.drawText('Underlined phrase', { x: 60, y: 200, size: 11, font: regular });
  second.drawLine({ start: { x: 60, y: 198.5 }, end: { x: 60 + regular.widthOfTextAtSize('Underlined phrase', 11), y: 198.5 }, thickness: 0.6 });
  second.drawText('struck', { x: 170, y: 200, size: 11, font: regular });
  second.drawLine({ start: { x: 170, y: 203.5 }, end: { x: 170 + regular.widthOfTextAtSize('struck', 11), y: 203.5 }, thickness: 0.6 });
  second.drawText('E = mc', { x: 60, y: 180, size: 11, font: regular });
  second.drawText('2', { x: 60 + regular.widthOfTextAtSize('E = mc', 11), y: 183.5, size: 7, font: regular });
  second.drawText('1. First numbered step', { x: 60, y: 245, size: 11, font: regular });
  second.drawText('2. Second numbered step', { x: 60, y: 230, size: 11, font: regular });
  return doc.save();
}
