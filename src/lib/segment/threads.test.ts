import { afterEach, describe, expect, it, vi } from 'vitest';
import { ortThreads, ortWasmResource, pinNumThreads } from './threads';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  vi.doUnmock('@imgly/background-removal');
  vi.doUnmock('onnxruntime-web');
});

describe('ortThreads', () => {
  it('is 1 without cross-origin isolation, whatever the cores', () => {
    expect(ortThreads(false, 1)).toBe(1);
    expect(ortThreads(false, 8)).toBe(1);
  });

  it('is every core with isolation, and at least 2 (imgly gives ONNX Runtime only the threaded build then)', () => {
    expect(ortThreads(true, 4)).toBe(4);
    expect(ortThreads(true, 8)).toBe(8);
    expect(ortThreads(true, 1)).toBe(2);
  });

  it('reads the page: isolated with 6 cores gives 6, not isolated gives 1', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 6 });
    vi.stubGlobal('crossOriginIsolated', true);
    expect(ortThreads()).toBe(6);
    vi.stubGlobal('crossOriginIsolated', false);
    expect(ortThreads()).toBe(1);
  });

  it('names the build ONNX Runtime loads for a thread count', () => {
    expect(ortWasmResource(1)).toBe('/onnxruntime-web/ort-wasm-simd.wasm');
    expect(ortWasmResource(4)).toBe('/onnxruntime-web/ort-wasm-simd-threaded.wasm');
  });
});

describe('pinNumThreads', () => {
  it('keeps the count whatever is written afterwards', () => {
    const flags: { numThreads?: number } = { numThreads: 16 };
    pinNumThreads(flags, 3);
    flags.numThreads = 16;
    expect(flags.numThreads).toBe(3);
  });
});

describe('foregroundMask', () => {
  /** Runs foregroundMask with a stand-in imgly that, like 1.4.5, writes navigator.hardwareConcurrency (here 12) to ort.env.wasm.numThreads; gives the count ONNX Runtime would read. */
  async function threadsOrtSees(isolated: boolean, cores: number): Promise<{ threads: number; total: number }> {
    vi.stubGlobal('self', { location: { origin: 'http://127.0.0.1' } });
    vi.stubGlobal('navigator', { hardwareConcurrency: cores });
    vi.stubGlobal('crossOriginIsolated', isolated);
    const env = { wasm: {} as { numThreads?: number } };
    let seen = -1;
    vi.doMock('onnxruntime-web', () => ({ env }));
    vi.doMock('@imgly/background-removal', () => ({
      segmentForeground: async (_blob: Blob, config: { progress: (key: string, current: number, total: number) => void }) => {
        env.wasm.numThreads = 12;
        seen = env.wasm.numThreads;
        config.progress('compute:inference', 1, 1);
        return new Blob([new Uint8Array(4)]);
      },
    }));
    const { foregroundMask } = await import('./foreground');
    let total = 0;
    await foregroundMask({ width: 2, height: 2, data: new Uint8ClampedArray(16) }, (_done, t) => (total = t));
    return { threads: seen, total };
  }

  it('runs ONNX Runtime on one thread without isolation', async () => {
    const { threads, total } = await threadsOrtSees(false, 4);
    expect(threads).toBe(1);
    expect(total).toBe(44_342_436 + 10_549_605 + 1);
  });

  it('runs ONNX Runtime on every core with isolation, counting the threaded build in the download', async () => {
    const { threads, total } = await threadsOrtSees(true, 4);
    expect(threads).toBe(4);
    expect(total).toBe(44_342_436 + 10_646_108 + 1);
  });
});
