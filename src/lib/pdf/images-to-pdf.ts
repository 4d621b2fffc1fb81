/**
 * Images to PDF: one page per image, sized to the image or to A4/Letter with
 * a margin, upright per the JPEG's EXIF orientation, transparency kept.
 */
import {
  concatTransformationMatrix,
  drawObject,
  PageSizes,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  type PDFRef,
} from 'pdf-lib';
// First: zod parses here in the browser, where the CSP forbids its eval probe.
import '../../contract/zod-jitless';
import { z } from 'zod';
import { readEach, type EachInputContext } from '../each-input';
import { ToolError } from '../errors';
import { checkImageInput } from '../image/limits';
import { orientedMatrix, readJpegOrientation } from '../image/jpeg-orientation';
import { uprightSize } from '../image/orientation';
import { runText } from '../i18n/run-messages';

/** The page options of the image-to-PDF tools (manifest fields of JPG, PNG and GIF to PDF). */
export const imagePageOptions = z.object({
  /** A4 or Letter, or 'fit': a page the size of the image at 96 dpi. */
  pageSize: z.enum(['a4', 'letter', 'fit']),
  /** 'auto' gives landscape pages for wide images. */
  orientation: z.enum(['auto', 'portrait', 'landscape']),
  margin: z.enum(['none', 'small', 'big']),
});
export type ImagePageOptions = z.output<typeof imagePageOptions>;
export type Margin = ImagePageOptions['margin'];

/** Margins in points: none, about 7 mm, about 18 mm. */
export const MARGINS: Record<Margin, number> = { none: 0, small: 20, big: 50 };
/** PDF viewers refuse pages larger than 200 inches a side. */
const MAX_PAGE_SIDE = 14400;

/**
 * Adds a page for an image XObject of `width` x `height` upright pixels
 * (already swapped for a rotating EXIF orientation) and draws it centred.
 */
export function addImagePage(doc: PDFDocument, ref: PDFRef, width: number, height: number, orientation: number, options: ImagePageOptions): void {
  const margin = MARGINS[options.margin];
  // Pixels are laid out at 96 per inch, the size a browser shows them at.
  const naturalW = (width * 72) / 96;
  const naturalH = (height * 72) / 96;
  let pageW: number;
  let pageH: number;
  if (options.pageSize === 'fit') {
    const shrink = Math.min(1, (MAX_PAGE_SIDE - 2 * margin) / naturalW, (MAX_PAGE_SIDE - 2 * margin) / naturalH);
    pageW = naturalW * shrink + 2 * margin;
    pageH = naturalH * shrink + 2 * margin;
  } else {
    const [shortSide, longSide] = options.pageSize === 'a4' ? PageSizes.A4 : PageSizes.Letter;
    const landscape = options.orientation === 'landscape' || (options.orientation === 'auto' && width > height);
    [pageW, pageH] = landscape ? [longSide, shortSide] : [shortSide, longSide];
  }
  const boxW = Math.max(1, pageW - 2 * margin);
  const boxH = Math.max(1, pageH - 2 * margin);
  // Shrink to the page but never enlarge a small picture past its natural size.
  const scale = Math.min(boxW / naturalW, boxH / naturalH, options.pageSize === 'fit' ? Infinity : 1);
  const drawW = naturalW * scale;
  const drawH = naturalH * scale;
  const x = (pageW - drawW) / 2;
  const y = (pageH - drawH) / 2;
  const page = doc.addPage([pageW, pageH]);
  const name = page.node.newXObject('Image', ref);
  const [a, b, c, d, e, f] = orientedMatrix(orientation, x, y, drawW, drawH);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, e, f), drawObject(name), popGraphicsState());
}

/** Embeds RGBA pixels as a Flate image, with a soft mask only when some pixel is not opaque. */
export function embedRgba(doc: PDFDocument, data: Uint8ClampedArray | Uint8Array, width: number, height: number): PDFRef {
  const pixels = width * height;
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  let translucent = false;
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i * 4];
    rgb[i * 3 + 1] = data[i * 4 + 1];
    rgb[i * 3 + 2] = data[i * 4 + 2];
    alpha[i] = data[i * 4 + 3];
    if (alpha[i] !== 255) translucent = true;
  }
  const context = doc.context;
  const dict: Record<string, unknown> = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 };
  if (translucent) {
    const mask = context.flateStream(alpha, { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
    dict.SMask = context.register(mask);
  }
  return context.register(context.flateStream(rgb, dict as Parameters<typeof context.flateStream>[1]));
}

/** Embeds a checked JPEG or PNG input and adds its page; throws ToolError naming the file when it cannot be read. */
export async function addImageFile(doc: PDFDocument, input: { name: string; bytes: Uint8Array }, format: 'jpeg' | 'png', options: ImagePageOptions): Promise<void> {
  const header = checkImageInput(input.name, input.bytes, format);
  const orientation = format === 'jpeg' ? readJpegOrientation(input.bytes) : 1;
  let ref: PDFRef;
  try {
    const image = format === 'jpeg' ? await doc.embedJpg(input.bytes) : await doc.embedPng(input.bytes);
    // Embed now so a broken file fails here, with its name, rather than at save time.
    await image.embed();
    ref = image.ref;
  } catch {
    throw new ToolError(runText('run.image.damagedChooseAnother', { name: input.name, format: format === 'jpeg' ? 'JPEG' : 'PNG' }));
  }
  const upright = uprightSize(header.width, header.height, orientation);
  addImagePage(doc, ref, upright.width, upright.height, orientation, options);
}

/** A new PDF document with the site's producer set. */
export async function newImageDocument(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setProducer('FileDesk');
  doc.setCreator('FileDesk');
  return doc;
}

/**
 * One PDF with a page per input image, in input order. An empty list never gets here: the run core
 * refuses it with the tool's manifest's own message.
 */
export async function imagesToPdf(
  inputs: { name: string; bytes: Uint8Array }[],
  format: 'jpeg' | 'png',
  pageOptions: ImagePageOptions,
  ctx: EachInputContext,
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const doc = await newImageDocument();
  // An image that cannot be read is left out (and listed by the page); its page is never added.
  await readEach(inputs, ctx, (input) => addImageFile(doc, input, format, pageOptions));
  return { bytes: await doc.save({ useObjectStreams: true }), pageCount: doc.getPageCount() };
}
