/**
 * Add Watermark: writes a line of text, or draws an image such as a logo,
 * across the chosen pages, once in the middle or repeated over the whole
 * page, turned by an angle and see-through. It is drawn over the page
 * content, upright as a reader shows the page whatever its /Rotate. Latin
 * text uses Helvetica Bold, a standard PDF font; other scripts (Greek,
 * Cyrillic ...) embed DejaVu Sans Bold. An image is a PNG or JPEG, kept as
 * it is (a PNG's transparency included). Form fields and annotations are kept.
 */
import {
  concatTransformationMatrix,
  degrees,
  popGraphicsState,
  pushGraphicsState,
  setGraphicsState,
  StandardFonts,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { z } from 'zod';
import { decodeImageValue, type ImageFile } from '../contract/image-value';
import { defineProcessor } from '../contract/processor';
import { throwIfAborted, ToolError } from '../lib/errors';
import { chosenPages } from '../lib/pdf/chosen-pages';
import { drawnWidth, hexColor, inDisplaySpace } from '../lib/pdf/display-space';
import { embedFonts } from '../lib/fonts/embed';
import { loadPdf } from '../lib/pdf/load';
import { visibleBox } from '../lib/pdf/page-box';
import { stripActiveContent } from '../lib/pdf/sanitize';
import { drawImageOnce, drawImageTiled, embedWatermarkImage, imageRequiredMessage, stampSize } from '../lib/pdf/watermark-image';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const textRequiredMessage = () => runText('processors.addWatermark.textRequired');

/** The options of manifests/pdf/add-watermark.json. */
export const options = z.object({
  /** A line of text, or an image. */
  kind: z.enum(['text', 'image']).default('text'),
  text: z.string(),
  /**
   * The image as the image field gives it: a data URL, or "" (the manifest's default) or null when none
   * is chosen, as the field's own check reads them. Kept as given, so the processor reads the
   * manifest's values unchanged; the run decodes it, and only for an image watermark.
   */
  image: z.string().nullable(),
  /** Percent of the page's width an image takes (a single one is made smaller when it would not fit). */
  imageWidth: z.number().min(5).max(100).default(40),
  /** Points; a single watermark is made smaller when it would not fit on the page. */
  fontSize: z.number().min(8).max(200),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Percent: 100 is solid. */
  opacity: z.number().min(5).max(100),
  /** Degrees counterclockwise, as the text rises from left to right. */
  rotation: z.number().min(-180).max(180),
  /** "once" in the middle of the page, or "tiled" over all of it. */
  layout: z.enum(['once', 'tiled']),
  /** A page list such as "1-3, 5"; blank means every page. */
  pages: z.string().default(''),
});
export type AddWatermarkOptions = z.output<typeof options>;

/** Helvetica Bold when it has every character of the text, else DejaVu Sans Bold; ToolError when neither has them. */
async function watermarkFont(doc: PDFDocument, text: string): Promise<PDFFont> {
  const standard = await doc.embedFont(StandardFonts.HelveticaBold);
  const latin = new Set(standard.getCharacterSet());
  if ([...text].every((char) => latin.has(char.codePointAt(0)!))) return standard;
  const fonts = await embedFonts(doc, ['bold']);
  const missing = [...new Set([...text].filter((char) => !fonts.covers?.(fonts.bold, char.codePointAt(0)!)))];
  if (missing.length > 0) {
    throw new ToolError(runText('processors.addWatermark.missingCharacters', { characters: missing.slice(0, 10).join(' ') }));
  }
  return fonts.bold;
}

interface Stamp {
  text: string;
  font: PDFFont;
  size: number;
  width: number;
  /** Height of the letters above the baseline, to centre them. */
  ascent: number;
}

/** One watermark in the middle of a page of display size `shown`, made smaller if its turned box would not fit. */
function drawOnce(page: PDFPage, shown: { width: number; height: number }, stamp: Stamp, angle: number, color: ReturnType<typeof hexColor>): void {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const boxWidth = stamp.width * Math.abs(cos) + stamp.ascent * Math.abs(sin);
  const boxHeight = stamp.width * Math.abs(sin) + stamp.ascent * Math.abs(cos);
  const fit = Math.min(1, (0.9 * shown.width) / boxWidth, (0.9 * shown.height) / boxHeight);
  const [w, a] = [stamp.width * fit, stamp.ascent * fit];
  // The baseline's start, so that the middle of the turned text lands on the middle of the page.
  const x = shown.width / 2 - (w / 2) * cos + (a / 2) * sin;
  const y = shown.height / 2 - (w / 2) * sin - (a / 2) * cos;
  page.drawText(stamp.text, { x, y, size: stamp.size * fit, font: stamp.font, color, rotate: degrees((angle * 180) / Math.PI) });
}

/** Rows of watermarks over the whole page, every other row shifted by half a step, all turned by `angle`. */
function drawTiled(page: PDFPage, shown: { width: number; height: number }, stamp: Stamp, angle: number, color: ReturnType<typeof hexColor>): void {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [cx, cy] = [shown.width / 2, shown.height / 2];
  const diagonal = Math.hypot(shown.width, shown.height);
  // Steps have a floor relative to the page, which bounds the number of copies a small font size makes.
  const stepX = Math.max(stamp.width + stamp.size * 2, diagonal / 40);
  const stepY = Math.max(stamp.size * 3, diagonal / 40);
  const reach = diagonal / 2 + stepX;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, cx, cy));
  // Set once: passing the font to every drawText would add a font entry to the page per copy.
  page.setFont(stamp.font);
  for (let row = -Math.ceil(reach / stepY); row <= Math.ceil(reach / stepY); row++) {
    const shift = Math.abs(row) % 2 === 1 ? stepX / 2 : 0;
    for (let column = -Math.ceil(reach / stepX) - 1; column <= Math.ceil(reach / stepX); column++) {
      const [u, v] = [column * stepX + shift, row * stepY];
      // Copies whose middle lies well off the page would only add bytes.
      const [px, py] = [cx + u * cos - v * sin, cy + u * sin + v * cos];
      const slack = stamp.width / 2 + stamp.size;
      if (px < -slack || px > shown.width + slack || py < -slack || py > shown.height + slack) continue;
      page.drawText(stamp.text, { x: u - stamp.width / 2, y: v - stamp.ascent / 2, size: stamp.size, color });
    }
  }
  page.pushOperators(popGraphicsState());
}

