import { afterEach, describe, expect, it, vi } from 'vitest';
import { ocrWorkerCount, ocrWorkerLimit } from './threads';

afterEach(() => vi.unstubAllGlobals());

describe('ocrWorkerLimit', () => {
  it('is one worker per thread the page may use', () => {
    expect(ocrWorkerLimit(1, undefined)).toBe(1);
    expect(ocrWorkerLimit(4, undefined)).toBe(4);
  });

  it('keeps the workers within a quarter of the device memory', () => {
    // 8 GiB: a quarter holds 10 workers, so the 8 threads decide.
    expect(ocrWorkerLimit(8, 8)).toBe(8);
    // 2 GiB: a quarter (512 MiB) holds 2 workers of 200 MB.
    expect(ocrWorkerLimit(8, 2)).toBe(2);
    // Never fewer than one.
    expect(ocrWorkerLimit(8, 0.25)).toBe(1);
  });

  it('shares the quarter of memory between the lanes of a batch', () => {
    // 8 GiB: 10 workers in all, so 2 each for 4 lanes, however many threads each lane has.
    expect(ocrWorkerLimit(8, 8, 4)).toBe(2);
    expect(ocrWorkerLimit(2, 8, 4)).toBe(2);
    expect(ocrWorkerLimit(8, 2, 4)).toBe(1);
  });

  it('reads the page: every core where isolated, one where not', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    vi.stubGlobal('crossOriginIsolated', true);
    expect(ocrWorkerLimit()).toBe(4);
    vi.stubGlobal('navigator', { hardwareConcurrency: 4, deviceMemory: 2 });
    expect(ocrWorkerLimit()).toBe(2);
    vi.stubGlobal('crossOriginIsolated', false);
    expect(ocrWorkerLimit()).toBe(1);
  });
});

describe('ocrWorkerCount', () => {
  it('is at most the pages, at least 1', () => {
    expect(ocrWorkerCount(2, 4)).toBe(2);
    expect(ocrWorkerCount(10, 4)).toBe(4);
    expect(ocrWorkerCount(0, 4)).toBe(1);
    expect(ocrWorkerCount(10, 1)).toBe(1);
  });
});
