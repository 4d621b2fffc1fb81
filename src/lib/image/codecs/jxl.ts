/**
 * JPEG XL through libjxl (@jsquash/jxl). The encoder runs a threaded build
 * (jxl_enc_mt_simd, or jxl_enc_mt without SIMD) with threadCount() threads
 * on a cross-origin isolated page, and the one-thread build elsewhere and in
 * Node (threaded-build.ts chooses). The threaded build's bytes differ from the
 * one-thread build's: the same PSNR, files about 0.5 % smaller (a 12 MP
 * photo: 557,032 against 559,591 bytes), the same bytes for 2 and 4 threads
 * and from run to run (scripts/bench-threads.ts).
 */
import decodeJxl, { init as initDecode } from '@jsquash/jxl/decode';
import decUrl from '@jsquash/jxl/codec/dec/jxl_dec.wasm?url';
import encUrl from '@jsquash/jxl/codec/enc/jxl_enc.wasm?url';
import encMtUrl from '@jsquash/jxl/codec/enc/jxl_enc_mt.wasm?url';
import encMtScriptUrl from '@jsquash/jxl/codec/enc/jxl_enc_mt.js?url&no-inline';
import encMtWorker from '@jsquash/jxl/codec/enc/jxl_enc_mt.worker.js?raw';
import encMtSimdUrl from '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.wasm?url';
import encMtSimdScriptUrl from '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.js?url&no-inline';
import encMtSimdWorker from '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.worker.js?raw';
import { instantiateWith, wasmModule } from '../wasm';
import { buildEnvironment, chooseBuild, loadPthreadBuild, type BuildEnvironment, type PthreadFiles } from './threaded-build';
import type { RasterImage } from '../types';

interface JxlEncoder {
  encode(data: Uint8ClampedArray, width: number, height: number, options: object): Uint8Array | null;
}

let decoderReady: Promise<unknown> | undefined;
let encoderReady: Promise<JxlEncoder> | undefined;

function readyDecoder(): Promise<unknown> {
  decoderReady ??= wasmModule(decUrl, '@jsquash/jxl/codec/dec/jxl_dec.wasm').then((m) => initDecode(m));
  decoderReady.catch(() => (decoderReady = undefined));
  return decoderReady;
}

/** The encoder build for an environment: its .wasm under node_modules and its threads (1: the one-thread build). */
export function jxlEncoderBuild(env: BuildEnvironment): { wasm: string; threads: number } {
  // Only the threaded builds have SIMD, which alone makes a photo about 2.5 times faster: on an
  // isolated page the threaded SIMD build runs even with one thread (a batch lane's share of 2 cores).
  const { threaded, threads, simd } = chooseBuild(env, { poolOfOne: env.simd });
  if (!threaded) return { wasm: '@jsquash/jxl/codec/enc/jxl_enc.wasm', threads: 1 };
  return { wasm: simd ? '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.wasm' : '@jsquash/jxl/codec/enc/jxl_enc_mt.wasm', threads };
}

const THREADED: Record<string, { url: string; files: PthreadFiles }> = {
  '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.wasm': {
    url: encMtSimdUrl,
    files: { scriptUrl: encMtSimdScriptUrl, workerSource: encMtSimdWorker, workerFile: 'jxl_enc_mt_simd.worker.js' },
  },
  '@jsquash/jxl/codec/enc/jxl_enc_mt.wasm': {
    url: encMtUrl,
    files: { scriptUrl: encMtScriptUrl, workerSource: encMtWorker, workerFile: 'jxl_enc_mt.worker.js' },
  },
};

async function loadEncoder(): Promise<JxlEncoder> {
  const build = jxlEncoderBuild(buildEnvironment());
  const threaded = THREADED[build.wasm];
  if (threaded) {
    const module = await wasmModule(threaded.url, build.wasm);
    return loadPthreadBuild<JxlEncoder>(module, threaded.files, build.threads);
  }
  const module = await wasmModule(encUrl, build.wasm);
  const { default: factory } = await import('@jsquash/jxl/codec/enc/jxl_enc.js');
  return (await factory({ noInitialRun: true, instantiateWasm: instantiateWith(module) })) as unknown as JxlEncoder;
}

function readyEncoder(): Promise<JxlEncoder> {
  encoderReady ??= loadEncoder();
  encoderReady.catch(() => (encoderReady = undefined));
  return encoderReady;
}

/** The image as 8-bit RGBA, turned upright by its orientation (libjxl does that by default). */
export async function decode(bytes: Uint8Array): Promise<RasterImage> {
  await readyDecoder();
  const image = await decodeJxl(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** libjxl's effort (1 fastest .. 9): 7 is its default, the best size for the time on photos. */
export const JXL_EFFORT = 7;

/**
 * quality 0..100 as libjxl reads it (90 is visually lossless, distance 1).
 * Lossless keeps every pixel, alpha included.
 */
export async function encode(image: RasterImage, quality: number, lossless: boolean): Promise<Uint8Array> {
  const module = await readyEncoder();
  const { defaultOptions } = await import('@jsquash/jxl/meta');
  const options = lossless
    ? { ...defaultOptions, lossless: true, quality: 100, lossyModular: false, lossyPalette: false, effort: JXL_EFFORT }
    : { ...defaultOptions, quality: Math.round(quality), effort: JXL_EFFORT };
  const result = module.encode(image.data, image.width, image.height, options);
  if (!result) throw new Error('JPEG XL encoding failed');
  return new Uint8Array(result);
}
