/**
 * The command's worker pool: one worker thread per lane, each running one
 * request at a time (src/cli/worker.ts), so memory is bounded by the number
 * of lanes, not the number of files. The lane itself is core/lane.ts, the
 * site's: a worker is replaced after a number of runs or once its memory has
 * passed a mark; a worker that dies (a crash in an engine, out of memory)
 * fails only its current file, and the next one gets a fresh worker; a
 * cancelled file is answered at once, and its worker terminated if it has
 * not stopped within the grace period.
 */
import { Worker, type Transferable as NodeTransferable } from 'node:worker_threads';
import { createLane as createWorkerLane, LANE_MEMORY_MARK_MB, MB, type Endpoint, type EndpointEvents, type Outcome } from '../core/lane';
import { crashMessage } from '../core/run-shape';
import type { RunRequest, WorkerData, WorkerReply, WorkerRequest } from './protocol';

export { LANE_MEMORY_MARK_MB, LANE_RUNS_PER_WORKER } from '../core/lane';

export type RunReply = Extract<WorkerReply, { kind: 'done' }>;

export interface Lane {
  run(request: Omit<RunRequest, 'kind' | 'id'>, signal?: AbortSignal): Promise<RunReply>;
  /** Starts the worker now, loading the preload modules, while the main thread prepares the run. */
  warm(): void;
  close(): Promise<void>;
}

export interface LaneOptions {
  verbose: boolean;
  /** Processor modules each worker loads as it starts, before its first request. */
  preload?: string[];
  /** V8's old-generation limit of each worker, in MiB. */
  maxOldGenerationSizeMb?: number;
  /**
   * Replace a worker after this many runs (default: by its memory alone). In Node a worker's memory
   * is its own to measure, and a thread ended every 50 files left the process's peak twice as high
   * (300 photos through the Image Compressor, 2 lanes: 645 MB against 319 MB), since the memory of
   * an ended thread is not all given back to the system.
   */
  runsPerWorker?: number;
  /**
   * Replace a worker once its heap and the memory its objects hold outside it
   * pass this many MiB after a run (default LANE_MEMORY_MARK_MB, or three
   * quarters of maxOldGenerationSizeMb when that is lower, so a worker is
   * replaced before it runs out of memory on the next file).
   */
  memoryMarkMb?: number;
}

let nextId = 1;

function spawnThread(workerUrl: URL, options: LaneOptions, events: EndpointEvents<WorkerReply>): Endpoint<WorkerRequest> {
  const worker = new Worker(workerUrl, {
    workerData: { verbose: options.verbose, preload: options.preload ?? [] } satisfies WorkerData,
    // The worker's own output is the engines' chatter; with --verbose it goes to stderr.
    stdout: true,
    stderr: true,
    ...(options.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb } } : {}),
  });
  if (options.verbose) {
    worker.stdout.pipe(process.stderr);
    worker.stderr.pipe(process.stderr);
  } else {
    worker.stdout.resume();
    worker.stderr.resume();
  }
  worker.on('message', (reply: WorkerReply) => events.message(reply));
  // The listeners stay for the worker's life: an 'error' with no listener would throw in the main thread.
  worker.on('error', (error: Error) => {
    if (options.verbose) process.stderr.write(`Worker failed: ${error.stack ?? error.message}\n`);
    events.crash(error.message);
  });
  worker.on('messageerror', (error: Error) => events.crash(`a message from the worker could not be read: ${error.message}`));
  worker.on('exit', (code: number) => events.crash(`the worker exited with code ${code}`));
  return {
    // Both lists hold ArrayBuffers and ports; the lane keeps the web's name for them.
    post: (message, transfer = []) => worker.postMessage(message, transfer as NodeTransferable[]),
    terminate: () => worker.terminate(),
  };
}

function outcomeOf(reply: WorkerReply, id: number): Outcome<RunReply> | undefined {
  if (reply.kind === 'ready' || reply.id !== id) return undefined;
  if (reply.kind === 'done') return { kind: 'done', value: reply, memory: reply.memory };
  if (reply.message === 'Cancelled') return { kind: 'cancelled', memory: reply.memory };
  return { kind: 'failed', error: new Error(reply.message), memory: reply.memory };
}

export function createLane(workerUrl: URL, options: LaneOptions): Lane {
  const memoryMarkMb =
    options.memoryMarkMb ?? Math.min(LANE_MEMORY_MARK_MB, options.maxOldGenerationSizeMb ? options.maxOldGenerationSizeMb * 0.75 : Infinity);
  const lane = createWorkerLane<WorkerRequest, WorkerReply>({
    spawn: (events) => spawnThread(workerUrl, options, events),
    crashed: () => new Error(crashMessage()),
    runsPerWorker: options.runsPerWorker ?? Infinity,
    memoryMarkBytes: memoryMarkMb * MB,
  });
  return {
    run(request, signal) {
      const id = nextId++;
      return lane.run({
        request: { kind: 'run', id, ...request },
        cancel: { kind: 'cancel', id },
        signal,
        read: (reply) => outcomeOf(reply, id),
      });
    },
    warm: () => lane.warm(),
    close: () => lane.close(),
  };
}
