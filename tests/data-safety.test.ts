/**
 * Nothing lost, nothing overwritten, in every host: one table of cases run
 * against the tool page's multi-file run, the site's folder batch (on
 * origin-private-file-system handles, tests/support/memory-folder.ts), a
 * workflow in folder batch, and the `filedesk` command on a real disk. Each
 * cell runs the host's own code with real processors and reads the outputs
 * back (decoded pixels, CSV rows, PDF pages). A case a host cannot meet (a
 * page has no output folder to resume in) is marked n/a with the reason, and
 * the table is printed at the end.
 *
 * The command is built as it ships (vite.cli.config.ts) into
 * node_modules/.cache/filedesk-cli-safety, or taken from FILEDESK_CLI_DIR.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import jpeg from 'jpeg-js';
import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionValues, ToolManifest } from '../schemas/manifest';
import { defaultOptions } from '../src/contract/options';
import { factsOf } from '../src/core/facts';
import { nameOutputs } from '../src/core/naming';
import { loadProcessor } from '../src/core/processor-modules';
import { RECORD_FILE } from '../src/core/record';
import type { BatchInput, BatchRow } from '../src/core/run-batch';
import { runFiles, type FilesRun } from '../src/core/run-files';
import { stepCall } from '../src/core/step';
import { runFolderBatch } from '../src/engine/batch/batch-run';
import { listFolder } from '../src/engine/batch/folder';
import { toolBatch, type LaneFactory } from '../src/engine/batch/tool-batch';
import { workflowBatch } from '../src/engine/batch/workflow-batch';
import { readManifest } from '../src/manifests/read';
import { FIXTURE_HEIC } from './fixtures/heic';
import { cliBundle } from './support/cli-bundle';
import { asHandle, MemoryDir, type Fault } from './support/memory-folder';

let BUNDLE_DIR = '';
const cli = () => join(BUNDLE_DIR, 'filedesk.js');
const IS_ROOT = process.getuid?.() === 0;

type HostName = 'page' | 'batch' | 'workflow' | 'cli';
const HOSTS: HostName[] = ['page', 'batch', 'workflow', 'cli'];
const table = new Map<string, Map<HostName, string>>();
const mark = (row: string, host: HostName, cell: string) => table.set(row, (table.get(row) ?? new Map()).set(host, cell));

/** A cell of the table: the check runs and the cell says pass or fail; n/a cells say why. */
function cell(row: string, host: HostName, check: () => Promise<void>, timeout = 60_000) {
  it(`${row} — ${host}`, async () => {
    try {
      await check();
      mark(row, host, 'pass');
    } catch (error) {
      mark(row, host, 'FAIL');
      throw error;
    }
  }, timeout);
}
function notApplicable(row: string, host: HostName, why: string) {
  mark(row, host, `n/a (${why})`);
}

// ---------- fixtures ----------

function gradient(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 4 + seed * 60) & 255;
      data[i + 1] = (y * 5 + seed * 20) & 255;
      data[i + 2] = (128 + seed * 40) & 255;
      data[i + 3] = 255;
    }
  return data;
}
const jpg = (seed: number, width = 40, height = 30) => new Uint8Array(jpeg.encode({ width, height, data: gradient(width, height, seed) }, 95).data);
const csv = (rows: number, tag: string) => ['id,name', ...Array.from({ length: rows }, (_, i) => `${i + 1},${tag}-${i + 1}`)].join('\n') + '\n';
async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save();
}

/** The mean difference per channel between a PNG and the JPEG it was made from (0 to 255). */
function pngMatchesJpeg(pngBytes: Uint8Array, jpgBytes: Uint8Array): number {
  const a = PNG.sync.read(Buffer.from(pngBytes));
  const b = jpeg.decode(jpgBytes, { useTArray: true });
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / ((a.data.length / 4) * 3);
}

// ---------- hosts ----------

interface Job {
  /** One tool, or a chain of tools for the workflow column. */
  steps: { tool: string; options?: OptionValues }[];
}
interface Outcome {
  rows: Pick<BatchRow, 'path' | 'status' | 'message' | 'outputs'>[];
  /** Every file of the output folder (the record left out), by path. */
  files: Map<string, Uint8Array>;
  notice: string;
}

