/**
 * Optical character recognition with tesseract.js, shared by the image and
 * PDF tools. In the browser every part is served by the site itself under
 * /engines/tesseract/ (see scripts/vite-tesseract.ts): the tesseract.js
 * worker, its WebAssembly core and the language data. Nothing is fetched
 * from a CDN. The engine is loaded on first use and kept for later pages.
 */
import type { RasterImage } from '../image/types';
import type { OcrLanguage } from './languages';
import { rasterToPgm, type PgmOptions } from './pgm';
import { ocrProgress, type ProgressListener } from './progress';

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

const workers = new Map<string, Promise<TesseractWorker>>();
let listener: ProgressListener | undefined;

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** The site's own URLs for the engine's parts; in Node, the files in node_modules. */
async function paths(lang: OcrLanguage): Promise<Record<string, unknown>> {
  if (isNode()) {
    const pathName = 'node:path';
    const path = (await import(/* @vite-ignore */ pathName)) as typeof import('node:path');
    return { langPath: path.join(process.cwd(), 'node_modules', '@tesseract.js-data', lang, '4.0.0_best_int'), cacheMethod: 'none' };
  }
  const base = new URL(`${import.meta.env.BASE_URL}engines/tesseract/`, self.location.origin).href;
  return { workerPath: `${base}worker.min.js`, corePath: `${base}core/`, langPath: `${base}lang`, workerBlobURL: false, gzip: true };
}

function worker(lang: OcrLanguage): Promise<TesseractWorker> {
  let pending = workers.get(lang);
  if (!pending) {
    pending = (async () => {
      const { createWorker, OEM } = await import('tesseract.js');
      return createWorker(lang, OEM.LSTM_ONLY, {
        ...(await paths(lang)),
        logger: (m: { status: string; progress: number }) => listener?.(m.status, m.progress),
        errorHandler: () => {},
      });
    })();
    pending.catch(() => workers.delete(lang));
    workers.set(lang, pending);
  }
  return pending;
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
): Promise<OcrResult> {
  listener = onProgress ? ocrProgress(onProgress) : undefined;
  try {
    const engine = await worker(lang);
    const bytes = source instanceof Uint8Array ? source.slice() : rasterToPgm(source, options);
    const input = isNode() ? Buffer.from(bytes) : bytes;
    const { data } = await engine.recognize(input as never, {}, { text: true, blocks: true });
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
  } finally {
    listener = undefined;
  }
}

/** Stops the engine's workers (tests and benchmarks; the page's worker ends with the run). */
export async function terminateOcr(): Promise<void> {
  const all = [...workers.values()];
  workers.clear();
  await Promise.all(all.map(async (w) => (await w).terminate()));
}
