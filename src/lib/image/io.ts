/**
 * Reading and writing the images of the editing tools as RGBA rasters, with
 * the browser's codecs on an OffscreenCanvas (in workers as on the page).
 * Headers are checked before anything is decoded; the browser applies EXIF
 * orientation while decoding, and re-encoding leaves every metadata block out.
 */
import { ToolError } from '../errors';
import type { RasterImage } from './types';
import { readImageSize, sniffFormat, type PixelSize } from './header';
import { assertCanvasSize, damagedMessage } from './limits';
import { pngChunksIntact } from './png-check';
import { runText } from '../i18n/run-messages';

/** The still-image formats the editing tools take and keep. */
export type EditFormat = 'png' | 'jpeg' | 'webp';

export const MIME: Record<EditFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * The format, and the pixel size when the header gives it, refusing what is
 * not a PNG, JPEG or WebP, too large, or (a PNG with a broken CRC) damaged.
 * A header the reader cannot follow is left to the browser's decoder.
 */
export function checkEditInput(name: string, bytes: Uint8Array): { format: EditFormat; size: PixelSize | null } {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.image.emptyWeb', { name }));
  const sniffed = sniffFormat(bytes);
  if (sniffed !== 'png' && sniffed !== 'jpeg' && sniffed !== 'webp') {
    if (!sniffed) throw new ToolError(runText('run.image.notWeb', { name }));
    throw new ToolError(sniffed === 'pdf' ? runText('run.image.notWebPdf', { name }) : runText('run.image.notWebImage', { name, found: sniffed.toUpperCase() }));
  }
  const size = readImageSize(bytes, { format: sniffed });
  if (size) assertCanvasSize(name, size.width, size.height);
  if (sniffed === 'png' && !pngChunksIntact(bytes)) throw new ToolError(damagedMessage(name, sniffed));
  return { format: sniffed, size: size && { width: size.width, height: size.height } };
}

function context2d(canvas: OffscreenCanvas, name: string) {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new ToolError(runText('run.image.noMemoryEdit', { name, width: canvas.width, height: canvas.height }));
  return context;
}

/** Decodes image bytes to straight RGBA, with EXIF orientation applied by the browser. */
export async function decodeRaster(name: string, bytes: Uint8Array, format: EditFormat): Promise<RasterImage> {
  let bitmap: ImageBitmap;
  try {
    // A copy, so the caller's bytes are never transferred or detached.
    bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: MIME[format] }));
  } catch {
    throw new ToolError(damagedMessage(name, format));
  }
  try {
    const { width, height } = bitmap;
    // Checked again: EXIF rotation can swap the sides.
    assertCanvasSize(name, width, height);
    const canvas = new OffscreenCanvas(width, height);
    const context = context2d(canvas, name);
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, width, height);
    return { width, height, data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength) };
  } finally {
    bitmap.close();
  }
}

/** Puts a raster on a canvas of its size, ready to draw on or encode. */
export function rasterCanvas(image: RasterImage, name = runText('run.image.theImage')): OffscreenCanvas {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = context2d(canvas, name);
  const pixels = context.createImageData(image.width, image.height);
  pixels.data.set(image.data);
  context.putImageData(pixels, 0, 0);
  return canvas;
}

/** Reads a canvas back as a raster. */
export function canvasRaster(canvas: OffscreenCanvas): RasterImage {
  const pixels = context2d(canvas, runText('run.image.theImage')).getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength) };
}

/** True when some pixel is not fully opaque. */
export function hasTransparency(image: RasterImage): boolean {
  for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) return true;
  return false;
}

/** The format to write: the input's, or PNG when transparency appears in a JPEG. */
export function outputFormat(input: EditFormat, image: RasterImage): EditFormat {
  return input === 'jpeg' && hasTransparency(image) ? 'png' : input;
}

/** Encodes a raster; JPEG at 0.92, WebP at 1 (Chromium writes lossless WebP at quality 1). */
export async function encodeRaster(image: RasterImage, format: EditFormat): Promise<Uint8Array> {
  const canvas = rasterCanvas(image);
  const type = MIME[format];
  const blob = await canvas.convertToBlob({ type, quality: format === 'jpeg' ? 0.92 : format === 'webp' ? 1 : undefined });
  if (blob.type !== type) throw new ToolError(runText('run.image.cannotWrite', { type }));
  return new Uint8Array(await blob.arrayBuffer());
}
