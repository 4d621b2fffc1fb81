import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError } from '../errors';
import { mapOcrPages } from './page-loop';

afterEach(() => vi.unstubAllGlobals());

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** A document of `count` pages; each page records its cleanup. */
function fakeDoc(count: number) {
  const cleaned: number[] = [];
  return {
    cleaned,
    doc: {
      numPages: count,
      getPage: async (n: number) => ({ n, cleanup: () => void cleaned.push(n) }),
    },
  };
}

function context(signal = new AbortController().signal) {
  const progress: [number, number][] = [];
  return { progress, ctx: { signal, onProgress: (done: number, total: number) => void progress.push([done, total]) } };
}

describe('mapOcrPages', () => {
  it('keeps page order when later pages finish first, and visits N pages at once', async () => {
    const { doc, cleaned } = fakeDoc(4);
    const { ctx, progress } = context();
    let running = 0;
    let most = 0;
    const out = await mapOcrPages(
      doc,
      ctx,
      async (page, index, ocr) => {
        most = Math.max(most, ++running);
        ocr.onProgress(50, 100);
        // Page 1 takes longest, page 4 the least.
        await tick(40 - index * 10);
        running--;
        return `page ${page.n}`;
      },
      4,
    );
    expect(out).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
    expect(most).toBe(4);
    expect(cleaned.sort()).toEqual([1, 2, 3, 4]);
    // Progress never goes back and ends at every page whole.
    const dones = progress.map(([d]) => d);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual([400, 400]);
    expect(progress).toContainEqual([200, 400]);
  });

  it('with one at a time visits the pages in turn', async () => {
    const { doc } = fakeDoc(3);
    const { ctx, progress } = context();
    const order: string[] = [];
    await mapOcrPages(
      doc,
      ctx,
      async (_page, index, ocr) => {
        order.push(`start ${index}`);
        ocr.onProgress(1, 2);
        await tick();
        order.push(`end ${index}`);
      },
      1,
    );
    expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(progress).toEqual([[0, 300], [50, 300], [100, 300], [150, 300], [200, 300], [250, 300], [300, 300]]);
  });

  it('on cancel stops the pages under way, starts no other and throws CancelledError', async () => {
    const { doc, cleaned } = fakeDoc(6);
    const cancel = new AbortController();
    const { ctx } = context(cancel.signal);
    const started: number[] = [];
    const stoppedBySignal: number[] = [];
    const run = mapOcrPages(
      doc,
      ctx,
      (_page, index, ocr) =>
        new Promise((_resolve, reject) => {
          started.push(index);
          ocr.signal.addEventListener('abort', () => {
            stoppedBySignal.push(index);
            reject(new CancelledError());
          });
        }),
      2,
    );
    await tick();
    cancel.abort();
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(started).toEqual([0, 1]);
    expect(stoppedBySignal.sort()).toEqual([0, 1]);
    expect(cleaned.sort()).toEqual([1, 2]);
  });

  it('stops at the first failing page and throws its error', async () => {
    const { doc } = fakeDoc(5);
    const { ctx } = context();
    const started: number[] = [];
    const run = mapOcrPages(
      doc,
      ctx,
      async (_page, index) => {
        started.push(index);
        await tick(5);
        if (index === 1) throw new Error('page 2 is damaged');
        await tick(20);
      },
      2,
    );
    await expect(run).rejects.toThrow('page 2 is damaged');
    expect(started).toEqual([0, 1]);
  });

  it('by default visits as many pages at once as the page may use workers, at most the pages', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    const most = async (pages: number) => {
      let running = 0;
      let peak = 0;
      await mapOcrPages(fakeDoc(pages).doc, context().ctx, async () => {
        peak = Math.max(peak, ++running);
        await tick(5);
        running--;
      });
      return peak;
    };
    vi.stubGlobal('crossOriginIsolated', true);
    expect(await most(6)).toBe(4);
    expect(await most(2)).toBe(2);
    vi.stubGlobal('crossOriginIsolated', false);
    expect(await most(6)).toBe(1);
  });
});
