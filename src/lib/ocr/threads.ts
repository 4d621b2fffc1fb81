/**
 * How many tesseract.js workers read the pages of one document at once.
 * tesseract's WebAssembly core has one thread, so pages are read in parallel
 * by several workers instead: one per core where the page is cross-origin
 * isolated (src/lib/threads.ts; the same rule as the other engines, so a host
 * without isolation keeps its one worker), never more than the pages to
 * read, and no more than a quarter of the device's memory holds, since every
 * worker keeps its own copy of the engine and the language data.
 */
import { laneShare, threadCount } from '../threads';

/** Memory one worker may hold while it reads a 300 DPI A4 page: engine, language data, the page's pictures. */
export const WORKER_MEMORY_MB = 200;

/** navigator.deviceMemory in GiB where the browser says (Chromium), else undefined. */
function deviceMemory(): number | undefined {
  const memory = (globalThis as { navigator?: { deviceMemory?: number } }).navigator?.deviceMemory;
  return typeof memory === 'number' && memory > 0 ? memory : undefined;
}

/** Most workers one language's pool may start; the lanes of a batch share the quarter of memory. */
export function ocrWorkerLimit(threads: number = threadCount(), deviceMemoryGiB: number | undefined = deviceMemory(), lanes: number = laneShare()): number {
  const byMemory = deviceMemoryGiB === undefined ? threads : Math.floor((deviceMemoryGiB * 1024) / 4 / WORKER_MEMORY_MB / lanes);
  return Math.max(1, Math.min(threads, byMemory));
}

/** Pages read at once for a document of `pages` pages: at least 1, at most the pages and the pool's limit. */
export function ocrWorkerCount(pages: number, limit: number = ocrWorkerLimit()): number {
  return Math.max(1, Math.min(pages, limit));
}
