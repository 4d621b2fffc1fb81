/**
 * Vite plugin: the background-removal model served by the site under
 * /engines/imgly/. @imgly/background-removal-data holds 212 MB of chunks
 * (two models, seven ONNX Runtime builds); only what the library loads is
 * copied: the small model (44 MB) and the SIMD ONNX Runtime WebAssembly,
 * single-threaded (used without cross-origin isolation) and threaded (used
 * with it, on every core: src/lib/segment/threads.ts), plus a resources.json
 * that lists just those.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { engineFiles, type EngineFile } from './vite-engine-files.ts';

export const IMGLY_BASE = 'engines/imgly';
export const IMGLY_RESOURCES = ['/models/small', '/onnxruntime-web/ort-wasm-simd.wasm', '/onnxruntime-web/ort-wasm-simd-threaded.wasm'];

interface Resource {
  chunks: { hash: string; offsets: [number, number] }[];
  size: number;
  mime: string;
}

export function imglyFiles(): EngineFile[] {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('@imgly/background-removal-data/package.json')), 'dist');
  const all = JSON.parse(readFileSync(join(dist, 'resources.json'), 'utf8')) as Record<string, Resource>;
  const used = Object.fromEntries(IMGLY_RESOURCES.map((key) => [key, all[key]]));
  const chunks = Object.values(used).flatMap((r) => r.chunks.map((c) => c.hash));
  return [
    { source: JSON.stringify(used), to: `${IMGLY_BASE}/resources.json` },
    ...chunks.map((hash) => ({ from: join(dist, hash), to: `${IMGLY_BASE}/${hash}` })),
  ];
}

export function imglyData() {
  return engineFiles('imgly', imglyFiles);
}
