import { afterEach, describe, expect, it, vi } from 'vitest';
import { tfjsThreads } from './threads';

afterEach(() => vi.unstubAllGlobals());

describe('tfjsThreads', () => {
  it('is the one-thread build without cross-origin isolation', () => {
    expect(tfjsThreads(false, 8)).toEqual({ multithread: false, threads: 1 });
  });

  it('is the threaded SIMD build on every core with isolation', () => {
    expect(tfjsThreads(true, 4)).toEqual({ multithread: true, threads: 4 });
  });

  it('is the one-thread build on one core, isolated or not', () => {
    expect(tfjsThreads(true, 1)).toEqual({ multithread: false, threads: 1 });
  });

  it('reads the page: isolated with 3 cores, then not isolated', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 3 });
    vi.stubGlobal('crossOriginIsolated', true);
    expect(tfjsThreads()).toEqual({ multithread: true, threads: 3 });
    vi.stubGlobal('crossOriginIsolated', undefined);
    expect(tfjsThreads()).toEqual({ multithread: false, threads: 1 });
  });
});
