/**
 * AVIF through libavif 1.0 with libaom (@jsquash/avif), decoding and encoding.
 * The plain single-threaded encoder is used everywhere: the threaded build
 * needs cross-origin isolation, which the site does not ask for, and one
 * .wasm then serves every browser and Node alike.
 */
import decodeAvif, { init as initDecode } from '@jsquash/avif/decode';
import decUrl from '@jsquash/avif/codec/dec/avif_dec.wasm?url';
import encUrl from '@jsquash/avif/codec/enc/avif_enc.wasm?url';
import { instantiateWith, wasmModule } from '../wasm';
import type { RasterImage } from '../types';

interface AvifEncoder {
  encode(data: Uint8Array, width: number, height: number, options: object): Uint8Array | null;
}

let decoderReady: Promise<void> | undefined;
let encoderReady: Promise<AvifEncoder> | undefined;

function readyDecoder(): Promise<void> {
  decoderReady ??= wasmModule(decUrl, '@jsquash/avif/codec/dec/avif_dec.wasm').then((m) => initDecode(m));
  decoderReady.catch(() => (decoderReady = undefined));
  return decoderReady;
}

function readyEncoder(): Promise<AvifEncoder> {
  encoderReady ??= wasmModule(encUrl, '@jsquash/avif/codec/enc/avif_enc.wasm').then(async (m) => {
    const { default: factory } = await import('@jsquash/avif/codec/enc/avif_enc.js');
    return (await factory({ noInitialRun: true, instantiateWasm: instantiateWith(m) })) as unknown as AvifEncoder;
  });
  encoderReady.catch(() => (encoderReady = undefined));
  return encoderReady;
}

/** The primary image as 8-bit RGBA (deeper images are scaled down to 8 bits by libavif). */
export async function decode(bytes: Uint8Array): Promise<RasterImage> {
  await readyDecoder();
  // The decoder returns libavif's error text instead of a picture for a file it refuses.
  const image = (await decodeAvif(bytes.slice().buffer)) as ImageData | string | null;
  if (!image || typeof image === 'string') throw new Error(`AVIF decoding failed: ${image ?? ''}`);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** libaom's speed: 6 is libavif's and Squoosh's default, a few seconds for a 2 MP photo in one thread. */
export const AVIF_SPEED = 6;

/**
 * quality 0..100 as libavif reads it (its own scale: 50 looks like a JPEG of
 * about 75 to 80). Lossless stores RGB 4:4:4 with the identity matrix, so
 * every pixel comes back exactly. Alpha is kept.
 */
export async function encode(image: RasterImage, quality: number, lossless: boolean): Promise<Uint8Array> {
  const module = await readyEncoder();
  const { defaultOptions } = await import('@jsquash/avif/meta');
  const options = lossless
    ? { ...defaultOptions, lossless: true, quality: 100, qualityAlpha: -1, subsample: 3, speed: AVIF_SPEED }
    : { ...defaultOptions, quality: Math.round(quality), speed: AVIF_SPEED };
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const result = module.encode(data, image.width, image.height, options);
  if (!result) throw new Error('AVIF encoding failed');
  return new Uint8Array(result);
}
