import { describe, expect, it } from 'vitest';
import { CancelledError } from '../errors';
import { EnginePool } from './pool';

/** A promise with its resolve and reject, to finish jobs in the order a test chooses. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function fakePool(size: number) {
  let next = 0;
  const destroyed: number[] = [];
  const pool = new EnginePool<{ id: number }>({
    size,
    create: async () => ({ id: next++ }),
    destroy: (engine) => void destroyed.push(engine.id),
  });
  return { pool, destroyed };
}

describe('EnginePool', () => {
  it('starts one engine per job running at once, up to its size', async () => {
    const { pool } = fakePool(3);
    const gates = [0, 1, 2, 3, 4].map(() => deferred());
    let running = 0;
    let most = 0;
    const jobs = gates.map((gate) =>
      pool.run(async (engine) => {
        most = Math.max(most, ++running);
        await gate.promise;
        running--;
        return engine.id;
      }),
    );
    await tick();
    expect(pool.created).toBe(3);
    expect(running).toBe(3);
    gates.forEach((g) => g.resolve());
    const ids = await Promise.all(jobs);
    expect(most).toBe(3);
    expect(pool.created).toBe(3);
    expect(new Set(ids)).toEqual(new Set([0, 1, 2]));
  });

  it('with size 1 runs the jobs one after another on one engine', async () => {
    const { pool } = fakePool(1);
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        pool.run(async (engine) => {
          order.push(`start ${name} on ${engine.id}`);
          await tick();
          order.push(`end ${name}`);
        }),
      ),
    );
    expect(pool.created).toBe(1);
    expect(order).toEqual(['start a on 0', 'end a', 'start b on 0', 'end b', 'start c on 0', 'end c']);
  });

  it('starts only the engines its jobs need', async () => {
    const { pool } = fakePool(8);
    await pool.run(async () => {});
    await pool.run(async () => {});
    expect(pool.created).toBe(1);
  });

  it('on cancel drops the waiting jobs and stops the engine of the running one', async () => {
    const { pool, destroyed } = fakePool(1);
    const cancel = new AbortController();
    const started: string[] = [];
    const never = deferred();
    const first = pool.run(async () => {
      started.push('first');
      await never.promise;
    }, cancel.signal);
    const second = pool.run(async () => void started.push('second'), cancel.signal);
    await tick();
    cancel.abort();
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).rejects.toBeInstanceOf(CancelledError);
    expect(started).toEqual(['first']);
    expect(destroyed).toEqual([0]);
    // The pool starts a new engine for the next run.
    expect(await pool.run(async (engine) => engine.id)).toBe(1);
  });

  it('refuses a job whose run is already cancelled without starting an engine', async () => {
    const { pool } = fakePool(2);
    const cancel = new AbortController();
    cancel.abort();
    await expect(pool.run(async () => 1, cancel.signal)).rejects.toBeInstanceOf(CancelledError);
    expect(pool.created).toBe(0);
  });

  it('passes an engine that fails to start to its job, and starts another for the next', async () => {
    let attempts = 0;
    const pool = new EnginePool<number>({
      size: 1,
      create: async () => {
        if (attempts++ === 0) throw new Error('no data');
        return attempts;
      },
      destroy: () => {},
    });
    await expect(pool.run(async (n) => n)).rejects.toThrow('no data');
    expect(await pool.run(async (n) => n)).toBe(2);
  });

  it('keeps an engine whose job failed, and close stops every engine', async () => {
    const { pool, destroyed } = fakePool(2);
    await expect(pool.run(async () => Promise.reject(new Error('bad page')))).rejects.toThrow('bad page');
    expect(await pool.run(async (engine) => engine.id)).toBe(0);
    await pool.close();
    expect(destroyed).toEqual([0]);
  });
});
