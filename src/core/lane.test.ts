import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CANCEL_GRACE_MS, createLane, LANE_RUNS_PER_WORKER, MB, type EndpointEvents, type LaneOptions, type LaneTask } from './lane';
import { createLane as createPoolLane } from '../cli/pool';
import { crashMessage } from './run-shape';

type Request = { kind: 'run'; n: number } | { kind: 'cancel'; n: number };
type Reply = { kind: 'progress'; n: number } | { kind: 'done'; n: number; memory?: number } | { kind: 'cancelled'; n: number } | { kind: 'error'; n: number; memory?: number };

/** A stand-in for a worker: the test says what it replies and reads what was posted to it. */
class FakeEndpoint {
  posted: Request[] = [];
  terminations = 0;
  constructor(readonly events: EndpointEvents<Reply>) {}
  post(message: Request) {
    this.posted.push(message);
  }
  terminate() {
    this.terminations++;
  }
  get runs() {
    return this.posted.filter((m) => m.kind === 'run').map((m) => m.n);
  }
  say(reply: Reply) {
    this.events.message(reply);
  }
}

/** A fake host: counts the workers it spawns and how often each is terminated. */
function host(options: Partial<LaneOptions<Request, Reply>> = {}) {
  const spawned: FakeEndpoint[] = [];
  const lane = createLane<Request, Reply>({
    spawn: (events) => {
      const endpoint = new FakeEndpoint(events);
      spawned.push(endpoint);
      return endpoint;
    },
    crashed: (reason) => new Error(`crashed: ${reason}`),
    ...options,
  });
  const run = (n: number, signal?: AbortSignal) => {
    const task: LaneTask<Request, Reply, number> = {
      request: { kind: 'run', n },
      cancel: { kind: 'cancel', n },
      signal,
      read: (reply) => {
        if (reply.n !== n || reply.kind === 'progress') return undefined;
        if (reply.kind === 'done') return { kind: 'done', value: n, memory: reply.memory };
        if (reply.kind === 'cancelled') return { kind: 'cancelled' };
        return { kind: 'failed', error: new Error(`failed ${n}`), memory: reply.memory };
      },
    };
    return lane.run(task);
  };
  return {
    lane,
    spawned,
    run,
    get last() {
      return spawned.at(-1)!;
    },
    get terminations() {
      return spawned.reduce((sum, e) => sum + e.terminations, 0);
    },
  };
}