const manifests = new Map<string, ToolManifest>();
const manifestOf = (slug: string) => manifests.get(slug) ?? manifests.set(slug, readManifest(slug)).get(slug)!;
const valuesOf = (tool: string, options: OptionValues = {}) => ({ ...defaultOptions(manifestOf(tool).options), ...options });

/** A lane that runs the processor in place, as the worker does (runner.worker.ts): runFiles over the files. */
const inPlace: LaneFactory = () => ({
  async run(processor, files, options, signal, onProgress, each, fields): Promise<FilesRun> {
    const module = await loadProcessor(processor);
    const sources = files.map((f) => ({ name: f.name, type: f.type, read: async () => new Uint8Array(await f.arrayBuffer()) }));
    return runFiles(module, sources, options, { signal, onProgress, each: !!each, fields });
  },
  close() {},
});

/** The tool page: the files chosen, run as useToolRun runs them (stepCall, the worker's runFiles, nameOutputs), results as downloads. */
async function pageRun(job: Job, inputs: Map<string, Uint8Array>): Promise<Outcome> {
  const { tool, options } = job.steps[0];
  const manifest = manifestOf(tool);
  const values = valuesOf(tool, options);
  const files = [...inputs].map(([path, bytes]) => new File([bytes as Uint8Array<ArrayBuffer>], path.slice(path.lastIndexOf('/') + 1)));
  const call = stepCall(manifest, values, factsOf(files));
  const run = await inPlace(call.processor).run(call.processor, files, call.options, new AbortController().signal, () => undefined, call.each, call.contract);
  const results = nameOutputs(manifest, files, run.outputs, values);
  const files2 = new Map<string, Uint8Array>();
  for (const r of results) files2.set(r.name, new Uint8Array(await r.blob.arrayBuffer()));
  const failed = new Map(run.failures.map((f) => [f.name, f.message]));
  return {
    rows: files.map((f) => ({
      path: f.name,
      status: failed.has(f.name) ? 'failed' : 'done',
      message: failed.get(f.name) ?? '',
      outputs: results.filter((r) => r.originalName === f.name).map((r) => r.name),
    })),
    files: files2,
    notice: '',
  };
}

interface SiteFolders {
  input: MemoryDir;
  output: MemoryDir;
}

/** The site's folder batch on a tool or a workflow: the panel's run (runFolderBatch) over the chosen folders' handles. */
async function siteRun(host: 'batch' | 'workflow', job: Job, folders: SiteFolders, before?: (inputs: BatchInput[]) => void): Promise<Outcome> {
  const first = manifestOf(job.steps[0].tool);
  const target =
    host === 'batch'
      ? toolBatch(first, inPlace)
      : workflowBatch({ manifest: first, options: {} }, () => job.steps.map((s) => ({ manifest: manifestOf(s.tool), options: valuesOf(s.tool, s.options) })), inPlace);
  const inputs = await listFolder(asHandle(folders.input), target.extensions);
  before?.(inputs);
  let notice = '';
  const run = await runFolderBatch({
    target,
    values: valuesOf(job.steps[0].tool, job.steps[0].options),
    inputs,
    inputDir: asHandle(folders.input),
    outputDir: asHandle(folders.output),
    lanes: 2,
    stop: new AbortController().signal,
    onStart: (_, said) => void (notice = said),
    onRow: () => undefined,
  });
  if ('refused' in run) throw new Error(run.refused);
  const files = folders.output.files();
  files.delete(RECORD_FILE);
  return { rows: run.rows, files, notice };
}

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}
function filedesk(args: string[], onLine?: (line: string) => void): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli(), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (onLine) for (const line of c.toString().split('\n').filter(Boolean)) onLine(line);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every file below a folder, by relative path with "/", the record and temporary files left out. */
function diskFiles(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const walk = (at: string) => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name !== RECORD_FILE && !entry.name.endsWith('.filedesk-tmp')) out.set(relative(dir, full).split('\\').join('/'), readFileSync(full));
    }
  };
  walk(dir);
  return out;
}

