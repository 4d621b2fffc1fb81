/**
 * Image corpus run (`npx tsx scripts/corpus-images.ts`): every file of
 * ../shared/corpus/{png,webp,heic,psd,jpeg-exif} through every converter whose
 * manifest accepts it, in Node, with the same processor and codec code the
 * worker runs (loaded through Vite for the codecs' `?url` wasm imports).
 *
 * Each run ends as one of: ok (every output decodes again, at the size the
 * result card reports), a specific message (a ToolError), a generic message
 * (any other error: the site shows its crash message), a crash (the runner
 * process died), a hang (no answer within 60 s), or a bad output. PngSuite's
 * x*.png files are damaged on purpose and must get a specific message; every
 * other file must convert. The raster outputs of the jpeg-exif photos (EXIF
 * orientations 1 to 3 of one picture) must all look like the upright one.
 *
 * The editing tools (crop, resize, flip...) decode with the browser's
 * createImageBitmap, which Node does not have: for them the run covers the
 * header check they make before decoding (checkEditInput).
 *
 * Exits with status 1 when a valid file is refused, a damaged one converts,
 * or any run gives a generic message, crashes, hangs or writes a bad output.
 * Options: --only <folder> runs one folder; --tool <slug> one tool.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcessorModule } from '../src/contract/processor';
import { readManifests } from '../src/manifests/read';

const root = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = join(root, '../shared/corpus');
const FOLDERS = ['png', 'webp', 'heic', 'psd', 'jpeg-exif'];
const HANG_MS = 60_000;
/** Converters whose processors and codecs all run in Node. */
const NODE_PROCESSORS = new Set(['image-convert', 'image-compressor', 'psd-to-ai', 'image-trace', 'jpg-to-pdf', 'png-to-pdf']);
/** Processors that decode with the browser (src/lib/image/edit.ts): only their header check runs here. */
const EDIT_CHECK = 'editing tools (header check)';

interface Manifest {
  slug: string;
  processor?: string;
  processorSettings?: Record<string, unknown>;
  accept: Record<string, string[]>;
  options?: { name: string; default?: unknown }[];
}

interface Job {
  tool: string;
  processor: string;
  values: Record<string, unknown>;
  file: string;
}

type Outcome = 'ok' | 'specific' | 'generic' | 'crash' | 'hang' | 'bad output';

interface Answer {
  outcome: Outcome;
  detail: string;
  /** Mean absolute difference of the output's pixels from the upright reference, for the jpeg-exif photos. */
  pixels?: number[];
  /** Time of the run itself, without starting a runner. */
  ms?: number;
}

// ---------------------------------------------------------------- child: runs one job at a time

