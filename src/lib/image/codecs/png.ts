/** PNG through the Rust png crate (@jsquash/png) and OxiPNG (@jsquash/oxipng) for lossless size reduction. */
import decodePng, { init as initPng } from '@jsquash/png/decode';
import encodePng from '@jsquash/png/encode';
import optimisePng, { init as initOxipng } from '@jsquash/oxipng/optimise';
import pngUrl from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm?url';
import oxipngUrl from '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm?url';
import { wasmModule } from '../wasm';
import type { RasterImage } from '../types';

let pngReady: Promise<unknown> | undefined;
let oxipngReady: Promise<unknown> | undefined;

function readyPng(): Promise<unknown> {
  // The decoder and encoder share one wasm-bindgen module, so one init serves both.
  pngReady ??= wasmModule(pngUrl, '@jsquash/png/codec/pkg/squoosh_png_bg.wasm').then((m) => initPng(m as unknown as string));
  return pngReady;
}

function readyOxipng(): Promise<unknown> {
  oxipngReady ??= wasmModule(oxipngUrl, '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm').then((m) =>
    initOxipng(m as unknown as string),
  );
  return oxipngReady;
}

export async function decode(bytes: Uint8Array): Promise<RasterImage> {
  await readyPng();
  const image = await decodePng(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** A plain 8-bit RGBA PNG with no metadata chunks. */
export async function encode(image: RasterImage): Promise<Uint8Array> {
  await readyPng();
  const data = { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) } as unknown as ImageData;
  return new Uint8Array(await encodePng(data));
}

/**
 * OxiPNG over an encoded PNG: picks colour type, bit depth, palette and filters
 * for the smallest lossless file, and drops ancillary chunks. Level 2 is
 * Squoosh's default balance of time and size.
 */
export async function optimise(png: Uint8Array, level = 2): Promise<Uint8Array> {
  await readyOxipng();
  return new Uint8Array(await optimisePng(png.slice().buffer, { level, interlace: false, optimiseAlpha: true }));
}