/** The command on folders or files of a real disk, --json lines as rows. */
async function cliRun(job: Job, paths: string[], out: string, extra: string[] = [], onLine?: (line: string) => void): Promise<Outcome & { code: number | null; stderr: string }> {
  const { tool, options = {} } = job.steps[0];
  const flags = Object.entries(options).map(([k, v]) => `--${k}=${String(v)}`);
  const result = await filedesk([tool, ...flags, ...paths, '--out', out, '--json', ...extra], onLine);
  const rows = result.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { input: string; status: string; message: string; outputs: string[] })
    .map((l) => ({ path: l.input, status: l.status as BatchRow['status'], message: l.message, outputs: l.outputs }));
  return { rows, files: diskFiles(out), notice: result.stderr, code: result.code, stderr: result.stderr };
}

let work: string;
let n = 0;
/** A fresh folder on disk with these files. */
function diskFolder(files: Map<string, Uint8Array | string>): string {
  const dir = join(work, `case-${++n}`);
  for (const [path, bytes] of files) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}
function memoryFolders(files: Map<string, Uint8Array | string>, outInside?: 'inside' | 'same'): SiteFolders {
  const input = new MemoryDir('photos');
  for (const [path, bytes] of files) input.put(path, bytes);
  const output = outInside === 'same' ? input : outInside === 'inside' ? (input.put('results/.keep', ''), input.entries.get('results') as MemoryDir) : new MemoryDir('results');
  return { input, output };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-safety-'));
  BUNDLE_DIR = cliBundle('filedesk-cli-safety');
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  const rows = [...table.keys()];
  const width = Math.max(...rows.map((r) => r.length));
  const lines = [`${'case'.padEnd(width)} | ${HOSTS.join(' | ')}`];
  for (const row of rows) lines.push(`${row.padEnd(width)} | ${HOSTS.map((h) => table.get(row)?.get(h) ?? '-').join(' | ')}`);
  console.log(`\nData safety, case by host:\n${lines.join('\n')}\n`);
});

// ---------- the cases ----------

