/**
 * The browser's OffscreenCanvas, createImageBitmap and ImageData for the
 * command's worker threads, so the processors that draw on a canvas run in
 * Node unchanged. Drawing and encoding use @napi-rs/canvas (Skia, the
 * graphics library Chromium draws with; pdf.js uses the same package in
 * Node); files are decoded by the site's own decoders (src/lib/image/decode.ts:
 * MozJPEG, libpng and libwebp in WebAssembly, EXIF orientation applied, as
 * createImageBitmap does), which reject a damaged file instead of crashing.
 * The text font is registered under the name src/lib/image/text.ts uses.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { findModulesRoot } from './modules-root';

type Napi = typeof import('@napi-rs/canvas');

interface ResizeOptions {
  resizeWidth?: number;
  resizeHeight?: number;
  resizeQuality?: 'pixelated' | 'low' | 'medium' | 'high';
}

/** A napi canvas with what the browser's OffscreenCanvas adds. */
type NodeOffscreen = Omit<Canvas, 'convertToBlob' | 'transferToImageBitmap'> & {
  convertToBlob(options?: { type?: string; quality?: number }): Promise<Blob>;
  transferToImageBitmap(): Canvas & { close(): void };
};

const ENCODABLE: Record<string, 'jpeg' | 'webp' | 'png'> = { 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/png': 'png' };

/** Installs the globals where they are missing; returns false when @napi-rs/canvas cannot load here. */
export async function installCanvas(): Promise<boolean> {
  const scope = globalThis as Record<string, unknown>;
  if (typeof scope.OffscreenCanvas !== 'undefined') return true;
  const root = findModulesRoot() ?? process.cwd();
  let napi: Napi;
  try {
    // Resolved from the modules root (src/cli/modules-root.ts), like the processors' own files. It is found from
    // this file, not the current folder: a worker may start before the main thread has made it the current folder.
    const require = createRequire(join(root, 'package.json'));
    napi = require('@napi-rs/canvas') as Napi;
  } catch {
    return false;
  }
  const { createCanvas, ImageData, GlobalFonts } = napi;

  const offscreen = (width: number, height: number): NodeOffscreen => {
    const canvas = createCanvas(Math.max(0, width), Math.max(0, height)) as unknown as NodeOffscreen;
    canvas.convertToBlob = async ({ type = 'image/png', quality = 0.92 } = {}) => {
      // Like the browser: a type it cannot write falls back to PNG (callers check the type they got).
      const format = ENCODABLE[type] ?? 'png';
      const q = Math.round(Math.min(1, Math.max(0, quality)) * 100);
      const bytes = format === 'png' ? await canvas.encode('png') : await canvas.encode(format, q);
      return new Blob([new Uint8Array(bytes)], { type: format === 'png' ? 'image/png' : type });
    };
    canvas.transferToImageBitmap = () => {
      const copy = createCanvas(canvas.width, canvas.height);
      copy.getContext('2d').drawImage(canvas as unknown as Canvas, 0, 0);
      return Object.assign(copy, { close() {} });
    };
    return canvas;
  };

  /** A constructor that returns the napi canvas itself, so one canvas can be drawn onto another. */
  function NodeOffscreenCanvas(width: number, height: number) {
    return offscreen(width, height);
  }

  async function decodeToCanvas(bytes: Uint8Array): Promise<Canvas> {
    const { decode } = await import('../lib/image/decode');
    let frame;
    try {
      frame = (await decode('image', bytes)).frames[0];
    } catch {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    }
    const canvas = createCanvas(frame.width, frame.height);
    canvas.getContext('2d').putImageData(new ImageData(frame.data, frame.width, frame.height), 0, 0);
    return canvas;
  }

  async function nodeCreateImageBitmap(source: unknown, ...rest: unknown[]) {
    // createImageBitmap(source, options) or createImageBitmap(source, sx, sy, sw, sh, options).
    const options = (rest.length === 1 ? rest[0] : rest[4]) as ResizeOptions | undefined;
    const crop = rest.length >= 4 ? (rest.slice(0, 4) as number[]) : null;
    let image: Canvas;
    if (source instanceof Blob) image = await decodeToCanvas(new Uint8Array(await source.arrayBuffer()));
    else if (source instanceof ImageData || (source as { data?: unknown }).data instanceof Uint8ClampedArray) {
      const data = source as { data: Uint8ClampedArray; width: number; height: number };
      image = createCanvas(data.width, data.height);
      image.getContext('2d').putImageData(new ImageData(data.data, data.width, data.height), 0, 0);
    } else image = source as Canvas;
    const [sx, sy, sw, sh] = crop ?? [0, 0, image.width, image.height];
    const width = options?.resizeWidth ?? (options?.resizeHeight ? Math.round((sw * options.resizeHeight) / sh) : sw);
    const height = options?.resizeHeight ?? (options?.resizeWidth ? Math.round((sh * options.resizeWidth) / sw) : sh);
    if (!crop && width === image.width && height === image.height && image !== source) return Object.assign(image, { close() {} });
    const out = createCanvas(width, height);
    const context = out.getContext('2d');
    context.imageSmoothingEnabled = options?.resizeQuality !== 'pixelated';
    context.imageSmoothingQuality = options?.resizeQuality === 'pixelated' ? 'low' : (options?.resizeQuality ?? 'low');
    context.drawImage(image, sx, sy, sw, sh, 0, 0, width, height);
    return Object.assign(out, { close() {} });
  }

  scope.OffscreenCanvas = NodeOffscreenCanvas;
  scope.createImageBitmap = nodeCreateImageBitmap;
  if (typeof scope.ImageData === 'undefined') scope.ImageData = ImageData;
  try {
    const { TEXT_FONT_FAMILY } = await import('../lib/image/text');
    GlobalFonts.registerFromPath(join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans-Bold.ttf'), TEXT_FONT_FAMILY);
  } catch {
    // Without the font, text is drawn in Skia's default face.
  }
  return true;
}
