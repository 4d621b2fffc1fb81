/**
 * AVIF through libavif 1.0 with libaom (@jsquash/avif), decoding and encoding.
 * The encoder runs its threaded build (avif_enc_mt, libaom with
 * threadCount() threads) on a cross-origin isolated page, and the
 * one-thread build elsewhere and in Node (threaded-build.ts chooses).
 * libaom's row-based threading writes other bytes than one thread: the same
 * PSNR, files about 4 % larger (a 12 MP photo: 72,657 against 69,584 bytes),
 * the same bytes for 2 and 4 threads and from run to run
 * (scripts/bench-threads.ts). The threaded build held to one thread writes
 * the one-thread build's bytes.
 */
import decodeAvif, { init as initDecode } from '@jsquash/avif/decode';
import decUrl from '@jsquash/avif/codec/dec/avif_dec.wasm?url';
import encUrl from '@jsquash/avif/codec/enc/avif_enc.wasm?url';
import encMtUrl from '@jsquash/avif/codec/enc/avif_enc_mt.wasm?url';
import encMtScriptUrl from '@jsquash/avif/codec/enc/avif_enc_mt.js?url&no-inline';
import encMtWorker from '@jsquash/avif/codec/enc/avif_enc_mt.worker.mjs?raw';
import { instantiateWith, wasmModule } from '../wasm';
import { buildEnvironment, chooseBuild, loadPthreadBuild, type BuildEnvironment } from './threaded-build';
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

/** The encoder build for an environment: its .wasm under node_modules and its threads (1: the one-thread build). */
export function avifEncoderBuild(env: BuildEnvironment): { wasm: string; threads: number } {
  const { threaded, threads } = chooseBuild(env);
  return threaded ? { wasm: '@jsquash/avif/codec/enc/avif_enc_mt.wasm', threads } : { wasm: '@jsquash/avif/codec/enc/avif_enc.wasm', threads: 1 };
}

async function loadEncoder(): Promise<AvifEncoder> {
  const build = avifEncoderBuild(buildEnvironment());
  if (build.threads > 1) {
    const module = await wasmModule(encMtUrl, build.wasm);
    return loadPthreadBuild<AvifEncoder>(module, { scriptUrl: encMtScriptUrl, workerSource: encMtWorker, workerFile: 'avif_enc_mt.worker.mjs' }, build.threads);
  }
  const module = await wasmModule(encUrl, build.wasm);
  const { default: factory } = await import('@jsquash/avif/codec/enc/avif_enc.js');
  return (await factory({ noInitialRun: true, instantiateWasm: instantiateWith(module) })) as unknown as AvifEncoder;
}

function readyEncoder(): Promise<AvifEncoder> {
  encoderReady ??= loadEncoder();
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
