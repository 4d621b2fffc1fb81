/**
 * Decoding and re-encoding images with the browser's own codecs on an
 * OffscreenCanvas, which exists in workers as well as on the page.
 */
import { ToolError } from '../errors';
import { assertCanvasSize } from './limits';
import { runText } from '../i18n/run-messages';

export interface EncodeOptions {
  /** MIME type of the output, such as image/jpeg or image/png. */
  type: string;
  /** 0..1, used by lossy types only. */
  quality?: number;
  /** CSS colour painted under the image first; JPEG has no alpha, so transparency is flattened onto it. */
  background?: string;
}

export interface EncodedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Decodes image bytes into a bitmap; throws a ToolError naming the file when the browser cannot decode it. */
export async function decodeImage(name: string, bytes: Uint8Array, type: string): Promise<ImageBitmap> {
  // A copy, so the caller's bytes are never transferred or detached.
  const blob = new Blob([bytes.slice()], { type });
  try {
    return await createImageBitmap(blob);
  } catch {
    throw new ToolError(runText('run.image.notDecoded', { name }));
  }
}

/** Draws a decoded image on a canvas of its size (over an optional background) and encodes it. */
export async function encodeBitmap(name: string, bitmap: ImageBitmap, options: EncodeOptions): Promise<EncodedImage> {
  const { width, height } = bitmap;
  // Checked again after decoding: EXIF rotation or a lying header can change the size.
  assertCanvasSize(name, width, height);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new ToolError(runText('run.image.noMemoryConvert', { name, width, height }));
  if (options.background) {
    context.fillStyle = options.background;
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(bitmap, 0, 0);
  const blob = await canvas.convertToBlob({ type: options.type, quality: options.quality });
  // Browsers fall back to PNG for a type they cannot write; a silent PNG named .jpg would be wrong.
  if (blob.type !== options.type) throw new ToolError(runText('run.image.cannotWrite', { type: options.type }));
  return { bytes: new Uint8Array(await blob.arrayBuffer()), width, height };
}

/** Decodes the bytes, re-encodes them as options.type, and releases the decoded bitmap. */
export async function convertImage(name: string, bytes: Uint8Array, inputType: string, options: EncodeOptions): Promise<EncodedImage> {
  const bitmap = await decodeImage(name, bytes, inputType);
  try {
    return await encodeBitmap(name, bitmap, options);
  } finally {
    bitmap.close();
  }
}
