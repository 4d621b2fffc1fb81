/// <reference lib="webworker" />
/**
 * The module worker that runs a processor. A page creates one for each run
 * and ends it afterwards; batch mode keeps a few and sends them one file after
 * another, so each run has its own abort controller. Cancel aborts the running
 * processor's signal so its loops stop at their next check; the bridge
 * terminates the worker if that takes too long.
 */
import { isToolError } from '../../lib/errors';
import { SOURCE_LOCALE } from '../../lib/i18n/locales';
import { shareWithLanes } from '../../lib/threads';
import { loadRunWords } from '../run-words';
import { runFiles } from '../../core/run-files';
import { loadProcessor } from '../../core/processor-modules';
import type { WorkerMessage, WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
let controller = new AbortController();


/**
 * The worker's heap in bytes, for the lane's memory mark. `performance.memory`
 * is Chromium's alone, and Chromium offers it on pages but not (as of 156) in
 * workers; where it is missing the lane replaces workers by run count alone.
 */
function heapInUse(): { memory?: number } {
  const used = (performance as Performance & { memory?: { usedJSHeapSize?: number } }).memory?.usedJSHeapSize;
  return typeof used === 'number' ? { memory: used } : {};
}

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.kind === 'cancel') return controller.abort();
  controller = new AbortController();
  const { signal } = controller;
  // Before any engine loads: a lane's engines take its share of the cores.
  shareWithLanes(request.lanes ?? 1);
  try {
    const [processor] = await Promise.all([loadProcessor(request.processor), loadRunWords(request.locale ?? SOURCE_LOCALE)]);
    // Each file's bytes are read when its turn comes, so a long run holds one input at a time.
    const sources = request.files.map((f) => ({ name: f.name, type: f.type, read: async () => new Uint8Array(await f.arrayBuffer()) }));
    const { outputs, failures } = await runFiles(processor, sources, request.options, {
      signal,
      onProgress: (done, total) => post({ kind: 'progress', done, total }),
      each: request.each,
      fields: request.fields,
    });
    post({ kind: 'done', outputs, failures, ...heapInUse() }, outputs.map((o) => o.bytes.buffer as ArrayBuffer));
  } catch (error) {
    if (signal.aborted) return post({ kind: 'cancelled' });
    const toolError = isToolError(error);
    post({
      kind: 'error',
      toolError,
      message: error instanceof Error ? error.message : String(error),
      link: toolError ? error.link : undefined,
      ...heapInUse(),
    });
  }
};
