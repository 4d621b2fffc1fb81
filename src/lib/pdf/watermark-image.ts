/**
 * An image watermark (a logo, a stamp): the PNG or JPEG is checked from its
 * header before pdf-lib decodes anything, embedded once per document and
 * drawn as one image XObject, once in the middle of a page or repeated over
 * it, turned by an angle. Drawing happens in display space (display-space.ts),
 * in the graphics state that sets the opacity.
 */
import {
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
  type PDFImage,
  type PDFName,
  type PDFPage,
} from 'pdf-lib';
import { ToolError } from '../errors';
import { sniffFormat } from '../image/header';
import { checkImageInput, LABELS } from '../image/limits';
import { runText } from '../i18n/run-messages';

/** A logo needs far fewer; pdf-lib decodes a PNG in JavaScript, so this bounds the time and memory it takes. */
export const MAX_WATERMARK_PIXELS = 25_000_000;

export const imageRequiredMessage = (): string => runText('run.watermark.imageRequired');

export function notPngOrJpegMessage(name: string): string {
  return runText('run.watermark.notPngOrJpeg', { name });
}

export function tooManyPixelsMessage(name: string, width: number, height: number): string {
  return runText('run.watermark.tooManyPixels', { name, width, height, megapixels: MAX_WATERMARK_PIXELS / 1_000_000 });
}

/** Checks the image from its header and embeds it; a ToolError says what is wrong with the file. */
export async function embedWatermarkImage(doc: PDFDocument, name: string, bytes: Uint8Array): Promise<PDFImage> {
  const format = sniffFormat(bytes);
  if (format !== 'png' && format !== 'jpeg') {
    throw new ToolError(bytes.length === 0 ? runText('run.watermark.empty', { name }) : notPngOrJpegMessage(name));
  }
  const header = checkImageInput(name, bytes, format);
  if (header.width * header.height > MAX_WATERMARK_PIXELS) throw new ToolError(tooManyPixelsMessage(name, header.width, header.height));
  try {
    return format === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    throw new ToolError(runText('run.watermark.damaged', { name, format: LABELS[format] }));
  }
}

export interface ImageStamp {
  /** The page's resource name of the image XObject. */
  name: PDFName;
  /** Drawn size in points. */
  width: number;
  height: number;
}

type Shown = { width: number; height: number };

/** Paints the image with its bottom-left corner at (x, y) of the current space. */
function paint(page: PDFPage, stamp: ImageStamp, x: number, y: number): void {
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(stamp.width, 0, 0, stamp.height, x, y),
    drawObject(stamp.name),
    popGraphicsState(),
  );
}

/** The drawn size of an image `widthShare` of the page's width wide, keeping its proportions. */
export function stampSize(image: PDFImage, shown: Shown, widthShare: number): { width: number; height: number } {
  const width = shown.width * widthShare;
  return { width, height: (width * image.height) / image.width };
}

/** One image in the middle of the page, made smaller if its turned box would not fit. */
export function drawImageOnce(page: PDFPage, shown: Shown, stamp: ImageStamp, angle: number): void {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const boxWidth = stamp.width * Math.abs(cos) + stamp.height * Math.abs(sin);
  const boxHeight = stamp.width * Math.abs(sin) + stamp.height * Math.abs(cos);
  const fit = Math.min(1, (0.9 * shown.width) / boxWidth, (0.9 * shown.height) / boxHeight);
  const fitted = { ...stamp, width: stamp.width * fit, height: stamp.height * fit };
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, shown.width / 2, shown.height / 2));
  paint(page, fitted, -fitted.width / 2, -fitted.height / 2);
  page.pushOperators(popGraphicsState());
}

/** Rows of images over the whole page, every other row shifted by half a step, all turned by `angle`. */
export function drawImageTiled(page: PDFPage, shown: Shown, stamp: ImageStamp, angle: number): void {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [cx, cy] = [shown.width / 2, shown.height / 2];
  const diagonal = Math.hypot(shown.width, shown.height);
  const gap = Math.max(stamp.width, stamp.height) / 2;
  // Steps have a floor relative to the page, which bounds the number of copies a small image makes.
  const stepX = Math.max(stamp.width + gap, diagonal / 40);
  const stepY = Math.max(stamp.height + gap, diagonal / 40);
  const reach = diagonal / 2 + Math.max(stepX, stepY);
  const slack = Math.hypot(stamp.width, stamp.height) / 2;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, cx, cy));
  for (let row = -Math.ceil(reach / stepY); row <= Math.ceil(reach / stepY); row++) {
    const shift = Math.abs(row) % 2 === 1 ? stepX / 2 : 0;
    for (let column = -Math.ceil(reach / stepX) - 1; column <= Math.ceil(reach / stepX); column++) {
      const [u, v] = [column * stepX + shift, row * stepY];
      // Copies that lie wholly off the page would only add bytes.
      const [px, py] = [cx + u * cos - v * sin, cy + u * sin + v * cos];
      if (px < -slack || px > shown.width + slack || py < -slack || py > shown.height + slack) continue;
      paint(page, stamp, u - stamp.width / 2, v - stamp.height / 2);
    }
  }
  page.pushOperators(popGraphicsState());
}
