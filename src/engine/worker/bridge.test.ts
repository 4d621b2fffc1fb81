import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_GRACE_MS, runInWorker, workerLane } from './bridge';
import { crashMessage } from '../../core/run-shape';
import type { WorkerMessage } from './protocol';

/** A stand-in for the module worker: the test decides what it says and records what happens to it. */
class FakeWorker {
  static last: FakeWorker;
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor(
    public url: URL,
    public options: WorkerOptions,
  ) {
    FakeWorker.last = this;
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  say(message: WorkerMessage) {
    this.onmessage?.({ data: message } as MessageEvent<WorkerMessage>);
  }
}

vi.stubGlobal('Worker', FakeWorker);
afterEach(() => vi.restoreAllMocks());

const start = (signal = new AbortController().signal, onProgress = vi.fn()) =>
  runInWorker('merge-pdf', [new File(['x'], 'a.pdf')], { level: 'high' }, signal, onProgress);

describe('runInWorker', () => {
  it('starts a module worker, sends the request, relays progress and resolves with the outputs', async () => {
    const onProgress = vi.fn();
    const promise = start(undefined, onProgress);
    const worker = FakeWorker.last;
    expect(worker.options.type).toBe('module');
    expect(worker.posted).toEqual([{ kind: 'run', processor: 'merge-pdf', files: [expect.any(File)], options: { level: 'high' }, each: false, locale: 'en' }]);
    worker.say({ kind: 'progress', done: 1, total: 2 });
    expect(onProgress).toHaveBeenCalledWith(1, 2);
    const outputs = [{ bytes: new Uint8Array([1, 2]), type: 'application/pdf' }];
    const failures = [{ name: 'b.pdf', message: 'The file b.pdf is damaged.' }];
    worker.say({ kind: 'done', outputs, failures });
    await expect(promise).resolves.toEqual({ outputs, failures });
    expect(worker.terminated).toBe(true);
  });

  it("rejects with the processor's own message and link for a ToolError", async () => {
    const promise = start();
    const link = { href: '/tools/unlock-pdf', label: 'Open Unlock PDF' };
    FakeWorker.last.say({ kind: 'error', toolError: true, message: 'The password is incorrect.', link });
    await expect(promise).rejects.toMatchObject({ name: 'ToolError', message: 'The password is incorrect.', link });
    expect(FakeWorker.last.terminated).toBe(true);
  });

  it('replaces an unexpected error with the generic message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const promise = start();
    FakeWorker.last.say({ kind: 'error', toolError: false, message: 'TypeError: x is undefined' });
    await expect(promise).rejects.toMatchObject({ name: 'ToolError', message: crashMessage() });
  });

  it('rejects with the generic message when the worker crashes, and terminates it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const promise = start();
    FakeWorker.last.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
    await expect(promise).rejects.toMatchObject({ message: crashMessage() });
    expect(FakeWorker.last.terminated).toBe(true);
  });