/** What draws the text on one page; the loop over the pages is the same for text and image. */
async function textDrawer(doc: PDFDocument, options: AddWatermarkOptions) {
  const text = options.text.replace(/\s+/g, ' ').trim();
  if (!text) throw new ToolError(textRequiredMessage());
  const font = await watermarkFont(doc, text);
  const size = options.fontSize;
  const stamp: Stamp = { text, font, size, width: drawnWidth(font, text, size), ascent: font.heightAtSize(size, { descender: false }) };
  const color = hexColor(options.color);
  return (page: PDFPage, shown: { width: number; height: number }, angle: number) =>
    options.layout === 'tiled' ? drawTiled(page, shown, stamp, angle, color) : drawOnce(page, shown, stamp, angle, color);
}

/** What draws the image on one page: a PNG or JPEG checked from its header, embedded once for every page. */
async function imageDrawer(doc: PDFDocument, file: ImageFile, options: AddWatermarkOptions) {
  const image = await embedWatermarkImage(doc, file.name, file.bytes);
  return (page: PDFPage, shown: { width: number; height: number }, angle: number) => {
    // Named on each page once, however many copies the page gets.
    const stamp = { name: page.node.newXObject('Watermark', image.ref), ...stampSize(image, shown, options.imageWidth / 100) };
    if (options.layout === 'tiled') drawImageTiled(page, shown, stamp, angle);
    else drawImageOnce(page, shown, stamp, angle);
  };
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const input = firstInput(inputs);
  // What is wrong with the watermark is said before the PDF is read.
  if (options.kind === 'text' && !options.text.trim()) throw new ToolError(textRequiredMessage());
  // A blank value, or one that is not a readable image value, is no image.
  const file = options.kind === 'image' ? decodeImageValue(options.image ?? '') : null;
  if (options.kind === 'image' && !file) throw new ToolError(imageRequiredMessage());
  const doc = await loadPdf(input.bytes, input.name);
  const pages = doc.getPages();
  const targets = chosenPages(options.pages, pages.length, input.name);
  const draw = file ? await imageDrawer(doc, file, options) : await textDrawer(doc, options);
  const alpha = options.opacity / 100;
  // One graphics state for every page: /ca is the opacity of filled shapes, text and images, /CA of strokes.
  const state = doc.context.register(doc.context.obj({ Type: 'ExtGState', ca: alpha, CA: alpha }));
  const angle = (options.rotation * Math.PI) / 180;
  ctx.onProgress(0, targets.length);
  for (const [done, index] of targets.entries()) {
    throwIfAborted(ctx.signal);
    const page = pages[index];
    const name = page.node.newExtGState('GS', state);
    inDisplaySpace(page, visibleBox(page), (shown) => {
      page.pushOperators(setGraphicsState(name));
      draw(page, shown, angle);
    });
    ctx.onProgress(done + 1, targets.length);
  }
  stripActiveContent(doc);
  const bytes = await doc.save();
  return [{ bytes, type: 'application/pdf', meta: { pageCount: pages.length, watermarkedPages: targets.length } }];
});
