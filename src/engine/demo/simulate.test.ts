import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manifestSchema } from '../../../schemas/manifest';
import { nameOutputs } from '../../core/naming';
import { fillMessage } from '../../core/facts';
import { placeholderBytes, placeholderText, planSimulation, simulate } from './simulate';

/** The simulation as the engine runs it: the demo processor, then the one naming step. */
const runSimulation = async (m: ReturnType<typeof manifest>, files: { name: string; size: number }[], options: Record<string, string>, signal?: AbortSignal) =>
  nameOutputs(m, files, await simulate(m, files, options, signal), options);

const base = {
  slug: 'demo-tool', category: 'pdf', order: 1, title: 'Demo', description: 'd', icon: 'File',
  features: ['a', 'b', 'c', 'd'], howTo: ['x'], accept: { 'application/pdf': ['.pdf'] },
  produces: { 'application/pdf': ['.pdf'] }, limits: {},
  action: { label: 'Go', busyLabel: 'Going...' }, output: { name: 'compressed-{name}' },
  messages: { noFile: 'n', downloadFirst: 'd', success: 's' },
};
const manifest = (simulation: object, extra: object = {}) =>
  manifestSchema.parse({ ...base, ...extra, simulation: { success: 'Done {n}! (Mock)', ...simulation } });

const file = (name: string, size: number) => ({ name, size });

describe('runSimulation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits exactly the delay, then yields factor x size placeholders named by the rule', async () => {
    const m = manifest({ delayMs: 2000, sizeFactor: { byOption: 'level', values: { medium: 0.5 } } });
    let done = false;
    const promise = runSimulation(m, [file('a.pdf', 1000)], { level: 'medium' }).then((r: Awaited<ReturnType<typeof runSimulation>>) => ((done = true), r));
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const [result] = await promise;
    expect(result.name).toBe('compressed-a.pdf');
    expect(result.size).toBe(500);
    expect(result.blob.size).toBe(500);
  });

  it('combines inputs into one result of factor x total and computes meta', async () => {
    const m = manifest(
      { delayMs: 3000, sizeFactor: 0.95, outputs: 'combined', meta: { pageCount: { mul: [5, { fact: 'fileCount' }] } } },
      { output: { name: 'merged-document-{timestamp}.pdf' } },
    );
    const promise = runSimulation(m, [file('a.pdf', 1000), file('b.pdf', 3000)], {});
    await vi.advanceTimersByTimeAsync(3000);
    const results = await promise;
    expect(results).toHaveLength(1);
    expect(results[0].size).toBe(3800);
    expect(results[0].meta).toEqual({ pageCount: 10 });
    expect(results[0].name).toMatch(/^merged-document-\d+\.pdf$/);
  });

  it('uses base + perFile delays', async () => {
    const m = manifest({ delayMs: { base: 2000, perFile: 500 }, sizeFactor: 1 });
    let done = false;
    const promise = runSimulation(m, [file('a.heic', 10), file('b.heic', 10)], {}).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
    expect(done).toBe(true);
  });

  it('rejects when aborted', async () => {
    const m = manifest({ delayMs: 1000, sizeFactor: 1 });
    const ac = new AbortController();
    const promise = runSimulation(m, [file('a.pdf', 1)], {}, ac.signal);
    ac.abort();
    await expect(promise).rejects.toThrow('Cancelled');
  });
});

describe('planSimulation', () => {
  it('draws a random part count within the bounds', () => {
    const m = manifest({ delayMs: 0, sizeFactor: 1, outputs: { randomParts: { min: 3, max: 7 } } }, { output: { name: 'split-part-{n}-{name}' } });
    expect(planSimulation(m, [file('d.csv', 700)], {}, () => 0).parts).toHaveLength(3);
    expect(planSimulation(m, [file('d.csv', 700)], {}, () => 0.9999).parts).toHaveLength(7);
  });
});

describe('placeholders and fillMessage', () => {
  it('makes placeholder bytes of exactly the size', () => {
    expect(placeholderBytes(12345.4, 'x').byteLength).toBe(12345);
  });
  it('says what a placeholder is, and gives demo-mode advice only to a tool that has a real processor', () => {
    const real = placeholderText({ title: 'PNG to JPG', processor: 'image-convert' });
    const demoOnly = placeholderText({ title: 'Colorize Photo', processor: undefined });
    expect(real).toContain('not a real result');
    expect(real).toContain('turn it off');
    expect(demoOnly).toContain('not a real result');
    expect(demoOnly).not.toMatch(/demo mode|turn it off/i);
  });
  it('gives a placeholder the type its name implies', async () => {
    vi.useFakeTimers();
    const m = manifest({ delayMs: 0, sizeFactor: 1 });
    const promise = runSimulation(m, [file('a.pdf', 10)], {});
    await vi.advanceTimersByTimeAsync(0);
    expect((await promise)[0].blob.type).toBe('application/pdf');
    vi.useRealTimers();
  });
  it('fills counts', () => {
    expect(fillMessage('{files} HEIC image(s) converted, {n} results', { n: 2, files: 3 })).toBe('3 HEIC image(s) converted, 2 results');
    expect(fillMessage('PDF split into {n} {n:part|parts} successfully!', { n: 1, files: 1 })).toBe('PDF split into 1 part successfully!');
    expect(fillMessage('PDF split into {n} {n:part|parts} successfully!', { n: 4, files: 1 })).toBe('PDF split into 4 parts successfully!');
  });
});
