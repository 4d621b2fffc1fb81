/**
 * A lane: one worker, one request at a time. The site's batch mode and page
 * runs (engine/worker/bridge.ts, module Web Workers) and the command's pool
 * (cli/pool.ts, worker_threads) are both lanes; each host supplies a factory
 * that spawns its kind of worker, and says what its replies mean.
 *
 * - A request always gets an answer: its value, its error, the host's crash
 *   error when the worker dies under it, or CancelledError on abort.
 * - Abort answers at once; the worker is asked to stop, and terminated if it
 *   has not stopped within the grace period. The next request waits until it
 *   has, so a lane never has two requests in a worker at once and memory stays
 *   bounded by the number of lanes.
 * - A worker is replaced after `runsPerWorker` runs, or as soon as the memory
 *   it reports passes `memoryMarkBytes`: WebAssembly memory only grows and
 *   codec heaps fragment over hundreds of files, so a fresh worker now and then
 *   keeps a long batch's memory where its first files left it.
 * - A worker that crashes fails only the request it was running; the next
 *   request gets a fresh one.
 *
 * No DOM, no node: imports: this runs in a page, in a worker and in Node.
 */
import { CancelledError } from '../lib/errors';

/** Runs a lane's worker takes before it is replaced. */
export const LANE_RUNS_PER_WORKER = 50;

/**
 * The memory a worker may report after a run before it is replaced, in MiB.
 * Well under V8's default heap limits (2–4 GiB), so a worker is replaced before
 * it nears them, and above what an ordinary file leaves behind, so engines are
 * rarely reloaded for nothing.
 */
export const LANE_MEMORY_MARK_MB = 1024;

/** How long a cancelled processor may take to reach its next check before its worker is terminated. */
export const CANCEL_GRACE_MS = 1500;

export const MB = 1024 * 1024;

/** A spawned worker, as the lane sees it. */
export interface Endpoint<Request> {
  post(message: Request, transfer?: Transferable[]): void;
  /** Ends the worker; may resolve once it has ended. Called at most once per endpoint. */
  terminate(): void | Promise<unknown>;
}

/** What a host's worker tells the lane. */
export interface EndpointEvents<Reply> {
  message(reply: Reply): void;
  /** The worker died, or can no longer be talked to (an uncaught error, an exit, a reply it could not send). */
  crash(reason: string): void;
}

/** Spawns a worker that reports to `events`. Events come later, never during the call. */
export type SpawnEndpoint<Request, Reply> = (events: EndpointEvents<Reply>) => Endpoint<Request>;

/** How a request ended, with the worker's memory figure in bytes when it reports one. */
export type Outcome<T> = ({ kind: 'done'; value: T } | { kind: 'failed'; error: Error } | { kind: 'cancelled' }) & { memory?: number };

export interface LaneTask<Request, Reply, T> {
  request: Request;
  transfer?: Transferable[];
  /** The message that asks the worker to stop this request. */
  cancel: Request;
  /**
   * What a reply means for this request: its outcome, or undefined for a reply
   * that does not end it (progress, a worker saying it is ready). Replies keep
   * coming here after an abort, until the worker says it has stopped.
   */
  read(reply: Reply): Outcome<T> | undefined;
  signal?: AbortSignal;
}

export interface LaneOptions<Request, Reply> {
  spawn: SpawnEndpoint<Request, Reply>;
  /** The error a request gets when its worker dies under it (each host has its own message and log). */
  crashed(reason: string): Error;
  /** 1 makes a lane whose every worker ends with its run. */
  runsPerWorker?: number;
  /** Infinity never replaces a worker for its memory. */
  memoryMarkBytes?: number;
  graceMs?: number;
}

export interface Lane<Request, Reply> {
  run<T>(task: LaneTask<Request, Reply, T>): Promise<T>;
  /** Starts the worker now, if there is none, so that it loads while the host prepares the first request. */
  warm(): void;
  /** Ends the worker, and answers the request under way and those waiting with CancelledError. A later run starts a fresh worker. */
  close(): Promise<void>;
}

interface Slot<Request> {
  endpoint: Endpoint<Request>;
  runs: number;
}

/** A request waiting for the lane, or running on it. */
interface Job {
  start(): void;
  /** Answers with CancelledError if not answered yet. */
  drop(): void;
}