async function child(): Promise<void> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const load = <T>(path: string) => vite.ssrLoadModule(path) as Promise<T>;
  const { isToolError } = await load<typeof import('../src/lib/errors')>('/src/lib/errors.ts');
  const { decode } = await load<typeof import('../src/lib/image/decode')>('/src/lib/image/decode.ts');
  const { checkEditInput } = await load<typeof import('../src/lib/image/io')>('/src/lib/image/io.ts');
  const { PDFDocument } = await import('pdf-lib');

  /** Decodes an output and returns its size (and pixels of a still raster), or throws when it is not a valid file. */
  async function readOutput(bytes: Uint8Array, type: string): Promise<{ width: number; height: number; data?: Uint8ClampedArray }> {
    if (type === 'application/pdf') {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      if (doc.getPageCount() === 0) throw new Error('a PDF without pages');
      const { width, height } = doc.getPage(0).getSize();
      return { width: Math.round(width), height: Math.round(height) };
    }
    if (type === 'application/postscript') {
      const box = /%%BoundingBox: 0 0 (\d+) (\d+)/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 4096)));
      if (!box) throw new Error('an EPS without a bounding box');
      return { width: Number(box[1]), height: Number(box[2]) };
    }
    if (type === 'image/svg+xml') {
      const text = new TextDecoder().decode(bytes);
      const size = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(text) ?? /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(text);
      if (!size || !text.trimEnd().endsWith('</svg>')) throw new Error('not a complete SVG');
      return { width: Number(size[1]), height: Number(size[2]) };
    }
    return (await decode('output', bytes)).frames[0];
  }

  process.on('message', async (job: Job) => {
    const answer = await runJob(job).catch((error: unknown): Answer => ({ outcome: 'generic', detail: `runner: ${String(error)}` }));
    process.send!(answer);
  });
  process.send!({ ready: true });

  async function runJob(job: Job): Promise<Answer> {
    const bytes = new Uint8Array(readFileSync(job.file));
    const name = job.file.split('/').pop()!;
    try {
      if (job.processor === EDIT_CHECK) {
        const { size } = checkEditInput(name, bytes);
        return { outcome: 'ok', detail: `header ${size ? `${size.width} x ${size.height}` : 'unread'}, passed to the browser's decoder` };
      }
      const { default: processor } = await load<{ default: ProcessorModule }>(`/src/processors/${job.processor}.ts`);
      const ctx = { signal: new AbortController().signal, onProgress: () => {} };
      const outputs = await processor.run([{ name, type: '', bytes }], processor.options.parse(job.values), ctx);
      if (outputs.length === 0) return { outcome: 'bad output', detail: 'no output' };
      let first: { width: number; height: number; data?: Uint8ClampedArray } | undefined;
      for (const output of outputs) {
        let read;
        try {
          read = await readOutput(output.bytes, output.type);
        } catch (error) {
          return { outcome: 'bad output', detail: `${output.type} does not read back: ${String(error).slice(0, 120)}` };
        }
        const meta = output.meta ?? {};
        const sizeChecked = typeof meta.width === 'number' && output.type !== 'application/pdf' && output.type !== 'image/svg+xml';
        if (sizeChecked && (read.width !== meta.width || read.height !== meta.height)) {
          return { outcome: 'bad output', detail: `${output.type} is ${read.width} x ${read.height}, reported ${meta.width} x ${meta.height}` };
        }
        first ??= read;
      }
      const pixels = first?.data && thumbnail(first as { width: number; height: number; data: Uint8ClampedArray });
      const many = outputs.length > 1 ? ` (${outputs.length} outputs)` : '';
      return { outcome: 'ok', detail: `${first!.width} x ${first!.height}${many}`, pixels };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isToolError(error)) return { outcome: 'specific', detail: message.replaceAll(name, '{file}') };
      return { outcome: 'generic', detail: `${error instanceof Error ? error.name : 'thrown'}: ${message.split('\n')[0].slice(0, 160)}` };
    }
  }
}

/** A 16 x 16 grey thumbnail (box averages), enough to tell a turned or mirrored picture from an upright one. */
function thumbnail(image: { width: number; height: number; data: Uint8ClampedArray }): number[] {
  const out: number[] = [];
  for (let ty = 0; ty < 16; ty++)
    for (let tx = 0; tx < 16; tx++) {
      let sum = 0;
      let count = 0;
      for (let y = Math.floor((ty * image.height) / 16); y < Math.floor(((ty + 1) * image.height) / 16); y += 2)
        for (let x = Math.floor((tx * image.width) / 16); x < Math.floor(((tx + 1) * image.width) / 16); x += 2) {
          const i = (y * image.width + x) * 4;
          sum += (image.data[i] + image.data[i + 1] + image.data[i + 2]) / 3;
          count++;
        }
      out.push(count ? sum / count : 0);
    }
  return out;
}

// ---------------------------------------------------------------- parent: the table

function jobsFor(file: string, tools: Manifest[]): Job[] {
  const ext = extname(file).toLowerCase();
  const accepts = (m: Manifest) => Object.values(m.accept).flat().some((e) => e.toLowerCase() === ext);
  const jobs: Job[] = [];
  for (const m of tools) {
    if (!m.processor || !NODE_PROCESSORS.has(m.processor) || !accepts(m)) continue;
    const defaults = Object.fromEntries((m.options ?? []).filter((o) => o.default !== undefined).map((o) => [o.name, o.default]));
    jobs.push({ tool: m.slug, processor: m.processor, values: { ...defaults, ...m.processorSettings }, file });
  }
  if (tools.some((m) => m.processor && !NODE_PROCESSORS.has(m.processor) && accepts(m) && ['.png', '.jpg', '.jpeg', '.webp'].includes(ext))) {
    jobs.push({ tool: EDIT_CHECK, processor: EDIT_CHECK, values: {}, file });
  }
  return jobs;
}

class Runner {
  private worker: ChildProcess | undefined;
  private ready: Promise<void> | undefined;

  private start(): Promise<void> {
    const worker = fork(fileURLToPath(import.meta.url), ['--child'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('exit', (code) => reject(new Error(`the runner exited while starting (${code})`)));
    });
    return this.ready;
  }