/** Lets the lane's promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('a lane', () => {
  it('spawns its worker on the first run and keeps it for the next', async () => {
    const h = host();
    expect(h.spawned).toHaveLength(0);
    const first = h.run(1);
    h.last.say({ kind: 'progress', n: 1 });
    h.last.say({ kind: 'done', n: 1 });
    await expect(first).resolves.toBe(1);
    const second = h.run(2);
    h.last.say({ kind: 'done', n: 2 });
    await expect(second).resolves.toBe(2);
    expect(h.spawned).toHaveLength(1);
    expect(h.last.runs).toEqual([1, 2]);
    expect(h.terminations).toBe(0);
  });

  it('warm() spawns the worker ahead of the first run, which then runs on it; closing a warmed lane ends it', async () => {
    const h = host();
    h.lane.warm();
    h.lane.warm();
    expect(h.spawned).toHaveLength(1);
    expect(h.last.runs).toEqual([]);
    const first = h.run(1);
    h.last.say({ kind: 'done', n: 1 });
    await expect(first).resolves.toBe(1);
    expect(h.spawned).toHaveLength(1);
    expect(h.last.runs).toEqual([1]);
    const idle = host();
    idle.lane.warm();
    await idle.lane.close();
    expect(idle.terminations).toBe(1);
  });

  it(`replaces its worker after runsPerWorker runs (${LANE_RUNS_PER_WORKER} unless told)`, async () => {
    for (const [options, perWorker] of [
      [{ runsPerWorker: 3 }, 3],
      [{}, LANE_RUNS_PER_WORKER],
    ] as const) {
      const h = host(options);
      const runs = perWorker * 2 + 1;
      for (let n = 0; n < runs; n++) {
        const run = h.run(n);
        h.last.say({ kind: 'done', n });
        await run;
      }
      expect(h.spawned).toHaveLength(3);
      expect(h.spawned.map((e) => e.runs.length)).toEqual([perWorker, perWorker, 1]);
      expect(h.spawned.map((e) => e.terminations)).toEqual([1, 1, 0]);
    }
  });

  it('a failed run counts as a run and keeps the worker, which is only replaced for the count or its memory', async () => {
    const h = host({ runsPerWorker: 2 });
    const first = h.run(1);
    h.last.say({ kind: 'error', n: 1 });
    await expect(first).rejects.toThrow('failed 1');
    expect(h.last.terminations).toBe(0);
    const second = h.run(2);
    h.last.say({ kind: 'done', n: 2 });
    await second;
    expect(h.spawned).toHaveLength(1);
    expect(h.last.terminations).toBe(1);
  });

  it('replaces its worker as soon as the memory it reports passes the mark', async () => {
    const h = host({ memoryMarkBytes: 100 * MB });
    const reports = [10 * MB, 100 * MB, 101 * MB, 5 * MB];
    for (const [n, memory] of reports.entries()) {
      const run = h.run(n);
      h.last.say({ kind: 'done', n, memory });
      await run;
    }
    // 100 MiB is at the mark, not past it; 101 MiB ends the first worker after its third run.
    expect(h.spawned.map((e) => e.runs)).toEqual([[0, 1, 2], [3]]);
    expect(h.spawned.map((e) => e.terminations)).toEqual([1, 0]);
  });

  it('counts the memory a failed run reports too', async () => {
    const h = host({ memoryMarkBytes: MB });
    const run = h.run(1);
    h.last.say({ kind: 'error', n: 1, memory: 2 * MB });
    await expect(run).rejects.toThrow('failed 1');
    expect(h.last.terminations).toBe(1);
  });

  it('a crash fails only the request it was running; the next request runs on a fresh worker', async () => {
    const h = host();
    const first = h.run(1);
    h.last.say({ kind: 'done', n: 1 });
    await first;
    const crashing = h.run(2);
    const waiting = h.run(3);
    const crashed = h.last;
    crashed.events.crash('out of memory');
    await expect(crashing).rejects.toThrow('crashed: out of memory');
    expect(crashed.terminations).toBe(1);
    expect(h.spawned).toHaveLength(2);
    expect(h.last.runs).toEqual([3]);
    h.last.say({ kind: 'done', n: 3 });
    await expect(waiting).resolves.toBe(3);
    // The exit that follows the crash, and anything else the dead worker says, change nothing.
    crashed.events.crash('exited');
    crashed.say({ kind: 'done', n: 3 });
    expect(crashed.terminations).toBe(1);
    const after = h.run(4);
    expect(h.spawned).toHaveLength(2);
    h.last.say({ kind: 'done', n: 4 });
    await expect(after).resolves.toBe(4);
  });

  it('replaces a worker that dies while idle', async () => {
    const h = host();
    const first = h.run(1);
    h.last.say({ kind: 'done', n: 1 });
    await first;
    h.last.events.crash('exited');
    expect(h.last.terminations).toBe(1);
    void h.run(2);
    expect(h.spawned).toHaveLength(2);
    expect(h.last.runs).toEqual([2]);
  });

  it('answers with the crash error when its worker cannot be spawned, and tries again for the next request', async () => {
    let attempts = 0;
    const spawned: FakeEndpoint[] = [];
    const lane = createLane<Request, Reply>({
      spawn: (events) => {
        if (attempts++ === 0) throw new Error('no workers here');
        const endpoint = new FakeEndpoint(events);
        spawned.push(endpoint);
        return endpoint;
      },
      crashed: (reason) => new Error(`crashed: ${reason}`),
    });
    const task = (n: number): LaneTask<Request, Reply, number> => ({
      request: { kind: 'run', n },
      cancel: { kind: 'cancel', n },
      read: (reply) => (reply.kind === 'done' ? { kind: 'done', value: reply.n } : undefined),
    });
    await expect(lane.run(task(1))).rejects.toThrow('crashed: no workers here');
    const second = lane.run(task(2));
    spawned[0].say({ kind: 'done', n: 2 });
    await expect(second).resolves.toBe(2);
  });

  it('never runs two requests at once: the next is posted when the first has ended', async () => {
    const h = host();
    const runs = [h.run(1), h.run(2), h.run(3)];
    expect(h.spawned).toHaveLength(1);
    expect(h.last.runs).toEqual([1]);
    h.last.say({ kind: 'done', n: 1 });
    expect(h.last.runs).toEqual([1, 2]);
    h.last.say({ kind: 'error', n: 2 });
    expect(h.last.runs).toEqual([1, 2, 3]);
    h.last.say({ kind: 'done', n: 3 });
    await expect(Promise.allSettled(runs)).resolves.toMatchObject([{ value: 1 }, { reason: { message: 'failed 2' } }, { value: 3 }]);
  });

  it('a waiting request that is aborted is answered at once and never posted', async () => {
    const h = host();
    const first = h.run(1);
    const controller = new AbortController();
    const second = h.run(2, controller.signal);
    const third = h.run(3);
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'CancelledError' });
    h.last.say({ kind: 'done', n: 1 });
    await first;
    expect(h.last.runs).toEqual([1, 3]);
    h.last.say({ kind: 'done', n: 3 });
    await third;
    expect(h.last.posted.some((m) => m.n === 2)).toBe(false);
  });

  it('a request whose signal is already aborted is answered at once, with no worker spawned', async () => {
    const h = host();
    await expect(h.run(1, AbortSignal.abort())).rejects.toMatchObject({ name: 'CancelledError' });
    expect(h.spawned).toHaveLength(0);
  });

  it('on abort answers at once, asks the worker to stop, and terminates it when the grace period passes unanswered', async () => {
    vi.useFakeTimers();
    const h = host();
    const controller = new AbortController();
    const run = h.run(1, controller.signal);
    const next = h.run(2);
    const worker = h.last;
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'CancelledError' });
    expect(worker.posted.at(-1)).toEqual({ kind: 'cancel', n: 1 });
    // The next request waits for the worker to stop: a lane holds one request's memory at a time.
    expect(worker.runs).toEqual([1]);
    vi.advanceTimersByTime(CANCEL_GRACE_MS - 1);
    expect(worker.terminations).toBe(0);
    vi.advanceTimersByTime(1);
    expect(worker.terminations).toBe(1);
    expect(h.spawned).toHaveLength(2);
    expect(h.last.runs).toEqual([2]);
    // What the terminated worker says late goes nowhere.
    worker.say({ kind: 'cancelled', n: 1 });
    h.last.say({ kind: 'done', n: 2 });
    await expect(next).resolves.toBe(2);
    expect(worker.terminations).toBe(1);
  });

  it('keeps a worker that stops within the grace period, and gives it the next request', async () => {
    vi.useFakeTimers();
    const h = host();
    const controller = new AbortController();
    const run = h.run(1, controller.signal);
    const next = h.run(2);
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'CancelledError' });
    vi.advanceTimersByTime(CANCEL_GRACE_MS / 2);
    h.last.say({ kind: 'cancelled', n: 1 });
    expect(h.last.runs).toEqual([1, 2]);
    vi.advanceTimersByTime(CANCEL_GRACE_MS * 2);
    expect(h.terminations).toBe(0);
    h.last.say({ kind: 'done', n: 2 });
    await expect(next).resolves.toBe(2);
    expect(h.spawned).toHaveLength(1);
  });

  it('a worker that finishes as it is cancelled counts as stopped; the aborted request stays cancelled', async () => {
    vi.useFakeTimers();
    const h = host();
    const controller = new AbortController();
    const run = h.run(1, controller.signal);
    controller.abort();
    h.last.say({ kind: 'done', n: 1 });
    await expect(run).rejects.toMatchObject({ name: 'CancelledError' });
    vi.advanceTimersByTime(CANCEL_GRACE_MS * 2);
    expect(h.terminations).toBe(0);
  });

  it('with a grace period of its own', async () => {
    vi.useFakeTimers();
    const h = host({ graceMs: 10 });
    const controller = new AbortController();
    const run = h.run(1, controller.signal);
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'CancelledError' });
    vi.advanceTimersByTime(10);
    expect(h.terminations).toBe(1);
  });

  it('runsPerWorker 1 ends each worker with its run, however it ends', async () => {
    vi.useFakeTimers();
    const h = host({ runsPerWorker: 1 });
    const done = h.run(1);
    h.last.say({ kind: 'done', n: 1 });
    await done;
    const failed = h.run(2);
    h.last.say({ kind: 'error', n: 2 });
    await expect(failed).rejects.toThrow();
    const controller = new AbortController();
    const cancelled = h.run(3, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'CancelledError' });
    h.last.say({ kind: 'cancelled', n: 3 });
    expect(h.spawned.map((e) => [e.runs, e.terminations])).toEqual([
      [[1], 1],
      [[2], 1],
      [[3], 1],
    ]);
  });

  it('close ends the worker, answers the request under way and those waiting as cancelled, and a later run starts afresh', async () => {
    vi.useFakeTimers();
    const h = host();
    const controller = new AbortController();
    const aborted = h.run(0, controller.signal);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'CancelledError' });
    const running = h.run(1);
    const waiting = h.run(2);
    await h.lane.close();
    await expect(running).rejects.toMatchObject({ name: 'CancelledError' });
    await expect(waiting).rejects.toMatchObject({ name: 'CancelledError' });
    expect(h.last.terminations).toBe(1);
    // The cancelled run's grace timer went with the lane.
    vi.advanceTimersByTime(CANCEL_GRACE_MS);
    expect(h.last.terminations).toBe(1);
    expect(h.last.runs).toEqual([0]);
    const later = h.run(3);
    expect(h.spawned).toHaveLength(2);
    h.last.say({ kind: 'done', n: 3 });
    await expect(later).resolves.toBe(3);
  });

  it('relays replies that do not end a request without ending it', async () => {
    const h = host();
    const run = h.run(1);
    h.last.say({ kind: 'progress', n: 1 });
    h.last.say({ kind: 'done', n: 99 });
    await settle();
    let ended = false;
    void run.then(() => (ended = true));
    await settle();
    expect(ended).toBe(false);
    h.last.say({ kind: 'done', n: 1 });
    await expect(run).resolves.toBe(1);
  });
});

/**
 * The command's lane (cli/pool.ts) over real worker_threads, with a worker
 * that speaks the command's protocol: it answers with its thread id, crashes,
 * reports memory, or waits for cancel, as the request's tool says.
 */
