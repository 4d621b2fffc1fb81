import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEnvironment, chooseBuild, simdSupported, type BuildEnvironment } from './threaded-build';
import { avifEncoderBuild } from './avif';
import { jxlEncoderBuild } from './jxl';
import { oxipngBuild } from './png';
import { webpEncoderBuild } from './webp';

/** An isolated page's worker on a 4-core device. */
const ISOLATED: BuildEnvironment = { node: false, allowed: true, threads: 4, worker: true, simd: true };
/** A page served without the isolation headers: threadCount() is 1. */
const NOT_ISOLATED: BuildEnvironment = { ...ISOLATED, allowed: false, threads: 1 };
/** An isolated lane of a batch whose share of the cores is one thread (2 lanes on 2 cores). */
const ONE_THREAD_SHARE: BuildEnvironment = { ...ISOLATED, threads: 1 };
/** Node (tests, the command line): threads or not, the one-thread builds. */
const NODE: BuildEnvironment = { ...ISOLATED, node: true };

const modules = (path: string) => join(process.cwd(), 'node_modules', path);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chooseBuild', () => {
  it('is threaded with every allowed thread on an isolated page', () => {
    expect(chooseBuild(ISOLATED)).toEqual({ threaded: true, threads: 4, simd: true });
    expect(chooseBuild({ ...ISOLATED, worker: false })).toEqual({ threaded: true, threads: 4, simd: true });
  });

  it('is one thread where threads are not allowed, on one core, and in Node', () => {
    expect(chooseBuild(NOT_ISOLATED)).toEqual({ threaded: false, threads: 1, simd: true });
    expect(chooseBuild({ ...ISOLATED, threads: 0 })).toMatchObject({ threaded: false, threads: 1 });
    expect(chooseBuild(NODE)).toMatchObject({ threaded: false, threads: 1 });
  });

  it('a pool of one runs only for an engine whose threaded build is also faster on one thread', () => {
    expect(chooseBuild(ONE_THREAD_SHARE)).toEqual({ threaded: false, threads: 1, simd: true });
    expect(chooseBuild(ONE_THREAD_SHARE, { poolOfOne: true })).toEqual({ threaded: true, threads: 1, simd: true });
    // Never where threads are not allowed, nor in Node.
    expect(chooseBuild(NOT_ISOLATED, { poolOfOne: true })).toMatchObject({ threaded: false });
    expect(chooseBuild(NODE, { poolOfOne: true })).toMatchObject({ threaded: false });
  });

  it('an engine that needs a worker is one thread on a page’s main thread', () => {
    expect(chooseBuild({ ...ISOLATED, worker: false }, { worker: true })).toMatchObject({ threaded: false, threads: 1 });
    expect(chooseBuild(ISOLATED, { worker: true })).toMatchObject({ threaded: true, threads: 4 });
  });
});

describe('buildEnvironment', () => {
  it('gives threadCount() threads on a cross-origin isolated page', () => {
    vi.stubGlobal('crossOriginIsolated', true);
    vi.stubGlobal('navigator', { hardwareConcurrency: 6 });
    expect(buildEnvironment(false).threads).toBe(6);
    // threadCount() caps a many-core device.
    vi.stubGlobal('navigator', { hardwareConcurrency: 32 });
    expect(buildEnvironment(false).threads).toBe(8);
  });

  it('gives one thread on a page that is not isolated', () => {
    vi.stubGlobal('crossOriginIsolated', false);
    vi.stubGlobal('navigator', { hardwareConcurrency: 6 });
    expect(buildEnvironment(false).threads).toBe(1);
  });

  it('keeps Node on one thread even where isolation would allow threads', () => {
    vi.stubGlobal('crossOriginIsolated', true);
    vi.stubGlobal('navigator', { hardwareConcurrency: 6 });
    const env = buildEnvironment();
    expect(env.node).toBe(true);
    expect(env.threads).toBe(1);
    expect(avifEncoderBuild(env).threads).toBe(1);
  });

  it('detects WebAssembly SIMD (Node 20 has it)', () => {
    expect(simdSupported()).toBe(true);
  });
});