  async run(job: Job): Promise<Answer> {
    if (!this.worker) await this.start();
    else await this.ready;
    const worker = this.worker!;
    const started = performance.now();
    return new Promise<Answer>((resolve) => {
      const done = (answer: Answer) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve({ ...answer, ms: performance.now() - started });
      };
      const onMessage = (answer: Answer) => done(answer);
      const onExit = (code: number | null, signal: string | null) => {
        this.worker = undefined;
        done({ outcome: 'crash', detail: `the runner died (${signal ?? code})` });
      };
      const timer = setTimeout(() => {
        // The next job starts a fresh runner: this one may be stuck in a loop that never yields.
        this.worker = undefined;
        worker.off('exit', onExit);
        worker.kill('SIGKILL');
        done({ outcome: 'hang', detail: `no answer within ${HANG_MS / 1000} s` });
      }, HANG_MS);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.send(job);
    });
  }

  stop(): void {
    this.worker?.kill();
  }
}

const isDamaged = (folder: string, name: string) => folder === 'png' && /(^|_)x[^_]*\.png$/.test(name);

function difference(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
}

async function parent(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
  const onlyTool = args.includes('--tool') ? args[args.indexOf('--tool') + 1] : null;
  if (!existsSync(CORPUS)) {
    console.log(`No corpus at ${CORPUS}: nothing to run.`);
    return;
  }
  const tools: Manifest[] = readManifests();
  const runner = new Runner();
  const summary: Record<string, Record<Outcome | 'files' | 'runs' | 'valid refused' | 'damaged accepted', number>> = {};
  const problems: string[] = [];
  try {
    for (const folder of FOLDERS.filter((f) => !only || f === only)) {
      const dir = join(CORPUS, folder);
      if (!existsSync(dir)) continue;
      const row = (summary[folder] = { files: 0, runs: 0, ok: 0, specific: 0, generic: 0, crash: 0, hang: 0, 'bad output': 0, 'valid refused': 0, 'damaged accepted': 0 });
      const references = new Map<string, number[]>();
      console.log(`\n== ${folder} ==`);
      for (const name of readdirSync(dir).sort()) {
        row.files++;
        const damaged = isDamaged(folder, name);
        for (const job of jobsFor(join(dir, name), tools).filter((j) => !onlyTool || j.tool === onlyTool)) {
          const answer = await runner.run(job);
          const seconds = ((answer.ms ?? 0) / 1000).toFixed(1);
          row.runs++;
          row[answer.outcome]++;
          let note = '';
          if (answer.outcome === 'specific' && !damaged) {
            row['valid refused']++;
            note = '  <- a valid file refused';
          }
          // A header check lets a file through to the decoder; only a converter's output shows that a damaged file was accepted.
          if (answer.outcome === 'ok' && damaged && job.processor !== EDIT_CHECK) {
            row['damaged accepted']++;
            note = '  <- a damaged file accepted';
          }
          // The jpeg-exif photos are one picture stored with orientations 1 to 3: every output must match the upright one.
          if (folder === 'jpeg-exif' && answer.pixels) {
            const reference = references.get(job.tool);
            if (!reference) references.set(job.tool, answer.pixels);
            else {
              const diff = difference(reference, answer.pixels);
              if (diff > 12) {
                answer.outcome = 'bad output';
                row.ok--;
                row['bad output']++;
                answer.detail += `, not upright (differs from Landscape_1 by ${diff.toFixed(0)})`;
              } else answer.detail += ', upright';
            }
          }
          if (['generic', 'crash', 'hang', 'bad output'].includes(answer.outcome) || note) problems.push(`${folder}/${name} ${job.tool}: ${answer.outcome}: ${answer.detail}`);
          console.log(`${name.padEnd(48)} ${job.tool.padEnd(30)} ${answer.outcome.padEnd(10)} ${seconds.padStart(5)} s  ${answer.detail}${note}`);
        }
      }
    }
  } finally {
    runner.stop();
  }
  console.log('\nImage corpus run (../shared/corpus):');
  console.table(summary);
  if (problems.length) {
    console.log('Problems:');
    for (const p of problems) console.log(`  ${p}`);
    process.exitCode = 1;
  } else console.log('No valid file refused, no damaged file accepted, no generic message, crash, hang or bad output.');
}

if (process.argv.includes('--child')) await child();
else await parent();
