/**
 * Optional corpus test: the PDF processors on real-world and deliberately
 * broken PDFs from ../shared/corpus/pdf (pdf.js's test files; see
 * ../shared/corpus/README.md). Skipped when the folder is absent, as in a
 * fresh clone.
 *
 * For every file and tool the run must finish within a time limit and end
 * either in a valid output (PDFs reopen with pdf-lib with the expected page
 * count, JPEGs decode at the reported size, text has one header per page) or
 * in a ToolError with a specific message. Anything else (a crash that the
 * site would show as the generic message, a hang, a changed input) fails.
 *
 * To keep CI fast, files over MAX_FILE_BYTES are skipped and each tool has a
 * time budget; files left when it runs out are counted as skipped.
 */
// Scanned pages are read with OCR, which draws the rendered page on an OffscreenCanvas.
import './setup/offscreen-canvas';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessorContext, ToolInput, ToolOutput } from '../src/contract/types';
import { crashMessage } from '../src/core/run-shape';
import { isToolError } from '../src/lib/errors';
import { recognize, terminateOcr } from '../src/lib/ocr/recognize';
import { loadPdf } from '../src/lib/pdf/load';
import extractText from '../src/processors/extract-text-from-pdf';
import mergePdf from '../src/processors/merge-pdf';
import { createPdfCompressor } from '../src/processors/pdf-compressor';
import { convertPdfToJpg } from '../src/processors/pdf-to-jpg';
import splitPdf from '../src/processors/split-pdf';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';
import { napiBackend, readPixels } from './fixtures/pdf-text/napi-backend';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.resolve(repoRoot, '../shared/corpus/pdf');
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** A single run longer than this counts as a hang. */
const RUN_TIMEOUT_MS = 10_000;
/** Wall time each tool may spend on the whole corpus before the remaining files are skipped. */
const TOOL_BUDGET_MS = 9_000;

interface CorpusFile {
  name: string;
  bytes: Uint8Array;
  /** Pages as the project's pdf-lib loader counts them; null when it refuses the file. */
  pages: number | null;
}

interface Tally {
  files: number;
  ok: number;
  toolErrors: number;
  skipped: number;
  ms: number;
  /** Distinct ToolError messages with how often each was seen. */
  messages: Map<string, number>;
  /** Failures: "file: what went wrong". */
  failures: string[];
}

async function readCorpus(): Promise<{ files: CorpusFile[]; tooLarge: string[] }> {
  const files: CorpusFile[] = [];
  const tooLarge: string[] = [];
  for (const name of readdirSync(CORPUS).filter((n) => n.toLowerCase().endsWith('.pdf')).sort()) {
    const full = path.join(CORPUS, name);
    if (statSync(full).size > MAX_FILE_BYTES) {
      tooLarge.push(name);
      continue;
    }
    const bytes = new Uint8Array(readFileSync(full));
    let pages: number | null = null;
    try {
      pages = (await loadPdf(bytes, name)).getPageCount();
    } catch {
      pages = null;
    }
    files.push({ name, bytes, pages });
  }
  return { files, tooLarge };
}