describe('each encoder’s build', () => {
  it('AVIF: avif_enc_mt with the allowed threads, avif_enc otherwise', () => {
    expect(avifEncoderBuild(ISOLATED)).toEqual({ wasm: '@jsquash/avif/codec/enc/avif_enc_mt.wasm', threads: 4 });
    expect(avifEncoderBuild(NOT_ISOLATED)).toEqual({ wasm: '@jsquash/avif/codec/enc/avif_enc.wasm', threads: 1 });
    expect(avifEncoderBuild(ONE_THREAD_SHARE)).toEqual({ wasm: '@jsquash/avif/codec/enc/avif_enc.wasm', threads: 1 });
    expect(avifEncoderBuild(NODE)).toEqual({ wasm: '@jsquash/avif/codec/enc/avif_enc.wasm', threads: 1 });
  });

  it('JPEG XL: jxl_enc_mt_simd, or jxl_enc_mt without SIMD, jxl_enc otherwise', () => {
    expect(jxlEncoderBuild(ISOLATED)).toEqual({ wasm: '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.wasm', threads: 4 });
    expect(jxlEncoderBuild({ ...ISOLATED, simd: false })).toEqual({ wasm: '@jsquash/jxl/codec/enc/jxl_enc_mt.wasm', threads: 4 });
    expect(jxlEncoderBuild(NOT_ISOLATED)).toEqual({ wasm: '@jsquash/jxl/codec/enc/jxl_enc.wasm', threads: 1 });
    // A lane's one-thread share keeps the SIMD build, the one-thread build has none; without SIMD, the one-thread build.
    expect(jxlEncoderBuild(ONE_THREAD_SHARE)).toEqual({ wasm: '@jsquash/jxl/codec/enc/jxl_enc_mt_simd.wasm', threads: 1 });
    expect(jxlEncoderBuild({ ...ONE_THREAD_SHARE, simd: false })).toEqual({ wasm: '@jsquash/jxl/codec/enc/jxl_enc.wasm', threads: 1 });
    expect(jxlEncoderBuild(NODE)).toEqual({ wasm: '@jsquash/jxl/codec/enc/jxl_enc.wasm', threads: 1 });
  });

  it('OxiPNG: pkg-parallel in an isolated worker, pkg on a main thread, without isolation and in Node', () => {
    expect(oxipngBuild(ISOLATED)).toEqual({ wasm: '@jsquash/oxipng/codec/pkg-parallel/squoosh_oxipng_bg.wasm', threads: 4 });
    for (const env of [{ ...ISOLATED, worker: false }, NOT_ISOLATED, NODE]) {
      expect(oxipngBuild(env)).toEqual({ wasm: '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm', threads: 1 });
    }
  });

  it('WebP: one thread always, the SIMD build where SIMD validates', () => {
    expect(webpEncoderBuild(true)).toEqual({ wasm: '@jsquash/webp/codec/enc/webp_enc_simd.wasm', threads: 1 });
    expect(webpEncoderBuild(false)).toEqual({ wasm: '@jsquash/webp/codec/enc/webp_enc.wasm', threads: 1 });
  });

  it('every build named is in the installed packages', () => {
    const envs = [ISOLATED, { ...ISOLATED, simd: false }, NOT_ISOLATED, ONE_THREAD_SHARE];
    const wasm = [
      ...envs.flatMap((env) => [avifEncoderBuild(env).wasm, jxlEncoderBuild(env).wasm, oxipngBuild(env).wasm]),
      webpEncoderBuild(true).wasm,
      webpEncoderBuild(false).wasm,
    ];
    for (const path of new Set(wasm)) expect(existsSync(modules(path)), path).toBe(true);
  });

  it('the pthread builds ask locateFile for the worker scripts the codecs start', () => {
    // avif.ts and jxl.ts answer locateFile for these names with the blob: URL of the same script.
    for (const [script, worker] of [
      ['@jsquash/avif/codec/enc/avif_enc_mt.js', 'avif_enc_mt.worker.mjs'],
      ['@jsquash/jxl/codec/enc/jxl_enc_mt.js', 'jxl_enc_mt.worker.js'],
      ['@jsquash/jxl/codec/enc/jxl_enc_mt_simd.js', 'jxl_enc_mt_simd.worker.js'],
    ]) {
      const source = readFileSync(modules(script), 'utf8');
      expect(source).toContain(`locateFile("${worker}")`);
      // The worker imports the build from mainScriptUrlOrBlob, which the codecs set.
      expect(readFileSync(modules(join(script, '..', worker)), 'utf8')).toContain('import(e.data.urlOrBlob)');
    }
  });
});
