/**
 * Optical character recognition with tesseract.js, shared by the image and
 * PDF tools. In the browser every part is served by the site itself under
 * /engines/tesseract/ (see scripts/vite-tesseract.ts): the tesseract.js
 * worker, its WebAssembly core and the language data. Nothing is fetched
 * from a CDN. The engine is loaded on first use and kept for later pages.
 * Each language has a pool of workers (./pool.ts, ./threads.ts), so the
 * pages of a document can be read at once where the page may use every core.
 */
import type { RasterImage } from '../image/types';
import type { OcrLanguage } from './languages';
import { rasterToPgm, type PgmOptions } from './pgm';
import { EnginePool } from './pool';
import { ocrProgress, type ProgressListener } from './progress';
import { ocrWorkerLimit } from './threads';

export { OCR_LANGUAGE_CODES, type OcrLanguage } from './languages';

/** A box in the image's pixels, y downwards. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0..100, as tesseract reports it. */
  confidence: number;
  bbox: OcrBox;
}

/** One recognised line: where a text layer puts its words. */
export interface OcrLine {
  text: string;
  bbox: OcrBox;
  /** The baseline from its left to its right end, in pixels. */
  baseline: OcrBox;
  words: OcrWord[];
  /** Index of the paragraph the line belongs to, counted over the page. */
  paragraph: number;
}

export interface OcrResult {
  text: string;
  /** Mean confidence of the page, 0..100. */
  confidence: number;
  words: OcrWord[];
  lines: OcrLine[];
}

/** Bytes of the English data (4.0.0_best_int, gzipped) and the LSTM core, for "size before download" notes. */
export const OCR_DOWNLOAD_BYTES = { eng: 2_952_873, core: 3_900_000 } as const;

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/** One tesseract.js worker of a pool, with the progress listener of the job it runs. */
interface Engine {
  worker: TesseractWorker;
  listener?: ProgressListener;
}

/** One pool per language: its workers hold that language's data. */
const pools = new Map<string, EnginePool<Engine>>();
/** Per language, the progress listeners of jobs waiting for a worker: they hear the workers being started. */
const waitingByLang = new Map<string, Set<ProgressListener>>();

function waitingListeners(lang: string): Set<ProgressListener> {
  let set = waitingByLang.get(lang);
  if (!set) waitingByLang.set(lang, (set = new Set()));
  return set;
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

let nodePath: Promise<typeof import('node:path')> | undefined;

/** The site's own URLs for the engine's parts; in Node, the files in node_modules. */
async function paths(lang: OcrLanguage): Promise<Record<string, unknown>> {
  if (isNode()) {
    const pathName = 'node:path';
    // Imported once for every worker of the pool.
    const path = await (nodePath ??= import(/* @vite-ignore */ pathName) as Promise<typeof import('node:path')>);
    return { langPath: path.join(process.cwd(), 'node_modules', '@tesseract.js-data', lang, '4.0.0_best_int'), cacheMethod: 'none' };
  }
  const base = new URL(`${import.meta.env.BASE_URL}engines/tesseract/`, self.location.origin).href;
  return { workerPath: `${base}worker.min.js`, corePath: `${base}core/`, langPath: `${base}lang`, workerBlobURL: false, gzip: true };
}

let tesseractModule: Promise<typeof import('tesseract.js')> | undefined;

async function startEngine(lang: OcrLanguage): Promise<Engine> {
  // Loaded once for every worker of the pool.
  const { createWorker, OEM } = await (tesseractModule ??= import('tesseract.js'));
  const engine: Engine = {} as Engine;
  engine.worker = await createWorker(lang, OEM.LSTM_ONLY, {
    ...(await paths(lang)),
    logger: (m: { status: string; progress: number }) => {
      if (engine.listener) engine.listener(m.status, m.progress);
      else for (const listener of waitingListeners(lang)) listener(m.status, m.progress);
    },
    errorHandler: () => {},
  });
  return engine;
}

/**
 * The pool of workers for a language: up to ocrWorkerLimit() of them (every
 * core where the page is cross-origin isolated, else one), started as pages
 * need them and kept for later pages.
 */
export function ocrPool(lang: OcrLanguage): EnginePool<Engine> {
  let pool = pools.get(lang);
  if (!pool) {
    pool = new EnginePool<Engine>({
      size: ocrWorkerLimit(),
      create: () => startEngine(lang),
      destroy: (engine) => engine.worker.terminate().then(() => {}),
    });
    pools.set(lang, pool);
  }
  return pool;
}

/**
 * Reads the text of an image (a raster, or PNG/JPEG/PGM bytes). onProgress
 * gets done/total in percent: loading the engine and data, then recognising.
 * options apply to a raster only (whitenPaper for scanned pages).
 */
export async function recognize(
  source: RasterImage | Uint8Array,
  lang: OcrLanguage = 'eng',
  onProgress?: (done: number, total: number) => void,
  options: PgmOptions = {},
  signal?: AbortSignal,
): Promise<OcrResult> {
  const bytes = source instanceof Uint8Array ? source.slice() : rasterToPgm(source, options);
  const input = isNode() ? Buffer.from(bytes) : bytes;
  const listener = onProgress ? ocrProgress(onProgress) : undefined;
  // Several pages may be read at once, each by its own worker: a job hears the loading of the workers starting while it waits, then its own worker.
  const waiting = waitingListeners(lang);
  if (listener) waiting.add(listener);
  let data: Awaited<ReturnType<TesseractWorker['recognize']>>['data'];
  try {
    ({ data } = await ocrPool(lang).run(async (engine) => {
      if (listener) waiting.delete(listener);
      engine.listener = listener;
      try {
        return await engine.worker.recognize(input as never, {}, { text: true, blocks: true });
      } finally {
        engine.listener = undefined;
      }
    }, signal));
  } finally {
    if (listener) waiting.delete(listener);
  }
  const lines: OcrLine[] = [];
  let paragraphIndex = 0;
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.map((word) => ({ text: word.text, confidence: word.confidence, bbox: word.bbox }));
        const { x0, y0, x1, y1 } = line.baseline;
        lines.push({ text: line.text.trim(), bbox: line.bbox, baseline: { x0, y0, x1, y1 }, words, paragraph: paragraphIndex });
      }
      paragraphIndex++;
    }
  onProgress?.(100, 100);
  return { text: data.text, confidence: data.confidence, words: lines.flatMap((line) => line.words), lines };
}

/** Stops the engine's workers (tests and benchmarks; the page's worker ends with the run). */
export async function terminateOcr(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
