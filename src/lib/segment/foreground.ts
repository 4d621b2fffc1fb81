/**
 * Foreground segmentation with @imgly/background-removal 1.4.5 (its small
 * ISNet model on ONNX Runtime Web, WASM), every file served by the site under
 * /engines/imgly/ (see scripts/vite-imgly-data.ts). Later versions of the
 * library fetch their model from a CDN, so this one is pinned.
 */
import type { RasterImage } from '../image/types';
import { ortThreads, ortWasmResource, pinNumThreads } from './threads';

const MODEL_BYTES = 44_342_436;
const ORT_WASM_BYTES = { '/onnxruntime-web/ort-wasm-simd.wasm': 10_549_605, '/onnxruntime-web/ort-wasm-simd-threaded.wasm': 10_646_108 } as const;

/** What a first run downloads without isolation: the small model and the one-thread SIMD ONNX Runtime. Later runs come from the HTTP cache. */
export const SEGMENT_DOWNLOAD_BYTES = MODEL_BYTES + ORT_WASM_BYTES['/onnxruntime-web/ort-wasm-simd.wasm'];

/** What a first run downloads with ONNX Runtime on `threads` threads. */
export function segmentDownloadBytes(threads: number): number {
  return MODEL_BYTES + ORT_WASM_BYTES[ortWasmResource(threads)];
}

/**
 * A 0..255 mask of the image's subject (255: subject, 0: background), at the
 * image's size. onProgress gets bytes downloaded of the model and the
 * ONNX Runtime build this page runs, then the inference step as the last part.
 * ONNX Runtime runs on every core where the page is cross-origin isolated,
 * on one thread elsewhere (./threads.ts).
 */
export async function foregroundMask(image: RasterImage, onProgress?: (done: number, total: number) => void): Promise<Uint8Array> {
  const [{ segmentForeground }, ort] = await Promise.all([import('@imgly/background-removal'), import('onnxruntime-web')]);
  // imgly's ONNX Runtime is this one module (one copy in node_modules): its thread count is set here, not by imgly.
  const threads = ortThreads();
  pinNumThreads(ort.env.wasm, threads);
  const downloads = segmentDownloadBytes(threads);
  const fetched = new Map<string, number>();
  const total = downloads + 1;
  const publicPath = new URL(`${import.meta.env.BASE_URL}engines/imgly/`, self.location.origin).href;
  const rgba = new Blob([image.data.slice()], { type: `image/x-rgba8;width=${image.width};height=${image.height}` });
  const blob = await segmentForeground(rgba, {
    publicPath,
    model: 'small',
    // The tool already runs in a worker; another one would only copy the image again.
    proxyToWorker: false,
    output: { format: 'image/x-alpha8', quality: 1 },
    progress: (key: string, current: number) => {
      if (key.startsWith('fetch:')) fetched.set(key, current);
      const done = Math.min(downloads, [...fetched.values()].reduce((a, b) => a + b, 0));
      onProgress?.(key === 'compute:inference' && current === 1 ? total : done, total);
    },
  });
  const mask = new Uint8Array(await blob.arrayBuffer());
  if (mask.length !== image.width * image.height) throw new Error(`Mask size ${mask.length} does not match the image`);
  return mask;
}
