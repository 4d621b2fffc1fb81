/**
 * PNG through the Rust png crate (@jsquash/png) and OxiPNG (@jsquash/oxipng)
 * for lossless size reduction. OxiPNG runs its threaded build (pkg-parallel,
 * wasm-bindgen-rayon with threadCount() threads) in a worker of a
 * cross-origin isolated page, and its one-thread build elsewhere and in Node
 * (threaded-build.ts chooses). Both builds are loaded directly, not through
 * @jsquash/oxipng/optimise, whose own choice would put the one-thread module
 * into the threaded glue on an isolated page.
 */
import decodePng, { init as initPng } from '@jsquash/png/decode';
import encodePng from '@jsquash/png/encode';
import pngUrl from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm?url';
import oxipngUrl from '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm?url';
import oxipngMtUrl from '@jsquash/oxipng/codec/pkg-parallel/squoosh_oxipng_bg.wasm?url';
import { wasmModule } from '../wasm';
import { buildEnvironment, chooseBuild, type BuildEnvironment } from './threaded-build';
import type { RasterImage } from '../types';

type Optimise = (data: Uint8Array, level: number, interlace: boolean, optimiseAlpha: boolean) => Uint8Array;

let pngReady: Promise<unknown> | undefined;
let oxipngReady: Promise<Optimise> | undefined;

function readyPng(): Promise<unknown> {
  // The decoder and encoder share one wasm-bindgen module, so one init serves both.
  pngReady ??= wasmModule(pngUrl, '@jsquash/png/codec/pkg/squoosh_png_bg.wasm').then((m) => initPng(m as unknown as string));
  return pngReady;
}

/** OxiPNG's build for an environment: its .wasm under node_modules and its threads (1: the one-thread build). */
export function oxipngBuild(env: BuildEnvironment): { wasm: string; threads: number } {
  // wasm-bindgen-rayon blocks the calling thread while its pool works: a worker only.
  const { threaded, threads } = chooseBuild(env, { worker: true });
  return threaded
    ? { wasm: '@jsquash/oxipng/codec/pkg-parallel/squoosh_oxipng_bg.wasm', threads }
    : { wasm: '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm', threads: 1 };
}

async function loadOxipng(): Promise<Optimise> {
  const build = oxipngBuild(buildEnvironment());
  if (build.threads > 1) {
    const module = await wasmModule(oxipngMtUrl, build.wasm);
    const glue = await import('@jsquash/oxipng/codec/pkg-parallel/squoosh_oxipng.js');
    await glue.default(module);
    await glue.initThreadPool(build.threads);
    return glue.optimise;
  }
  const module = await wasmModule(oxipngUrl, build.wasm);
  const glue = await import('@jsquash/oxipng/codec/pkg/squoosh_oxipng.js');
  await glue.default(module);
  return glue.optimise;
}

function readyOxipng(): Promise<Optimise> {
  oxipngReady ??= loadOxipng();
  oxipngReady.catch(() => (oxipngReady = undefined));
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
  const optimisePng = await readyOxipng();
  return new Uint8Array(optimisePng(png, level, false, true));
}
