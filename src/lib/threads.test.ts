import { afterEach, describe, expect, it, vi } from 'vitest';
import { laneShare, shareWithLanes, threadCount } from './threads';

afterEach(() => {
  vi.unstubAllGlobals();
  shareWithLanes(1);
});

describe('threadCount', () => {
  it('gives every core, up to 8, on an isolated page, and one thread where it is not isolated', () => {
    vi.stubGlobal('crossOriginIsolated', true);
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    expect(threadCount()).toBe(4);
    vi.stubGlobal('navigator', { hardwareConcurrency: 32 });
    expect(threadCount()).toBe(8);
    vi.stubGlobal('crossOriginIsolated', false);
    expect(threadCount()).toBe(1);
  });

  it("gives a batch lane its share of the cores, never less than one thread", () => {
    vi.stubGlobal('crossOriginIsolated', true);
    vi.stubGlobal('navigator', { hardwareConcurrency: 8 });
    shareWithLanes(4);
    expect(laneShare()).toBe(4);
    expect(threadCount()).toBe(2);
    shareWithLanes(3);
    expect(threadCount()).toBe(2);
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    shareWithLanes(2);
    expect(threadCount()).toBe(1);
    // A run outside a batch has the device to itself again.
    shareWithLanes(1);
    expect(threadCount()).toBe(2);
  });

  it('reads a nonsense lane count as one lane', () => {
    for (const count of [0, -2, Number.NaN]) {
      shareWithLanes(count);
      expect(laneShare()).toBe(1);
    }
  });
});
