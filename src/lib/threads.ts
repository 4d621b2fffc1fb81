/**
 * Threads for the WebAssembly engines. A threaded build shares its memory
 * between workers (SharedArrayBuffer), which a browser allows only on a
 * cross-origin isolated page: one served with ISOLATION_HEADERS, or given
 * them by the service worker (public/isolation-sw.js). Everywhere else an
 * engine runs its one-thread build, so every page works either way.
 */

/** The response headers that make a page cross-origin isolated. The site loads nothing from other origins, so nothing is blocked by them. */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Most threads one engine is given: past this, a 2–8 core device gains little and memory grows with each thread. */
const MAX_THREADS = 8;

/** True where threaded WebAssembly can run: an isolated page or worker with SharedArrayBuffer. */
export function threadsAllowed(): boolean {
  const scope = globalThis as { crossOriginIsolated?: boolean };
  return scope.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
}

/** Workers running engines side by side on this device: the lanes of a batch, 1 otherwise. */
let lanes = 1;

/**
 * Called in a batch lane's worker before its engines load: `count` lanes run
 * at once, so each engine takes its share of the cores (and the OCR pool its
 * share of memory, src/lib/ocr/threads.ts) instead of every lane starting a
 * thread per core. Measured on 2 cores with 2 lanes of 6 photos, one thread
 * each: AVIF 5 to 9 % sooner than with two each, JPEG XL and OxiPNG the same.
 */
export function shareWithLanes(count: number): void {
  lanes = Math.max(1, Math.floor(count) || 1);
}

/** The lanes this worker shares the device with (1 outside a batch). */
export function laneShare(): number {
  return lanes;
}

/** Threads an engine should use here: its lane's share of the cores (up to MAX_THREADS) where threads are allowed, otherwise 1. */
export function threadCount(): number {
  if (!threadsAllowed()) return 1;
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 1;
  return Math.max(1, Math.min(MAX_THREADS, Math.floor((cores || 1) / lanes)));
}
