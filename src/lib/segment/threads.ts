/**
 * Threads of ONNX Runtime Web for background removal. @imgly/background-removal
 * 1.4.5 hands ONNX Runtime the threaded SIMD build (ort-wasm-simd-threaded.wasm)
 * wherever SharedArrayBuffer can be posted, that is on a cross-origin isolated
 * page, and the one-thread SIMD build elsewhere, but sets its thread count to
 * navigator.hardwareConcurrency whatever the page. The count is ours instead:
 * every core (src/lib/threads.ts) when isolated, else 1.
 */
import { threadCount, threadsAllowed } from '../threads';

/**
 * ort.env.wasm.numThreads for this page. ONNX Runtime runs the threaded build
 * only with 2 threads or more, and imgly gives it no other build on an isolated
 * page, so a one-core isolated device gets 2 (two threads on its one core).
 */
export function ortThreads(allowed: boolean = threadsAllowed(), count: number = threadCount()): number {
  return allowed ? Math.max(2, count) : 1;
}

/** The ONNX Runtime WebAssembly imgly loads with that many threads: the threaded build's key in its resources.json, or the one-thread build's. */
export function ortWasmResource(threads: number): '/onnxruntime-web/ort-wasm-simd-threaded.wasm' | '/onnxruntime-web/ort-wasm-simd.wasm' {
  return threads > 1 ? '/onnxruntime-web/ort-wasm-simd-threaded.wasm' : '/onnxruntime-web/ort-wasm-simd.wasm';
}

/**
 * Makes `flags.numThreads` read `threads` whatever is written to it: imgly
 * writes navigator.hardwareConcurrency there just before it creates its
 * session, and ONNX Runtime reads it once, when its WebAssembly starts.
 */
export function pinNumThreads(flags: { numThreads?: number }, threads: number): void {
  Object.defineProperty(flags, 'numThreads', { configurable: true, enumerable: true, get: () => threads, set: () => {} });
}
