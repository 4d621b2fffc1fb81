/**
 * Reading and writing the images of the editing tools as RGBA rasters, with
 * the browser's codecs on an OffscreenCanvas (in workers as on the page).
 * Headers are checked before anything is decoded; the browser applies EXIF
 * orientation while decoding, and re-encoding leaves every metadata block out.
 * When the shared codec layer (decode.ts / encode.ts) is merged, these two
 * functions are meant to delegate to it.
 */
import { ToolError } from '../errors';
import type { RasterImage } from './types';
import { readImageHeader, sniffFormat } from './header';
import { assertCanvasSize } from './limits';

/** The still-image formats the editing tools take and keep. */
export type EditFormat = 'png' | 'jpeg' | 'webp';

export const MIME: Record<EditFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

/** Width and height of a WebP from its first chunk (VP8, VP8L or VP8X); null when unreadable. */
export function readWebpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: le16(bytes, 26) & 0x3fff, height: le16(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = (bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: le24(bytes, 24) + 1, height: le24(bytes, 27) + 1 };
  return null;
}

/** Format and pixel size from the header, refusing what is not a PNG, JPEG or WebP, damaged, or too large. */
export function checkEditInput(name: string, bytes: Uint8Array): { format: EditFormat; width: number; height: number } {
  if (bytes.byteLength === 0) throw new ToolError(`The file ${name} is empty. Please choose a JPG, PNG or WebP image.`);
  const sniffed = sniffFormat(bytes);
  if (sniffed !== 'png' && sniffed !== 'jpeg' && sniffed !== 'webp') {
    const what = sniffed ? ` (it contains a ${sniffed === 'pdf' ? 'PDF document' : `${sniffed.toUpperCase()} image`})` : '';
    throw new ToolError(`The file ${name} is not a JPG, PNG or WebP image${what}. Please choose a JPG, PNG or WebP file.`);
  }
  const size = sniffed === 'webp' ? readWebpSize(bytes) : readImageHeader(bytes);
  if (!size || size.width <= 0 || size.height <= 0) {
    throw new ToolError(`The file ${name} is damaged: its image size could not be read. Please choose another image.`);
  }
  assertCanvasSize(name, size.width, size.height);
  return { format: sniffed, width: size.width, height: size.height };
}

function context2d(canvas: OffscreenCanvas, name: string) {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new ToolError(`There is not enough memory to edit ${name} (${canvas.width} x ${canvas.height} pixels). Please try a smaller image.`);
  return context;
}

/** Decodes image bytes to straight RGBA, with EXIF orientation applied by the browser. */
export async function decodeRaster(name: string, bytes: Uint8Array, format: EditFormat): Promise<RasterImage> {
  let bitmap: ImageBitmap;
  try {
    // A copy, so the caller's bytes are never transferred or detached.
    bitmap = await createImageBitmap(new Blob([bytes.slice()], { type: MIME[format] }));
  } catch {
    throw new ToolError(`The image ${name} could not be decoded; it may be damaged or incomplete. Please choose another image.`);
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
export function rasterCanvas(image: RasterImage, name = 'the image'): OffscreenCanvas {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = context2d(canvas, name);
  const pixels = context.createImageData(image.width, image.height);
  pixels.data.set(image.data);
  context.putImageData(pixels, 0, 0);
  return canvas;
}

/** Reads a canvas back as a raster. */
export function canvasRaster(canvas: OffscreenCanvas): RasterImage {
  const pixels = context2d(canvas, 'the image').getImageData(0, 0, canvas.width, canvas.height);
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
  if (blob.type !== type) throw new ToolError(`This browser cannot write ${type} images.`);
  return new Uint8Array(await blob.arrayBuffer());
}