/** Runs `work` with an abort signal, rejecting with a "hang" error after RUN_TIMEOUT_MS. */
async function withTimeout<T>(work: (ctx: ProcessorContext) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${RUN_TIMEOUT_MS / 1000} s`));
    }, RUN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work({ signal: controller.signal, onProgress: () => {} }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Page count of a PDF output reopened with pdf-lib. */
async function reopenedPages(output: ToolOutput): Promise<number> {
  expect(output.type).toBe('application/pdf');
  return (await PDFDocument.load(output.bytes, { updateMetadata: false })).getPageCount();
}

type Check = (file: CorpusFile, outputs: ToolOutput[]) => Promise<void>;

interface ToolCase {
  tool: string;
  run(file: CorpusFile, ctx: ProcessorContext): Promise<ToolOutput[]>;
  check: Check;
}

const input = (file: CorpusFile, name = file.name): ToolInput => ({ name, type: 'application/pdf', bytes: file.bytes });
const compressor = createPdfCompressor(napiJpegCodec);
/** Runs the compressor as the worker does: the options parsed with its schema first. */
const compress = (inputs: Parameters<typeof compressor.run>[0], values: Record<string, unknown>, context: Parameters<typeof compressor.run>[2]) =>
  compressor.run(inputs, compressor.options.parse(values), context);

const CASES: ToolCase[] = [
  {
    tool: 'merge-pdf (file + itself)',
    run: (file, ctx) => mergePdf.run([input(file), input(file, `copy-${file.name}`)], {}, ctx),
    async check(file, [output, ...rest]) {
      expect(rest).toHaveLength(0);
      expect(file.pages, 'merged a file the loader refuses').not.toBeNull();
      expect(await reopenedPages(output)).toBe(2 * file.pages!);
    },
  },
  {
    tool: 'split-pdf (every 1 page)',
    run: (file, ctx) => splitPdf.run([input(file)], splitPdf.options.parse({ method: 'every', everyN: 1 }), ctx),
    async check(file, outputs) {
      expect(file.pages, 'split a file the loader refuses').not.toBeNull();
      expect(outputs).toHaveLength(file.pages!);
      for (const output of outputs) expect(await reopenedPages(output)).toBe(1);
    },
  },
  {
    tool: 'pdf-compressor (medium)',
    run: (file, ctx) => compress([input(file)], { level: 'medium' }, ctx),
    async check(file, [output, ...rest]) {
      expect(rest).toHaveLength(0);
      expect(file.pages, 'compressed a file the loader refuses').not.toBeNull();
      expect(await reopenedPages(output)).toBe(file.pages);
      expect(output.bytes.length).toBeLessThanOrEqual(file.bytes.length);
    },
  },
  {
    tool: 'pdf-to-jpg (page 1, 72 dpi)',
    run: (file, ctx) => convertPdfToJpg([input(file)], { dpi: 72, quality: 80, pages: '1' }, ctx, napiBackend),
    async check(_file, [output, ...rest]) {
      expect(rest).toHaveLength(0);
      expect(output.type).toBe('image/jpeg');
      const image = await readPixels(output.bytes);
      expect([image.width, image.height]).toEqual([output.meta?.width, output.meta?.height]);
    },
  },
  {
    tool: 'extract-text-from-pdf',
    run: (file, ctx) => extractText.run([input(file)], {}, ctx),
    async check(_file, [output, ...rest]) {
      expect(rest).toHaveLength(0);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(output.bytes);
      const headers = text.match(/^--- Page \d+ ---$/gm) ?? [];
      expect(headers.length).toBe(output.meta?.pageCount);
    },
  },
];

const present = existsSync(CORPUS);
const tallies = new Map<string, Tally>();

describe.skipIf(!present)('PDF corpus (../shared/corpus/pdf)', () => {
  let corpus: { files: CorpusFile[]; tooLarge: string[] } | undefined;
  const load = async () => (corpus ??= await readCorpus());

  // The OCR engine starts once, outside any file's time limit, as a visitor's second scan would find it.
  beforeAll(async () => {
    await recognize({ width: 8, height: 8, data: new Uint8ClampedArray(8 * 8 * 4).fill(255) });
  }, 120_000);

  afterAll(async () => {
    await terminateOcr();
    if (!corpus) return;
    const rows = [...tallies.entries()].map(([tool, t]) => ({
      tool,
      files: t.files,
      ok: t.ok,
      'tool errors': t.toolErrors,
      skipped: t.skipped,
      failures: t.failures.length,
      'time (s)': (t.ms / 1000).toFixed(1),
    }));
    console.log(`PDF corpus: ${corpus.files.length} files read, ${corpus.tooLarge.length} skipped as over ${MAX_FILE_BYTES / 1048576} MB`);
    console.table(rows);
    for (const [tool, t] of tallies) {
      for (const [message, count] of t.messages) console.log(`  ${tool}: ${count} x ${message}`);
    }
  });

  for (const testCase of CASES) {
    it(testCase.tool, async () => {
      const { files } = await load();
      expect(files.length).toBeGreaterThan(0);
      const tally: Tally = { files: files.length, ok: 0, toolErrors: 0, skipped: 0, ms: 0, messages: new Map(), failures: [] };
      tallies.set(testCase.tool, tally);
      const started = performance.now();
      for (const file of files) {
        if (performance.now() - started > TOOL_BUDGET_MS) {
          tally.skipped++;
          continue;
        }
        const before = file.bytes.slice();
        try {
          const outputs = await withTimeout((ctx) => testCase.run(file, ctx));
          await testCase.check(file, outputs);
          tally.ok++;
        } catch (error) {
          if (isToolError(error) && error.message.trim() !== '' && error.message !== crashMessage()) {
            tally.toolErrors++;
            // File names are replaced so that the same message for different files is counted once.
            const message = error.message.replaceAll(`copy-${file.name}`, '{file}').replaceAll(file.name, '{file}');
            tally.messages.set(message, (tally.messages.get(message) ?? 0) + 1);
          } else {
            const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            tally.failures.push(`${file.name}: ${what.split('\n')[0].slice(0, 300)}`);
          }
        }
        if (Buffer.compare(Buffer.from(file.bytes), Buffer.from(before)) !== 0) tally.failures.push(`${file.name}: the input bytes were changed`);
      }
      tally.ms = performance.now() - started;
      expect(tally.failures, `${testCase.tool}: files without a valid output or a specific ToolError`).toEqual([]);
      // The budget is there for slow machines; on this corpus most files must actually be tried.
      expect(tally.ok + tally.toolErrors).toBeGreaterThan(0);
    }, 60_000);
  }
});