  it('on abort rejects as cancelled at once, asks the processor to stop, and ends the worker when it stops', async () => {
    const controller = new AbortController();
    const promise = start(controller.signal);
    const worker = FakeWorker.last;
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'CancelledError' });
    expect(worker.posted.at(-1)).toEqual({ kind: 'cancel' });
    expect(worker.terminated).toBe(false);
    worker.say({ kind: 'cancelled' });
    expect(worker.terminated).toBe(true);
  });

  it('terminates a cancelled worker that does not stop within the grace period', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const promise = start(controller.signal);
      const worker = FakeWorker.last;
      controller.abort();
      await expect(promise).rejects.toMatchObject({ name: 'CancelledError' });
      vi.advanceTimersByTime(CANCEL_GRACE_MS - 1);
      expect(worker.terminated).toBe(false);
      vi.advanceTimersByTime(1);
      expect(worker.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a lane keeps its worker from one run to the next, and replaces one that crashed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lane = workerLane('batch');
    const signal = new AbortController().signal;
    const first = lane.run('merge-pdf', [], {}, signal, vi.fn(), true);
    const worker = FakeWorker.last;
    worker.say({ kind: 'done', outputs: [], failures: [] });
    await first;
    const second = lane.run('merge-pdf', [], {}, signal, vi.fn(), true);
    expect(FakeWorker.last).toBe(worker);
    expect(worker.posted).toHaveLength(2);
    worker.onerror?.({ message: 'out of memory', preventDefault() {} } as ErrorEvent);
    await expect(second).rejects.toMatchObject({ message: crashMessage() });
    expect(worker.terminated).toBe(true);
    const third = lane.run('merge-pdf', [], {}, signal, vi.fn(), true);
    expect(FakeWorker.last).not.toBe(worker);
    FakeWorker.last.say({ kind: 'done', outputs: [], failures: [] });
    await third;
    lane.close();
    expect(FakeWorker.last.terminated).toBe(true);
  });

  it("a batch's lane tells its worker how many lanes share the cores; a lone run says nothing", async () => {
    const lane = workerLane('batch', { lanes: 3 });
    const run = lane.run('merge-pdf', [], {}, new AbortController().signal, vi.fn(), true);
    const worker = FakeWorker.last;
    expect(worker.posted).toEqual([expect.objectContaining({ kind: 'run', processor: 'merge-pdf', lanes: 3 })]);
    worker.say({ kind: 'done', outputs: [], failures: [] });
    await run;
    lane.close();
    const alone = workerLane('page');
    const pending = alone.run('merge-pdf', [], {}, new AbortController().signal, vi.fn(), true).catch(() => undefined);
    expect(FakeWorker.last.posted[0]).not.toHaveProperty('lanes');
    FakeWorker.last.say({ kind: 'done', outputs: [], failures: [] });
    await pending;
    alone.close();
  });

  it('a lane replaces its worker after runsPerWorker runs, so a long batch starts again from fresh memory', async () => {
    const lane = workerLane('batch', { runsPerWorker: 2 });
    const signal = new AbortController().signal;
    const workers = [];
    for (let i = 0; i < 5; i++) {
      const run = lane.run('merge-pdf', [], {}, signal, vi.fn(), true);
      workers.push(FakeWorker.last);
      FakeWorker.last.say({ kind: 'done', outputs: [], failures: [] });
      await run;
    }
    expect(workers[1]).toBe(workers[0]);
    expect(workers[0].terminated).toBe(true);
    expect(workers[2]).not.toBe(workers[0]);
    expect(workers[3]).toBe(workers[2]);
    expect(workers[4]).not.toBe(workers[2]);
    expect(workers[4].terminated).toBe(false);
    lane.close();
  });

  it('a lane replaces its worker once the heap it reports after a run passes memoryMarkMb', async () => {
    const lane = workerLane('batch', { memoryMarkMb: 100 });
    const signal = new AbortController().signal;
    const workers = [];
    for (const memory of [50 * 1024 * 1024, 150 * 1024 * 1024, undefined, undefined]) {
      const run = lane.run('merge-pdf', [], {}, signal, vi.fn(), true);
      workers.push(FakeWorker.last);
      FakeWorker.last.say({ kind: 'done', outputs: [], failures: [], memory });
      await expect(run).resolves.toEqual({ outputs: [], failures: [] });
    }
    expect(workers[1]).toBe(workers[0]);
    expect(workers[0].terminated).toBe(true);
    expect(workers[2]).not.toBe(workers[0]);
    // A worker that reports no figure is replaced by its run count alone.
    expect(workers[3]).toBe(workers[2]);
    expect(workers[2].terminated).toBe(false);
    lane.close();
  });

  it('a lane runs one request at a time: the next is sent when the first is over', async () => {
    const lane = workerLane('batch');
    const signal = new AbortController().signal;
    const first = lane.run('merge-pdf', [], {}, signal, vi.fn(), true);
    const second = lane.run('merge-pdf', [], { n: 2 }, signal, vi.fn(), true);
    const worker = FakeWorker.last;
    expect(worker.posted).toHaveLength(1);
    worker.say({ kind: 'done', outputs: [], failures: [] });
    await first;
    expect(worker.posted).toHaveLength(2);
    expect(worker.posted[1]).toMatchObject({ options: { n: 2 } });
    worker.say({ kind: 'done', outputs: [], failures: [] });
    await second;
    lane.close();
  });
});
