/**
 * Runs a processor in a module Web Worker. The promise always settles: with
 * the outputs and the files that failed on their own (see run-files.ts), with
 * a ToolError for the processor's own messages, with a generic error when the
 * worker crashes, or with CancelledError on abort. On abort the processor is
 * asked to stop; a worker that has not stopped within CANCEL_GRACE_MS is
 * terminated.
 *
 * A page run gets a fresh worker that ends with the run (runInWorker). Batch
 * mode keeps a lane per worker and sends it one file after another, so the
 * processor and its engines load once per lane, not once per file.
 */
import type { OptionValues } from '../../../schemas/manifest';
import { CancelledError, ToolError } from '../../lib/errors';
import type { FieldsCheck } from '../../contract/run-options';
import type { FilesRun } from '../../core/run-files';
import { CRASH_MESSAGE } from '../../core/run-shape';
import type { WorkerMessage, WorkerRequest } from './protocol';


/** How long a cancelled processor may take to reach its next check before its worker is terminated. */
export const CANCEL_GRACE_MS = 1500;

export interface WorkerLane {
  /** Runs one request; a lane runs one at a time. */
  run(
    processor: string,
    files: File[],
    options: OptionValues,
    signal: AbortSignal,
    onProgress: (done: number, total: number) => void,
    each?: boolean,
    fields?: FieldsCheck,
  ): Promise<FilesRun>;
  /** Ends the lane's worker. */
  close(): void;
}

/**
 * Runs a batch lane's worker takes before it is replaced. WebAssembly memory
 * only ever grows, and codec heaps fragment over hundreds of files, so a fresh
 * worker now and then keeps a long batch's memory where its first files left it.
 */
export const LANE_RUNS_PER_WORKER = 50;

/** A lane; `oneShot` ends its worker after the first run, however it ends; `runsPerWorker` replaces it after that many. */
export function workerLane(name: string, { oneShot = false, runsPerWorker = LANE_RUNS_PER_WORKER } = {}): WorkerLane {
  let worker: Worker | null = null;
  let runs = 0;
  const end = () => {
    worker?.terminate();
    worker = null;
  };
  const run: WorkerLane['run'] = (processor, files, options, signal, onProgress, each = false, fields) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new CancelledError());
      if (!worker) runs = 0;
      const current = worker ?? new Worker(new URL('./runner.worker.ts', import.meta.url), { type: 'module', name });
      worker = current;
      runs++;
      const send = (request: WorkerRequest) => current.postMessage(request);
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      /** The run is over for this worker; a worker that misbehaved is not used again. */
      const settle = (reusable: boolean) => {
        clearTimeout(graceTimer);
        signal.removeEventListener('abort', onAbort);
        current.onmessage = current.onerror = current.onmessageerror = null;
        if (!reusable || oneShot || runs >= runsPerWorker) {
          current.terminate();
          if (worker === current) worker = null;
        }
      };
      const onAbort = () => {
        // The run is over for the page at once; the worker gets a moment to stop by itself.
        reject(new CancelledError());
        send({ kind: 'cancel' });
        graceTimer = setTimeout(() => settle(false), CANCEL_GRACE_MS);
      };
      signal.addEventListener('abort', onAbort);
      current.onmessage = (event: MessageEvent<WorkerMessage>) => {
        const message = event.data;
        if (message.kind === 'progress') return signal.aborted || onProgress(message.done, message.total);
        settle(true);
        if (message.kind === 'done') resolve({ outputs: message.outputs, failures: message.failures });
        else if (message.kind === 'cancelled') reject(new CancelledError());
        else {
          if (!message.toolError) console.error(`Processor ${processor} failed:`, message.message);
          reject(message.toolError ? new ToolError(message.message, message.link) : new ToolError(CRASH_MESSAGE));
        }
      };
      current.onerror = (event) => {
        event.preventDefault();
        console.error(`Worker for ${processor} crashed:`, event.message);
        settle(false);
        reject(new ToolError(CRASH_MESSAGE));
      };
      current.onmessageerror = () => {
        settle(false);
        reject(new ToolError(CRASH_MESSAGE));
      };
      send({ kind: 'run', processor, files, options, each, ...(fields ? { fields } : {}) });
    });
  return { run, close: end };
}

/** One run in a worker of its own, ended when the run is over. */
export function runInWorker(
  processor: string,
  files: File[],
  options: OptionValues,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
  each = false,
  fields?: FieldsCheck,
): Promise<FilesRun> {
  return workerLane(processor, { oneShot: true }).run(processor, files, options, signal, onProgress, each, fields);
}
