/**
 * Which TensorFlow.js WebAssembly build the upscaler runs, and on how many
 * threads: the threaded SIMD build on every core (src/lib/threads.ts) where
 * the page is cross-origin isolated, the one-thread SIMD build elsewhere
 * (and in Node, where tfjs-backend-wasm has no threads).
 */
import { threadCount, threadsAllowed } from '../threads';

export interface TfjsThreads {
  /** The value given to tfjs-backend-wasm's WASM_HAS_MULTITHREAD_SUPPORT flag: true loads tfjs-backend-wasm-threaded-simd.wasm. */
  multithread: boolean;
  /** The value given to setThreadsCount. */
  threads: number;
}

export function tfjsThreads(allowed: boolean = threadsAllowed(), count: number = threadCount()): TfjsThreads {
  // One core gains nothing from the threaded build but its worker.
  const multithread = allowed && count > 1;
  return { multithread, threads: multithread ? count : 1 };
}
