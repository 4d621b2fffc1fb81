/**
 * A small pool of engines (tesseract.js workers) shared by the pages of a
 * run: a job waits for an idle engine, or starts a new one while the pool
 * has fewer than its size. Engines are started only when a job needs one, so
 * a one-page document starts one, and they are kept for later jobs.
 *
 * A cancelled job that waits is dropped; one that runs has its engine
 * stopped (its work would be thrown away) and the pool starts another when
 * a job next needs it.
 */
import { CancelledError } from '../errors';

export interface EnginePoolOptions<E> {
  /** Most engines alive at once (at least 1). */
  size: number;
  create(): Promise<E>;
  destroy(engine: E): Promise<void> | void;
}

interface Waiter<E> {
  grant(engine: E): void;
  fail(error: unknown): void;
}

export class EnginePool<E> {
  readonly size: number;
  /** Engines started so far, stopped ones included (for tests and benchmarks). */
  created = 0;
  private readonly options: EnginePoolOptions<E>;
  private readonly idle: E[] = [];
  private readonly waiting: Waiter<E>[] = [];
  /** Engines alive or starting. */
  private alive = 0;
  private starting = 0;
  private closed = false;

  constructor(options: EnginePoolOptions<E>) {
    this.options = options;
    this.size = Math.max(1, Math.floor(options.size));
  }

  /** Runs `job` on an engine of the pool; rejects with CancelledError when `signal` aborts first. */
  async run<T>(job: (engine: E) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const engine = await this.acquire(signal);
    let stopped = false;
    try {
      return await new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          stopped = true;
          this.discard(engine);
          reject(new CancelledError());
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        job(engine)
          .then(resolve, reject)
          .finally(() => signal?.removeEventListener('abort', onAbort));
      });
    } finally {
      if (!stopped) this.release(engine);
    }
  }

  /** Stops every engine; jobs still waiting are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.fail(new CancelledError());
    const idle = this.idle.splice(0);
    this.alive -= idle.length;
    await Promise.all(idle.map((engine) => this.options.destroy(engine)));
  }

  private acquire(signal?: AbortSignal): Promise<E> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    if (this.closed) return Promise.reject(new Error('The OCR engine pool is closed'));
    return new Promise<E>((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new CancelledError());
      };
      const waiter: Waiter<E> = {
        grant: (engine) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(engine);
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.pump();
    });
  }

  /** Gives idle engines to waiting jobs, and starts engines for the jobs left while the pool has room. */
  private pump(): void {
    while (this.waiting.length > 0 && this.idle.length > 0) this.waiting.shift()!.grant(this.idle.pop()!);
    while (this.starting < this.waiting.length && this.alive < this.size) {
      this.alive++;
      this.starting++;
      this.created++;
      this.options.create().then(
        (engine) => {
          this.starting--;
          if (this.closed) return this.discard(engine);
          this.idle.push(engine);
          this.pump();
        },
        (error: unknown) => {
          this.starting--;
          this.alive--;
          this.waiting.shift()?.fail(error);
          this.pump();
        },
      );
    }
  }

  private release(engine: E): void {
    if (this.closed) return this.discard(engine);
    this.idle.push(engine);
    this.pump();
  }

  private discard(engine: E): void {
    this.alive--;
    void Promise.resolve(this.options.destroy(engine)).catch(() => {});
    if (!this.closed) this.pump();
  }
}
