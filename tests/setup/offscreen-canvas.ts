/**
 * Test-only stand-ins for the browser's OffscreenCanvas and createImageBitmap,
 * so image processors run under Node. Drawing and encoding use @napi-rs/canvas
 * (Skia); decoding uses pngjs and jpeg-js, because @napi-rs/canvas 0.1.100
 * crashes the process on a truncated PNG instead of rejecting it.
 * Covers what the processors use: a 2D context, drawImage of a decoded
 * bitmap, fillRect, getImageData, and convertToBlob as PNG or JPEG.
 */
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

class NodeOffscreenCanvas {
  readonly #canvas: Canvas;

  constructor(width: number, height: number) {
    this.#canvas = createCanvas(width, height);
  }

  get width(): number {
    return this.#canvas.width;
  }

  // Settable as in browsers: code shrinks a canvas to 0 x 0 to free its pixels.
  set width(value: number) {
    this.#canvas.width = value;
  }

  get height(): number {
    return this.#canvas.height;
  }

  set height(value: number) {
    this.#canvas.height = value;
  }

  getContext(kind: string) {
    return kind === '2d' ? this.#canvas.getContext('2d') : null;
  }

  /** Like the browser: JPEG and WebP honour quality (0..1, default 0.92); any other type falls back to PNG. */
  async convertToBlob(options: { type?: string; quality?: number } = {}): Promise<Blob> {
    const quality = Math.round((options.quality ?? 0.92) * 100);
    if (options.type === 'image/jpeg') return new Blob([new Uint8Array(await this.#canvas.encode('jpeg', quality))], { type: 'image/jpeg' });
    if (options.type === 'image/webp') return new Blob([new Uint8Array(await this.#canvas.encode('webp', quality))], { type: 'image/webp' });
    return new Blob([new Uint8Array(await this.#canvas.encode('png'))], { type: 'image/png' });
  }
}

/** Decodes PNG or JPEG bytes to straight RGBA; throws on anything else or on damaged data. */
export function decodeRgba(bytes: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0x89 && buffer.toString('latin1', 1, 4) === 'PNG') {
    const png = PNG.sync.read(buffer);
    return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  }
  if (buffer[0] === 0xff && buffer[1] === 0xd8) {
    const image = jpeg.decode(buffer, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 300, maxMemoryUsageInMB: 2048 });
    return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
  }
  throw new Error('Unsupported image format');
}

/** Decodes a Blob or bytes into a drawable image with a close() method, rejecting undecodable data as browsers do. */
async function nodeCreateImageBitmap(source: Blob | ArrayBufferView | ArrayBuffer) {
  const bytes =
    source instanceof Blob
      ? new Uint8Array(await source.arrayBuffer())
      : ArrayBuffer.isView(source)
        ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
        : new Uint8Array(source);
  let decoded;
  try {
    decoded = decodeRgba(bytes);
  } catch {
    throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
  }
  const canvas = createCanvas(decoded.width, decoded.height);
  canvas.getContext('2d').putImageData(new ImageData(decoded.data, decoded.width, decoded.height), 0, 0);
  return Object.assign(canvas, { close() {} });
}

const scope = globalThis as Record<string, unknown>;
if (typeof scope.OffscreenCanvas === 'undefined') scope.OffscreenCanvas = NodeOffscreenCanvas;
if (typeof scope.createImageBitmap === 'undefined') scope.createImageBitmap = nodeCreateImageBitmap;