const TWO_NAMES = 'inputs that want one output name';
describe(TWO_NAMES, () => {
  const photos = () =>
    new Map<string, Uint8Array>([
      ['b.jpg', jpg(1)],
      ['b.jpeg', jpg(2)],
      ['c.jpg', jpg(3)],
    ]);
  const job: Job = { steps: [{ tool: 'jpg-to-png' }] };
  /** Every input written once, under a name from its own path, decoding to its own pixels. */
  const expectEach = (outcome: Outcome, inputs: Map<string, Uint8Array>, prefix = '') => {
    const byInput = new Map(outcome.rows.map((r) => [r.path.slice(r.path.lastIndexOf('/') + 1), r.outputs.map((o) => o.slice(prefix.length))]));
    expect(Object.fromEntries(byInput)).toEqual({ 'b.jpeg': ['b.png'], 'b.jpg': ['b (jpg).png'], 'c.jpg': ['c.png'] });
    for (const [name, [output]] of byInput) expect(pngMatchesJpeg(outcome.files.get(prefix + output)!, inputs.get(name)!)).toBeLessThan(6);
    expect(outcome.files.size).toBe(3);
  };

  cell(TWO_NAMES, 'page', async () => {
    expectEach(await pageRun(job, photos()), photos());
    // The same files in another order get the same names.
    expectEach(await pageRun(job, new Map([...photos()].reverse())), photos());
  });
  for (const host of ['batch', 'workflow'] as const)
    cell(TWO_NAMES, host, async () => {
      const folders = memoryFolders(photos());
      expectEach(await siteRun(host, job, folders), photos());
      // Run again: nothing is redone, nothing is added, the names stay.
      const again = await siteRun(host, job, folders);
      expect(again.rows.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
      expectEach(again, photos());
    });
  cell(TWO_NAMES, 'cli', async () => {
    const dir = diskFolder(photos());
    for (const jobs of ['1', '2']) {
      const out = join(work, `two-names-${jobs}`);
      const outcome = await cliRun(job, [dir], out, ['--jobs', jobs]);
      expect(outcome.code).toBe(0);
      expectEach(outcome, photos());
      const again = await cliRun(job, [dir], out, ['--jobs', jobs]);
      expect(again.rows.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
      expect(again.files.size).toBe(3);
    }
  });

  const HEIC = 'a.heic and a.heif to JPG';
  const heics = () => new Map([['a.heic', FIXTURE_HEIC], ['a.heif', FIXTURE_HEIC]]);
  const heicJob: Job = { steps: [{ tool: 'heic-to-jpg' }] };
  const expectHeic = (outcome: Outcome) => {
    expect([...outcome.files.keys()].sort()).toEqual(['a (heif).jpg', 'a.jpg']);
    for (const bytes of outcome.files.values()) expect(jpeg.decode(bytes).width).toBeGreaterThan(0);
  };
  cell(HEIC, 'page', async () => expectHeic(await pageRun(heicJob, heics())));
  for (const host of ['batch', 'workflow'] as const) cell(HEIC, host, async () => expectHeic(await siteRun(host, heicJob, memoryFolders(heics()))));
  cell(HEIC, 'cli', async () => expectHeic(await cliRun(heicJob, [diskFolder(heics())], join(work, 'heic-out'))));

  const TWO_FOLDERS = 'the same name from two folders';
  cell(TWO_FOLDERS, 'page', async () => {
    // Two files called a.jpg chosen from two folders.
    const files = new Map([['x/a.jpg', jpg(1)], ['y/a.jpg', jpg(2)]]);
    const outcome = await pageRun(job, files);
    expect([...outcome.files.keys()].sort()).toEqual(['a (2).png', 'a.png']);
  });
  for (const host of ['batch', 'workflow'] as const)
    cell(TWO_FOLDERS, host, async () => {
      const outcome = await siteRun(host, job, memoryFolders(new Map([['x/a.jpg', jpg(1)], ['y/a.jpg', jpg(2)]])));
      expect([...outcome.files.keys()].sort()).toEqual(['x/a.png', 'y/a.png']);
    });
  cell(TWO_FOLDERS, 'cli', async () => {
    const x = diskFolder(new Map([['a.jpg', jpg(1)]]));
    const y = diskFolder(new Map([['a.jpg', jpg(2)]]));
    const out = join(work, 'two-folders-out');
    const outcome = await cliRun(job, [x, y], out);
    expect(outcome.code).toBe(0);
    const names = [...outcome.files.keys()].sort();
    expect(names).toEqual([`${x.slice(x.lastIndexOf('/') + 1)}/a.png`, `${y.slice(y.lastIndexOf('/') + 1)}/a.png`]);
    expect(pngMatchesJpeg(outcome.files.get(names[0])!, jpg(1))).toBeLessThan(6);
    expect(pngMatchesJpeg(outcome.files.get(names[1])!, jpg(2))).toBeLessThan(6);
    // Two files named on the command line from two folders.
    const files = await cliRun(job, [join(x, 'a.jpg'), join(y, 'a.jpg')], join(work, 'two-files-out'));
    expect([...files.files.keys()].sort()).toEqual(['a (2).png', 'a.png']);
  });
});

const INSIDE = 'output folder inside or equal to the input folder';
describe(INSIDE, () => {
  const job: Job = { steps: [{ tool: 'jpg-to-png' }] };
  // A JPG made from a JPG would be taken again if the outputs were read as inputs.
  const compress: Job = { steps: [{ tool: 'image-compressor', options: { format: 'original' } }] };
  notApplicable(INSIDE, 'page', 'the page has no output folder');
  for (const host of ['batch', 'workflow'] as const)
    cell(INSIDE, host, async () => {
      const inside = memoryFolders(new Map([['a.jpg', jpg(1)]]), 'inside');
      const first = await siteRun(host, job, inside);
      expect(first.notice).toMatch(/inside the folder being processed/);
      expect([...first.files.keys()].filter((k) => k !== '.keep')).toEqual(['a.png']);
      const same = memoryFolders(new Map([['a.jpg', jpg(1)]]), 'same');
      await siteRun(host, compress, same);
      const again = await siteRun(host, compress, same);
      expect(again.notice).toMatch(/files written there by a batch are not taken as inputs/);
      expect(again.rows.map((r) => [r.path, r.status])).toEqual([['a.jpg', 'skipped']]);
      expect([...same.input.files().keys()].filter((k) => k !== RECORD_FILE).sort()).toEqual(['a.jpg', 'compressed-a.jpg']);
    });
  cell(INSIDE, 'cli', async () => {
    const dir = diskFolder(new Map([['a.jpg', jpg(1)]]));
    const first = await cliRun(job, [dir], join(dir, 'out'));
    expect(first.stderr).toMatch(/is inside .*: the files in it are not read as inputs/);
    const second = await cliRun(job, [dir], join(dir, 'out'));
    expect(second.rows.map((r) => r.path)).toEqual(['a.jpg']);
    expect([...diskFiles(join(dir, 'out')).keys()]).toEqual(['a.png']);
    const same = diskFolder(new Map([['a.jpg', jpg(1)]]));
    await cliRun(compress, [same], same);
    const again = await cliRun(compress, [same], same);
    expect(again.stderr).toMatch(/the folder being read: files written there by filedesk are not read as inputs/);
    expect(again.rows.map((r) => [r.path, r.status])).toEqual([['a.jpg', 'skipped']]);
    expect([...diskFiles(same).keys()].sort()).toEqual(['a.jpg', 'compressed-a.jpg']);
  });
});

const MID_SPLIT = 'resume after a kill mid-split';
const OTHER_JOB = 'other options into the same folder';
describe('resume', () => {
  const split = (rows: number): Job => ({ steps: [{ tool: 'split-csv', options: { rowsPerFile: rows } }] });
  const sheet = () => new Map([['people.csv', csv(6, 'p')]]);
  /** What a kill after the first part leaves: part 1, and the record without the input's "done" line. */
  const killAfterFirstPart = (files: Map<string, unknown>, remove: (path: string) => void, record: string): string => {
    for (const path of [...files.keys()].filter((p) => /part-[23]/.test(p))) remove(path);
    return record
      .split('\n')
      .filter((l) => !l.includes('"done"'))
      .join('\n');
  };
  const parts = (files: Map<string, Uint8Array>) =>
    [...files.keys()]
      .filter((k) => k.endsWith('.csv'))
      .sort()
      .map((k) => Papa.parse<string[]>(new TextDecoder().decode(files.get(k)!).trim()).data.slice(1).map((r) => r[1]));

  notApplicable(MID_SPLIT, 'page', 'a page run is not resumed');
  notApplicable(OTHER_JOB, 'page', 'the page has no output folder');
  for (const host of ['batch', 'workflow'] as const) {
    cell(MID_SPLIT, host, async () => {
      const folders = memoryFolders(sheet());
      await siteRun(host, split(2), folders);
      const recordFile = folders.output.entries.get(RECORD_FILE) as { bytes: Uint8Array };
      recordFile.bytes = new TextEncoder().encode(killAfterFirstPart(folders.output.files(), (p) => folders.output.remove(p), new TextDecoder().decode(recordFile.bytes)));
      const resumed = await siteRun(host, split(2), folders);
      expect(resumed.rows[0].status).toBe('done');
      expect(parts(resumed.files)).toEqual([['p-1', 'p-2'], ['p-3', 'p-4'], ['p-5', 'p-6']]);
    });
    cell(OTHER_JOB, host, async () => {
      const folders = memoryFolders(sheet());
      await siteRun(host, split(2), folders);
      const other = await siteRun(host, split(3), folders);
      expect(other.rows[0].status).toBe('done');
      // The first job's three parts are untouched; the second's two are written beside them under names of their own.
      const rowsOf = (name: string) => parts(new Map([[name, other.files.get(name)!]]))[0];
      expect(other.rows[0].outputs).toEqual(['split-part-1-people (2).csv', 'split-part-2-people (2).csv']);
      expect(['split-part-1-people.csv', 'split-part-2-people.csv', 'split-part-3-people.csv'].map(rowsOf)).toEqual([['p-1', 'p-2'], ['p-3', 'p-4'], ['p-5', 'p-6']]);
      expect(other.rows[0].outputs.map(rowsOf)).toEqual([['p-1', 'p-2', 'p-3'], ['p-4', 'p-5', 'p-6']]);
    });
  }
  cell(MID_SPLIT, 'cli', async () => {
    const dir = diskFolder(sheet());
    const out = join(work, 'split-out');
    await cliRun(split(2), [dir], out);
    const record = killAfterFirstPart(diskFiles(out), (p) => unlinkSync(join(out, p)), readFileSync(join(out, RECORD_FILE), 'utf8'));
    writeFileSync(join(out, RECORD_FILE), record);
    const resumed = await cliRun(split(2), [dir], out);
    expect(resumed.code).toBe(0);
    expect(resumed.rows[0].status).toBe('done');
    expect(parts(resumed.files)).toEqual([['p-1', 'p-2'], ['p-3', 'p-4'], ['p-5', 'p-6']]);
  });
  cell(OTHER_JOB, 'cli', async () => {
    const dir = diskFolder(new Map([['a.jpg', jpg(1)], ['b.jpg', jpg(2)]]));
    const out = join(work, 'quality-out');
    const low = await cliRun({ steps: [{ tool: 'image-compressor', options: { quality: 50 } }] }, [dir], out);
    const lowBytes = new Map(low.files);
    const high = await cliRun({ steps: [{ tool: 'image-compressor', options: { quality: 90 } }] }, [dir], out);
    expect(high.rows.map((r) => r.status)).toEqual(['done', 'done']);
    // The quality-50 files are untouched; the quality-90 ones are new, and larger.
    for (const [path, bytes] of lowBytes) expect(Buffer.compare(Buffer.from(high.files.get(path)!), Buffer.from(bytes))).toBe(0);
    expect(high.rows.map((r) => r.outputs[0]).sort()).toEqual(['compressed-a (2).jpg', 'compressed-b (2).jpg']);
    expect(high.files.get('compressed-a (2).jpg')!.length).toBeGreaterThan(lowBytes.get('compressed-a.jpg')!.length);
  });

  const MORE_INPUTS = 'a combining tool run again with more inputs';
  notApplicable(MORE_INPUTS, 'page', 'a page run is not resumed');
  notApplicable(MORE_INPUTS, 'batch', 'folder batch runs tools file by file');
  notApplicable(MORE_INPUTS, 'workflow', 'a combining chain runs on its page');
  cell(MORE_INPUTS, 'cli', async () => {
    const dir = diskFolder(new Map([['a.pdf', await pdf(1)], ['b.pdf', await pdf(2)]]));
    const out = join(work, 'merge-out');
    const first = await cliRun({ steps: [{ tool: 'merge-pdf' }] }, [dir], out);
    expect(first.code).toBe(0);
    const same = await cliRun({ steps: [{ tool: 'merge-pdf' }] }, [dir], out);
    expect(same.rows.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    writeFileSync(join(dir, 'c.pdf'), await pdf(4));
    const more = await cliRun({ steps: [{ tool: 'merge-pdf' }] }, [dir], out);
    expect(more.rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    const merged = more.rows[0].outputs[0];
    expect((await PDFDocument.load(more.files.get(merged)!)).getPageCount()).toBe(7);
    expect(more.files.size).toBe(2);
  });
});

const EMPTY = 'a zero-byte file among others';
describe(EMPTY, () => {
  const files = () => new Map<string, Uint8Array>([['empty.csv', new Uint8Array()], ['ok.csv', new TextEncoder().encode(csv(4, 'k'))]]);
  const job: Job = { steps: [{ tool: 'split-csv', options: { rowsPerFile: 2 } }] };
  const expectOutcome = (outcome: Outcome) => {
    const rows = Object.fromEntries(outcome.rows.map((r) => [r.path, r]));
    expect(rows['empty.csv']).toMatchObject({ status: 'failed', message: 'The file empty.csv is empty. Please choose a file that has content.' });
    expect(rows['ok.csv'].status).toBe('done');
    expect([...outcome.files.keys()].filter((k) => k.endsWith('.csv')).length).toBe(2);
  };
  cell(EMPTY, 'page', async () => expectOutcome(await pageRun(job, files())));
  for (const host of ['batch', 'workflow'] as const) cell(EMPTY, host, async () => expectOutcome(await siteRun(host, job, memoryFolders(files()))));
  cell(EMPTY, 'cli', async () => {
    const outcome = await cliRun(job, [diskFolder(files())], join(work, 'empty-out'));
    expect(outcome.code).toBe(1);
    expectOutcome(outcome);
  });
});

const VANISHED = 'a file that vanishes mid-run';
describe(VANISHED, () => {
  const job: Job = { steps: [{ tool: 'jpg-to-png' }] };
  const message = 'The file z.jpg could not be read: it was moved, renamed or deleted after the run started. Put it back and run again.';
  notApplicable(VANISHED, 'page', 'the page holds the chosen files');
  for (const host of ['batch', 'workflow'] as const)
    cell(VANISHED, host, async () => {
      const folders = memoryFolders(new Map([['a.jpg', jpg(1)], ['z.jpg', jpg(2)]]));
      const outcome = await siteRun(host, job, folders, () => folders.input.remove('z.jpg'));
      expect(outcome.rows.map((r) => [r.path, r.status, r.message])).toEqual([['a.jpg', 'done', ''], ['z.jpg', 'failed', message]]);
    });
  cell(VANISHED, 'cli', async () => {
    const files = new Map<string, Uint8Array>(Array.from({ length: 12 }, (_, i) => [`${String.fromCharCode(97 + i)}.jpg`, jpg(i, 400, 300)]));
    files.set('z.jpg', jpg(20));
    const dir = diskFolder(files);
    let removed = false;
    const outcome = await cliRun(job, [dir], join(work, 'vanish-out'), ['--jobs', '1'], () => {
      if (!removed) unlinkSync(join(dir, 'z.jpg'));
      removed = true;
    });
    expect(outcome.rows.find((r) => r.path === 'z.jpg')).toMatchObject({ status: 'failed', message });
    expect(outcome.rows.filter((r) => r.status === 'done')).toHaveLength(12);
    expect(outcome.code).toBe(1);
  });
});

describe('an output folder that cannot be written', () => {
  const job: Job = { steps: [{ tool: 'jpg-to-png' }] };
  const cases: [string, Fault, RegExp][] = [
    ['a read-only output folder', 'NotAllowedError', /could not be written because the output folder is read-only or writing to it is not allowed\. Choose a folder you can write to\.$/],
    ['a full disk', 'QuotaExceededError', /could not be written because the disk is full\. Free some space, then run again: what was written is kept and the rest resumes\.$/],
    ['an output folder that vanished', 'NotFoundError', /could not be written because the output folder was moved or deleted during the run\. Choose it again, then run again\.$/],
  ];
  for (const [row, fault, message] of cases) {
    notApplicable(row, 'page', 'the page writes no folder');
    for (const host of ['batch', 'workflow'] as const)
      cell(row, host, async () => {
        const folders = memoryFolders(new Map([['a.jpg', jpg(1)], ['b.jpg', jpg(2)]]));
        folders.output.fault = fault;
        const outcome = await siteRun(host, job, folders);
        expect(outcome.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
        for (const r of outcome.rows) expect(r.message).toMatch(message);
        expect(outcome.files.size).toBe(0);
      });
  }
  const [readOnly, full, vanished] = cases;
  notApplicable(vanished[0], 'cli', 'the command creates the folder again');
  cell(readOnly[0], 'cli', async () => {
    if (!IS_ROOT && !process.env.CI) return console.warn('Skipped: making a folder read-only for root too needs chattr as root.');
    const out = diskFolder(new Map());
    expect(spawnSync('chattr', ['+i', out]).status).toBe(0);
    try {
      const outcome = await cliRun(job, [diskFolder(new Map([['a.jpg', jpg(1)], ['b.jpg', jpg(2)]]))], out);
      expect(outcome.code).toBe(1);
      expect(outcome.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
      for (const r of outcome.rows) expect(r.message).toMatch(readOnly[2]);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
    } finally {
      spawnSync('chattr', ['-i', out]);
    }
  });
  cell(full[0], 'cli', async () => {
    if (!IS_ROOT && !process.env.CI) return console.warn('Skipped: a small full disk needs a tmpfs mount as root.');
    const out = join(work, 'full-disk');
    mkdirSync(out);
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', out]).status).toBe(0);
    try {
      // Room for the record's lines, none for a 400x300 PNG.
      writeFileSync(join(out, 'filler'), Buffer.alloc(64 * 1024 - 8 * 1024));
      const outcome = await cliRun(job, [diskFolder(new Map([['a.jpg', jpg(1, 400, 300)], ['b.jpg', jpg(2, 400, 300)]]))], out);
      expect(outcome.code).toBe(1);
      expect(outcome.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
      for (const r of outcome.rows) expect(r.message).toMatch(full[2]);
    } finally {
      spawnSync('umount', [out]);
    }
  });
  const SINK = 'a sink that throws for one file';
  notApplicable(SINK, 'page', 'the page writes no folder');
  notApplicable(SINK, 'batch', 'covered by the rows above');
  notApplicable(SINK, 'workflow', 'covered by the rows above');
  cell(SINK, 'cli', async () => {
    const out = diskFolder(new Map([['trip', 'a file where a folder of the output goes']]));
    const outcome = await cliRun(job, [diskFolder(new Map([['a.jpg', jpg(1)], ['trip/b.jpg', jpg(2)]]))], out);
    expect(outcome.code).toBe(1);
    expect(Object.fromEntries(outcome.rows.map((r) => [r.path, r.status]))).toEqual({ 'a.jpg': 'done', 'trip/b.jpg': 'failed' });
    expect(outcome.rows.find((r) => r.path === 'trip/b.jpg')!.message).toBe('trip/b.png could not be written because a file stands where a folder of the output is needed. Move it away or choose another output folder.');
  });
});

const NAMES = 'names with spaces, accents, emoji, 200+ bytes, path-like parts';
describe(NAMES, () => {
  const long = `${'é'.repeat(110)}.jpg`;
  const names = ['with space.jpg', 'café résumé.jpg', 'emoji 😀🎉.jpg', long, 'back\\slash.jpg', '..dots.jpg', 'a..b.jpg'];
  const job: Job = { steps: [{ tool: 'jpg-to-png' }] };
  const files = () => new Map(names.map((name, i) => [name, jpg(i)]));
  const expectOutcome = (outcome: Outcome, hidden: string[] = []) => {
    const expected = names.filter((n) => !hidden.includes(n));
    expect(outcome.rows.map((r) => r.status)).toEqual(expected.map(() => 'done'));
    expect(outcome.files.size).toBe(expected.length);
    for (const path of outcome.files.keys()) {
      expect(path.includes('/')).toBe(false);
      expect(new TextEncoder().encode(path).length).toBeLessThanOrEqual(255);
      expect(path.endsWith('.png')).toBe(true);
    }
    expect(outcome.files.has('with space.png') && outcome.files.has('café résumé.png') && outcome.files.has('emoji 😀🎉.png')).toBe(true);
    expect(outcome.files.has('back_slash.png')).toBe(true);
  };
  cell(NAMES, 'page', async () => expectOutcome(await pageRun(job, files())));
  // The browser's folders hold no backslash in a name; names starting with a dot are hidden files, not listed.
  const siteNames = () => new Map([...files()].filter(([n]) => !n.includes('\\')));
  for (const host of ['batch', 'workflow'] as const)
    cell(NAMES, host, async () => {
      const outcome = await siteRun(host, job, memoryFolders(siteNames()));
      expect(outcome.rows.map((r) => r.status).every((s) => s === 'done')).toBe(true);
      expect(outcome.rows.map((r) => r.path).sort()).toEqual(names.filter((n) => !n.includes('\\') && !n.startsWith('.')).sort());
      for (const path of outcome.files.keys()) expect(new TextEncoder().encode(path).length).toBeLessThanOrEqual(255);
    });
  cell(NAMES, 'cli', async () => {
    const dir = diskFolder(files());
    const out = join(work, 'names-out');
    const outcome = await cliRun(job, [dir], out);
    expect(outcome.code).toBe(0);
    expectOutcome(outcome, ['..dots.jpg']);
    // Nothing outside the output folder: the work folder holds only the inputs' folder, the output and earlier cases.
    for (const entry of readdirSync(out)) expect(statSync(join(out, entry)).isFile()).toBe(true);
  });
});

const TYPED = 'text typed while a page for typed text hydrates';
notApplicable(TYPED, 'page', 'end to end in Chromium: e2e/chart-maker-typing.spec.ts and e2e/page-code.spec.ts');
notApplicable(TYPED, 'batch', 'no typed text');
notApplicable(TYPED, 'workflow', 'no typed text');
notApplicable(TYPED, 'cli', 'no typed text');
