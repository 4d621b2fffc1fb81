/**
 * The command's worker pool: one worker thread per lane, each running one
 * request at a time (src/cli/worker.ts), so memory is bounded by the number
 * of lanes, not the number of files. A worker that dies (a crash in an
 * engine, out of memory) fails only its current file; the lane starts a
 * fresh worker for the next one.
 */
import { Worker } from 'node:worker_threads';
import { CancelledError } from '../lib/errors';
import { CRASH_MESSAGE } from '../core/run-shape';
import type { RunRequest, WorkerReply } from './protocol';

export type RunReply = Extract<WorkerReply, { kind: 'done' }>;

export interface Lane {
  run(request: Omit<RunRequest, 'kind' | 'id'>, signal?: AbortSignal): Promise<RunReply>;
  close(): Promise<void>;
}

let nextId = 1;

export function createLane(workerUrl: URL, options: { verbose: boolean; maxOldGenerationSizeMb?: number }): Lane {
  let worker: Worker | null = null;
  const start = () => {
    const created = new Worker(workerUrl, {
      workerData: { verbose: options.verbose },
      // The worker's own output is the engines' chatter; with --verbose it goes to stderr.
      stdout: true,
      stderr: true,
      ...(options.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb } } : {}),
    });
    if (options.verbose) {
      created.stdout.pipe(process.stderr);
      created.stderr.pipe(process.stderr);
    } else {
      created.stdout.resume();
      created.stderr.resume();
    }
    return created;
  };
  return {
    run(request, signal) {
      return new Promise<RunReply>((resolve, reject) => {
        if (signal?.aborted) return reject(new CancelledError());
        const current = (worker ??= start());
        const id = nextId++;
        const cleanup = () => {
          current.off('message', onMessage);
          current.off('error', onError);
          current.off('exit', onExit);
          signal?.removeEventListener('abort', onAbort);
        };
        const onMessage = (reply: WorkerReply) => {
          if (reply.kind === 'ready' || reply.id !== id) return;
          cleanup();
          if (reply.kind === 'done') resolve(reply);
          else reject(reply.message === 'Cancelled' ? new CancelledError() : new Error(reply.message));
        };
        const dead = () => {
          cleanup();
          if (worker === current) worker = null;
        };
        const onError = (error: Error) => {
          dead();
          void current.terminate();
          if (options.verbose) process.stderr.write(`Worker failed: ${error.stack ?? error.message}\n`);
          reject(new Error(CRASH_MESSAGE));
        };
        const onExit = () => {
          dead();
          reject(new Error(CRASH_MESSAGE));
        };
        const onAbort = () => {
          dead();
          void current.terminate();
          reject(new CancelledError());
        };
        current.on('message', onMessage);
        current.on('error', onError);
        current.on('exit', onExit);
        signal?.addEventListener('abort', onAbort);
        current.postMessage({ kind: 'run', id, ...request } satisfies RunRequest);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