describe('the command lane over worker_threads', () => {
  let dir: string;
  let workerUrl: URL;
  const WORKER = `
import { parentPort, threadId } from 'node:worker_threads';
const hold = [];
const running = new Map();
parentPort.postMessage({ kind: 'ready' });
parentPort.on('message', (request) => {
  if (request.kind === 'cancel') {
    const stop = running.get(request.id);
    if (stop) stop();
    return;
  }
  const tool = request.steps[0].tool;
  const done = (memory) =>
    parentPort.postMessage({ kind: 'done', id: request.id, results: [{ name: String(threadId), bytes: new Uint8Array([1]) }], failures: [], notices: [], memory });
  if (tool === 'echo') return done(process.memoryUsage().heapUsed + process.memoryUsage().external);
  if (tool === 'hog') {
    hold.push(new Uint8Array(64 * 1024 * 1024).fill(1));
    return done(process.memoryUsage().heapUsed + process.memoryUsage().external);
  }
  if (tool === 'crash') throw new Error('engine crashed');
  if (tool === 'exit') process.exit(3);
  if (tool === 'stoppable') return running.set(request.id, () => parentPort.postMessage({ kind: 'error', id: request.id, message: 'Cancelled' }));
  if (tool === 'stuck') return;
  parentPort.postMessage({ kind: 'error', id: request.id, message: 'No tool named ' + tool });
});
`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'filedesk-lane-'));
    const path = join(dir, 'worker.mjs');
    writeFileSync(path, WORKER);
    workerUrl = pathToFileURL(path);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ask = (tool: string) => ({ steps: [{ tool, options: {} }], files: [], workflow: false });
  const thread = async (reply: Promise<{ results: { name: string }[] }>) => Number((await reply).results[0].name);

  it('replaces its worker thread after runsPerWorker runs', async () => {
    const lane = createPoolLane(workerUrl, { verbose: false, runsPerWorker: 2 });
    try {
      const threads: number[] = [];
      for (let i = 0; i < 5; i++) threads.push(await thread(lane.run(ask('echo'))));
      expect(threads[1]).toBe(threads[0]);
      expect(threads[2]).not.toBe(threads[0]);
      expect(threads[3]).toBe(threads[2]);
      expect(threads[4]).not.toBe(threads[2]);
      expect(new Set(threads).size).toBe(3);
    } finally {
      await lane.close();
    }
  });

  it('replaces its worker thread once the memory it reports passes the mark', async () => {
    const lane = createPoolLane(workerUrl, { verbose: false, memoryMarkMb: 100 });
    try {
      const first = await thread(lane.run(ask('echo')));
      expect(await thread(lane.run(ask('echo')))).toBe(first);
      expect(await thread(lane.run(ask('hog')))).toBe(first);
      // 64 MiB held: still under the mark.
      const second = await thread(lane.run(ask('hog')));
      expect(second).toBe(first);
      // 128 MiB held, reported after that run: the next request gets a fresh thread.
      const fresh = await thread(lane.run(ask('echo')));
      expect(fresh).not.toBe(first);
      expect(await thread(lane.run(ask('echo')))).toBe(fresh);
    } finally {
      await lane.close();
    }
  });

  it('sets its memory mark under the heap limit it gives its threads', async () => {
    // A mark of three quarters of 160 MiB: the second 64 MiB held passes it.
    const lane = createPoolLane(workerUrl, { verbose: false, maxOldGenerationSizeMb: 160 });
    try {
      const first = await thread(lane.run(ask('hog')));
      expect(await thread(lane.run(ask('hog')))).toBe(first);
      expect(await thread(lane.run(ask('echo')))).not.toBe(first);
    } finally {
      await lane.close();
    }
  });

  it('survives a crash and an exit: only that request fails, and the next runs on a fresh thread', async () => {
    const lane = createPoolLane(workerUrl, { verbose: false });
    try {
      const first = await thread(lane.run(ask('echo')));
      await expect(lane.run(ask('crash'))).rejects.toThrow(crashMessage());
      const second = await thread(lane.run(ask('echo')));
      expect(second).not.toBe(first);
      await expect(lane.run(ask('exit'))).rejects.toThrow(crashMessage());
      const third = await thread(lane.run(ask('echo')));
      expect(third).not.toBe(second);
      await expect(lane.run(ask('nothing'))).rejects.toThrow('No tool named nothing');
      expect(await thread(lane.run(ask('echo')))).toBe(third);
    } finally {
      await lane.close();
    }
  });

  it('cancels: answers at once, and keeps a thread that stops when asked', async () => {
    const lane = createPoolLane(workerUrl, { verbose: false });
    try {
      const first = await thread(lane.run(ask('echo')));
      const controller = new AbortController();
      const run = lane.run(ask('stoppable'), controller.signal);
      const next = thread(lane.run(ask('echo')));
      controller.abort();
      await expect(run).rejects.toMatchObject({ name: 'CancelledError' });
      expect(await next).toBe(first);
    } finally {
      await lane.close();
    }
  });

  it('cancels: terminates a thread that does not stop within the grace period', async () => {
    const lane = createPoolLane(workerUrl, { verbose: false });
    try {
      const first = await thread(lane.run(ask('echo')));
      const controller = new AbortController();
      const run = lane.run(ask('stuck'), controller.signal);
      const started = performance.now();
      const next = thread(lane.run(ask('echo')));
      controller.abort();
      await expect(run).rejects.toMatchObject({ name: 'CancelledError' });
      expect(performance.now() - started).toBeLessThan(CANCEL_GRACE_MS / 2);
      expect(await next).not.toBe(first);
      expect(performance.now() - started).toBeGreaterThanOrEqual(CANCEL_GRACE_MS - 50);
    } finally {
      await lane.close();
    }
  });
});