/** The request that holds the worker now, until the worker is free again (after an abort: until it has stopped). */
interface Active<Request, Reply> {
  slot: Slot<Request>;
  reply(reply: Reply): void;
  crash(reason: string): void;
  /** The lane is closing: answers with CancelledError if not answered yet, and lets the worker go without waiting for it. */
  drop(): void;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createLane<Request, Reply>(options: LaneOptions<Request, Reply>): Lane<Request, Reply> {
  const { spawn, crashed, graceMs = CANCEL_GRACE_MS } = options;
  const runsPerWorker = Math.max(1, options.runsPerWorker ?? LANE_RUNS_PER_WORKER);
  const memoryMark = options.memoryMarkBytes ?? LANE_MEMORY_MARK_MB * MB;
  let slot: Slot<Request> | null = null;
  let active: Active<Request, Reply> | null = null;
  const waiting: Job[] = [];

  const end = (ended: Slot<Request>): Promise<unknown> => {
    if (slot === ended) slot = null;
    try {
      return Promise.resolve(ended.endpoint.terminate()).catch(() => undefined);
    } catch {
      // A worker that cannot be terminated is already gone.
      return Promise.resolve();
    }
  };

  const open = (): Slot<Request> => {
    const opened = { runs: 0 } as Slot<Request>;
    opened.endpoint = spawn({
      // Events from a worker the lane has let go (a late reply, the exit that follows terminate) are ignored.
      message: (reply) => {
        if (active?.slot === opened) active.reply(reply);
      },
      crash: (reason) => {
        if (active?.slot === opened) active.crash(reason);
        else if (slot === opened) void end(opened);
      },
    });
    return opened;
  };

  const next = () => {
    if (!active) waiting.shift()?.start();
  };

  const run = <T>(task: LaneTask<Request, Reply, T>) =>
    new Promise<T>((resolve, reject) => {
      const { signal } = task;
      if (signal?.aborted) return reject(new CancelledError());
      let answered = false;
      const answer = (settle: () => void) => {
        if (answered) return;
        answered = true;
        signal?.removeEventListener('abort', onAbort);
        settle();
      };
      /** Set once the request is on a worker: asks that worker to stop. */
      let stop: (() => void) | null = null;
      const onAbort = () => {
        answer(() => reject(new CancelledError()));
        if (stop) stop();
        else if (waiting.includes(job)) waiting.splice(waiting.indexOf(job), 1);
      };
      const job: Job = {
        drop: () => answer(() => reject(new CancelledError())),
        start() {
          let current: Slot<Request>;
          try {
            current = slot ??= open();
          } catch (error) {
            answer(() => reject(crashed(reasonOf(error))));
            return next();
          }
          current.runs++;
          let graceTimer: ReturnType<typeof setTimeout> | undefined;
          /** The worker is done with this request; `replace` ends it, and the next request gets a fresh one. */
          const free = (replace: boolean) => {
            clearTimeout(graceTimer);
            if (active === held) active = null;
            if (replace) void end(current);
            next();
          };
          const held: Active<Request, Reply> = {
            slot: current,
            reply(reply) {
              const outcome = task.read(reply);
              if (!outcome) return;
              answer(() => {
                if (outcome.kind === 'done') resolve(outcome.value);
                else reject(outcome.kind === 'failed' ? outcome.error : new CancelledError());
              });
              free(current.runs >= runsPerWorker || (outcome.memory ?? 0) > memoryMark);
            },
            crash(reason) {
              answer(() => reject(crashed(reason)));
              free(true);
            },
            drop() {
              job.drop();
              clearTimeout(graceTimer);
              if (active === held) active = null;
            },
          };
          active = held;
          stop = () => {
            try {
              current.endpoint.post(task.cancel);
            } catch {
              // A worker that cannot be told to stop is terminated when the grace period ends.
            }
            graceTimer = setTimeout(() => free(true), graceMs);
          };
          try {
            current.endpoint.post(task.request, task.transfer);
          } catch (error) {
            // A request that cannot be sent (one that cannot be cloned) fails as a crash would, and takes its worker with it.
            held.crash(reasonOf(error));
          }
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(job);
      next();
    });

  return {
    run,
    warm() {
      try {
        slot ??= open();
      } catch {
        // A worker that cannot start now is tried again, and reported, by the first request.
      }
    },
    async close() {
      const held = active;
      const current = slot;
      for (const job of waiting.splice(0)) job.drop();
      // The request under way is answered as cancelled, not crashed: nothing went wrong with its file.
      held?.drop();
      if (current) await end(current);
    },
  };
}
