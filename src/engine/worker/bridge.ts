/**
 * Runs a processor in a fresh module Web Worker. The promise always settles:
 * with the outputs and the files that failed on their own (see run-files.ts), with a ToolError for the processor's own messages, with a
 * generic error when the worker crashes, or with CancelledError on abort.
 * On abort the processor is asked to stop; a worker that has not stopped
 * within CANCEL_GRACE_MS is terminated.
 */
import type { OptionValues } from '../../../schemas/manifest';
import { CancelledError, ToolError } from '../../lib/errors';
import { CRASH_MESSAGE, type FilesRun } from '../run-files';
import type { WorkerMessage, WorkerRequest } from './protocol';

export { CRASH_MESSAGE } from '../run-files';

/** How long a cancelled processor may take to reach its next check before its worker is terminated. */
export const CANCEL_GRACE_MS = 1500;

export function runInWorker(
  processor: string,
  files: File[],
  options: OptionValues,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
  each = false,
): Promise<FilesRun> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError());
    const worker = new Worker(new URL('./runner.worker.ts', import.meta.url), { type: 'module', name: processor });
    const send = (request: WorkerRequest) => worker.postMessage(request);
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(graceTimer);
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      // The run is over for the page at once; the worker gets a moment to stop by itself.
      reject(new CancelledError());
      send({ kind: 'cancel' });
      graceTimer = setTimeout(finish, CANCEL_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') return signal.aborted || onProgress(message.done, message.total);
      finish();
      if (message.kind === 'done') resolve({ outputs: message.outputs, failures: message.failures });
      else if (message.kind === 'cancelled') reject(new CancelledError());
      else {
        if (!message.toolError) console.error(`Processor ${processor} failed:`, message.message);
        reject(message.toolError ? new ToolError(message.message, message.link) : new ToolError(CRASH_MESSAGE));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      console.error(`Worker for ${processor} crashed:`, event.message);
      finish();
      reject(new ToolError(CRASH_MESSAGE));
    };
    worker.onmessageerror = () => {
      finish();
      reject(new ToolError(CRASH_MESSAGE));
    };
    send({ kind: 'run', processor, files, options, each });
  });
}
