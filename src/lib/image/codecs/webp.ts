/** Still WebP through libwebp (@jsquash/webp), lossy and lossless. */
import decodeWebp, { init as initDecode } from '@jsquash/webp/decode';
import decUrl from '@jsquash/webp/codec/dec/webp_dec.wasm?url';
import encUrl from '@jsquash/webp/codec/enc/webp_enc.wasm?url';
import { instantiateWith, wasmModule } from '../wasm';
import { ToolError } from '../../errors';
import type { DecodedImage, RasterImage } from '../types';
import { decodeWithImageDecoder } from './image-decoder';

let decoderReady: Promise<unknown> | undefined;
let encoderReady: Promise<unknown> | undefined;

function readyDecoder(): Promise<unknown> {
  decoderReady ??= wasmModule(decUrl, '@jsquash/webp/codec/dec/webp_dec.wasm').then((m) => initDecode(m));
  return decoderReady;
}

function readyEncoder(): Promise<unknown> {
  // The plain (non-SIMD) build, so one .wasm serves every browser and Node alike.
  encoderReady ??= wasmModule(encUrl, '@jsquash/webp/codec/enc/webp_enc.wasm').then(async (m) => {
    const { default: factory } = await import('@jsquash/webp/codec/enc/webp_enc.js');
    return factory({ noInitialRun: true, instantiateWasm: instantiateWith(m) });
  });
  return encoderReady;
}

export async function decodeStill(bytes: Uint8Array): Promise<RasterImage> {
  await readyDecoder();
  const image = await decodeWebp(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

/**
 * A still WebP through libwebp; an animated one through the browser's
 * ImageDecoder (libwebp's still decoder in @jsquash reads no animation).
 */
export async function decode(bytes: Uint8Array, frames: number): Promise<DecodedImage> {
  if (frames > 1) {
    if (typeof ImageDecoder === 'undefined') {
      throw new ToolError('This browser cannot read animated WebP images. Please try a current Chrome, Edge or Firefox.');
    }
    return decodeWithImageDecoder(bytes, 'image/webp', 'webp');
  }
  return { format: 'webp', frames: [{ ...(await decodeStill(bytes)), delayMs: 0 }] };
}

/** quality 0..100 for lossy; lossless keeps every pixel (exact, so transparent pixels keep their colour too). */
export async function encode(image: RasterImage, quality: number, lossless: boolean): Promise<Uint8Array> {
  const module = (await readyEncoder()) as { encode(data: Uint8ClampedArray, w: number, h: number, o: object): Uint8Array | null };
  const { defaultOptions } = await import('@jsquash/webp/meta');
  const options = lossless
    ? { ...defaultOptions, lossless: 1, quality: 75, method: 4, exact: 1 }
    : { ...defaultOptions, quality: Math.round(quality), method: 4 };
  const result = module.encode(image.data, image.width, image.height, options);
  if (!result) throw new Error('WebP encoding failed');
  return new Uint8Array(result);
}
