/**
 * Still WebP through libwebp (@jsquash/webp), lossy and lossless. libwebp has
 * no threaded build here, so WebP stays one thread on every page; its encoder
 * runs the SIMD build (webp_enc_simd) wherever WebAssembly SIMD validates,
 * Node included, and the plain build elsewhere (threaded-build.ts).
 */
import decodeWebp, { init as initDecode } from '@jsquash/webp/decode';
import decUrl from '@jsquash/webp/codec/dec/webp_dec.wasm?url';
import encUrl from '@jsquash/webp/codec/enc/webp_enc.wasm?url';
import encSimdUrl from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?url';
import { instantiateWith, wasmModule } from '../wasm';
import { simdSupported } from './threaded-build';
import { ToolError } from '../../errors';
import type { DecodedImage, RasterImage } from '../types';
import { decodeWithImageDecoder } from './image-decoder';
import { runText } from '../../i18n/run-messages';

let decoderReady: Promise<unknown> | undefined;
let encoderReady: Promise<unknown> | undefined;

function readyDecoder(): Promise<unknown> {
  decoderReady ??= wasmModule(decUrl, '@jsquash/webp/codec/dec/webp_dec.wasm').then((m) => initDecode(m));
  return decoderReady;
}

/** The encoder build: its .wasm under node_modules. One thread always (libwebp has no threaded build here). */
export function webpEncoderBuild(simd: boolean): { wasm: string; threads: 1 } {
  return { wasm: simd ? '@jsquash/webp/codec/enc/webp_enc_simd.wasm' : '@jsquash/webp/codec/enc/webp_enc.wasm', threads: 1 };
}

async function loadEncoder(): Promise<unknown> {
  const simd = simdSupported();
  const { wasm } = webpEncoderBuild(simd);
  const module = await wasmModule(simd ? encSimdUrl : encUrl, wasm);
  const { default: factory } = simd ? await import('@jsquash/webp/codec/enc/webp_enc_simd.js') : await import('@jsquash/webp/codec/enc/webp_enc.js');
  return factory({ noInitialRun: true, instantiateWasm: instantiateWith(module) });
}

function readyEncoder(): Promise<unknown> {
  encoderReady ??= loadEncoder();
  encoderReady.catch(() => (encoderReady = undefined));
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
      throw new ToolError(runText('run.image.noAnimatedWebp'));
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
