/**
 * The OCR engine's pool of tesseract.js workers, with tesseract.js replaced by
 * a stand-in that counts its workers and reads an image as the text of its
 * first pixel: N workers for N pages where the page may use N cores, one
 * where it is not isolated; pages come back in order; cancel stops it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelledError } from '../errors';
import type { RasterImage } from '../image/types';
import { mapOcrPages } from './page-loop';

const engine = vi.hoisted(() => ({ created: 0, terminated: 0, running: 0, most: 0, delay: (_value: number): number => 5 }));

vi.mock('tesseract.js', () => ({
  OEM: { LSTM_ONLY: 1 },
  createWorker: async (_lang: string, _oem: number, options: { logger?: (m: { status: string; progress: number }) => void }) => {
    engine.created++;
    options.logger?.({ status: 'loading language traineddata', progress: 1 });
    return {
      async recognize(input: Uint8Array) {
        engine.most = Math.max(engine.most, ++engine.running);
        // A PGM: the header "P5\nW H\n255\n", then the grey pixels; the first pixel names the page.
        const value = input[input.length - 1];
        options.logger?.({ status: 'recognizing text', progress: 0.5 });
        await new Promise((r) => setTimeout(r, engine.delay(value)));
        engine.running--;
        return { data: { text: `page ${value}`, confidence: 90, blocks: [] } };
      },
      async terminate() {
        engine.terminated++;
      },
    };
  },
}));

const { recognize, terminateOcr } = await import('./recognize');

/** A 1 x 1 grey picture whose pixel is `value`. */
function picture(value: number): RasterImage {
  return { width: 1, height: 1, data: new Uint8ClampedArray([value, value, value, 255]) };
}

function doc(pages: number) {
  return { numPages: pages, getPage: async (n: number) => ({ n, cleanup: () => {} }) };
}

async function readPages(pages: number, signal = new AbortController().signal): Promise<string[]> {
  return mapOcrPages(doc(pages), { signal, onProgress: () => {} }, async (page, _i, ocr) => {
    const result = await recognize(picture(page.n), 'eng', ocr.onProgress, {}, ocr.signal);
    return result.text;
  });
}

beforeEach(async () => {
  await terminateOcr();
  Object.assign(engine, { created: 0, terminated: 0, running: 0, most: 0, delay: () => 5 });
});

afterEach(() => vi.unstubAllGlobals());

describe('recognize with a pool of workers', () => {
  it('reads the 4 pages of a document with 4 workers at once where the page is isolated on 4 cores, in page order', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    vi.stubGlobal('crossOriginIsolated', true);
    // Page 1 is the slowest, page 4 the quickest; each long enough for the other workers to start meanwhile.
    engine.delay = (value) => 500 - value * 100;
    expect(await readPages(4)).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
    expect(engine.created).toBe(4);
    expect(engine.most).toBe(4);
  });

  it('starts no more workers than pages', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 8 });
    vi.stubGlobal('crossOriginIsolated', true);
    engine.delay = () => 300;
    expect(await readPages(2)).toEqual(['page 1', 'page 2']);
    expect(engine.created).toBe(2);
  });

  it('reads with one worker, one page at a time, where the page is not isolated', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    vi.stubGlobal('crossOriginIsolated', false);
    expect(await readPages(4)).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
    expect(engine.created).toBe(1);
    expect(engine.most).toBe(1);
  });

  it('gives each page its own progress, loading included', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    vi.stubGlobal('crossOriginIsolated', true);
    engine.delay = () => 300;
    const seen = new Map<number, number[]>();
    await mapOcrPages(doc(2), { signal: new AbortController().signal, onProgress: () => {} }, async (page) =>
      recognize(picture(page.n), 'eng', (done) => seen.set(page.n, [...(seen.get(page.n) ?? []), done])),
    );
    // 30: the worker's data loaded; 65: half recognised; 100: done.
    expect(seen.get(1)).toEqual([30, 65, 100]);
    expect(seen.get(2)).toEqual([30, 65, 100]);
  });

  it('stops on cancel: the workers under way are stopped and no other page is read', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    vi.stubGlobal('crossOriginIsolated', true);
    engine.delay = () => 5000;
    const cancel = new AbortController();
    const run = readPages(6, cancel.signal);
    await vi.waitFor(() => expect(engine.running).toBe(2));
    cancel.abort();
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(engine.created).toBe(2);
    expect(engine.terminated).toBe(2);
  });
});
