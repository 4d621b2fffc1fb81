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

/** Threads an engine should use here: every core (up to MAX_THREADS) where threads are allowed, otherwise 1. */
export function threadCount(): number {
  if (!threadsAllowed()) return 1;
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 1;
  return Math.max(1, Math.min(MAX_THREADS, cores || 1));
}
