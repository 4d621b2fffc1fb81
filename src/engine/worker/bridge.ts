/**
 * Runs a processor in a module Web Worker, over the lane of core/lane.ts. The
 * promise always settles: with the outputs and the files that failed on their
 * own (see run-files.ts), with a ToolError for the processor's own messages,
 * with a generic error when the worker crashes, or with CancelledError on
 * abort. On abort the processor is asked to stop; a worker that has not
 * stopped within CANCEL_GRACE_MS is terminated.
 *
 * A page run gets a fresh worker that ends with the run (runInWorker). Batch
 * mode keeps a lane per worker and sends it one file after another, so the
 * processor and its engines load once per lane, not once per file.
 */
import type { OptionValues } from '../../../schemas/manifest';
import { ToolError } from '../../lib/errors';
import type { FieldsCheck } from '../../contract/run-options';
import type { FilesRun } from '../../core/run-files';
import { crashMessage } from '../../core/run-shape';
import { createLane, LANE_MEMORY_MARK_MB, LANE_RUNS_PER_WORKER, MB, type Endpoint, type EndpointEvents, type Outcome } from '../../core/lane';
import { currentLocale } from '../../lib/i18n/messages';
import type { WorkerMessage, WorkerRequest } from './protocol';

export { CANCEL_GRACE_MS, LANE_RUNS_PER_WORKER } from '../../core/lane';

export interface WorkerLane {
  /** Runs one request; a lane runs one at a time, and a request made while another runs waits its turn. */
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

export interface WorkerLaneOptions {
  /** End the worker after each run, however it ends. */
  oneShot?: boolean;
  /** Replace the worker after this many runs. */
  runsPerWorker?: number;
  /** Replace the worker once the heap it reports after a run passes this many MiB (only where the browser reports it). */
  memoryMarkMb?: number;
  /** Lanes running side by side (a batch's), which share the cores: 1 by default. */
  lanes?: number;
}

function spawnWorker(name: string, events: EndpointEvents<WorkerMessage>): Endpoint<WorkerRequest> {
  const worker = new Worker(new URL('./runner.worker.ts', import.meta.url), { type: 'module', name });
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => events.message(event.data);
  worker.onerror = (event) => {
    // The lane reports the crash to the page; the browser need not print it as uncaught too.
    event.preventDefault();
    events.crash(event.message);
  };
  worker.onmessageerror = () => events.crash('a message from the worker could not be read');
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    terminate() {
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
    },
  };
}

/** What the worker's message means for the run of `processor`. */
function outcomeOf(
  processor: string,
  message: WorkerMessage,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Outcome<FilesRun> | undefined {
  switch (message.kind) {
    case 'progress':
      // A cancelled run is over for the page, though its worker may still be reporting.
      if (!signal.aborted) onProgress(message.done, message.total);
      return undefined;
    case 'done':
      return { kind: 'done', value: { outputs: message.outputs, failures: message.failures }, memory: message.memory };
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'error':
      if (!message.toolError) console.error(`Processor ${processor} failed:`, message.message);
      return {
        kind: 'failed',
        error: message.toolError ? new ToolError(message.message, message.link) : new ToolError(crashMessage()),
        memory: message.memory,
      };
  }
}

/** A lane; `oneShot` ends its worker after the first run, however it ends; `runsPerWorker` replaces it after that many. */
export function workerLane(
  name: string,
  { oneShot = false, runsPerWorker = LANE_RUNS_PER_WORKER, memoryMarkMb = LANE_MEMORY_MARK_MB, lanes = 1 }: WorkerLaneOptions = {},
): WorkerLane {
  const lane = createLane<WorkerRequest, WorkerMessage>({
    spawn: (events) => spawnWorker(name, events),
    crashed(reason) {
      console.error(`Worker ${name} crashed:`, reason);
      return new ToolError(crashMessage());
    },
    runsPerWorker: oneShot ? 1 : runsPerWorker,
    memoryMarkBytes: memoryMarkMb * MB,
  });
  return {
    run: (processor, files, options, signal, onProgress, each = false, fields) =>
      lane.run({
        request: { kind: 'run', processor, files, options, each, locale: currentLocale(), ...(lanes > 1 ? { lanes } : {}), ...(fields ? { fields } : {}) },
        cancel: { kind: 'cancel' },
        signal,
        read: (message) => outcomeOf(processor, message, signal, onProgress),
      }),
    close: () => void lane.close(),
  };
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
