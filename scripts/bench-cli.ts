/**
 * npm run bench:cli: the `filedesk` command on generated files, in Node.
 *
 * 1. Throughput and memory: 500 generated PDFs (a page of text, a link and
 *    an 800 x 600 photo each) through the PDF Compressor and 500 generated photos
 *    (1024 x 768 JPEG) through the Image Compressor, with --jobs 1 and
 *    --jobs 2: files per second, and the command's resident memory (main
 *    thread and worker threads are one process) sampled ten times a second,
 *    as its peak after a fifth, half and all of the files, so a peak that
 *    grows with the file count shows.
 * 2. Same outputs as the site: the first 20 files of each set through the
 *    built site's batch mode in headless Chromium (folder to folder in the
 *    origin-private file system, the tool's default options, as the CLI ran
 *    them), compared byte for byte with the CLI's outputs.
 *
 * Options: --files 500, --no-build (reuse dist-cli/ and /tmp/dist-bench-cli),
 * --no-site (skip part 2), --jobs 1,2, --tools pdf-compressor,image-compressor.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageHeavyPdf } from '../tests/fixtures/pdf-build/build';
import { noiseJpeg } from '../tests/fixtures/pdf-build/images';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const FILES = Number(option('--files', '500'));
const JOBS = option('--jobs', '1,2').split(',').map(Number);
const TOOLS = option('--tools', 'pdf-compressor,image-compressor').split(',');
const COMPARE = 20;
const WORK = join(tmpdir(), 'filedesk-bench-cli');
const SITE_DIST = '/tmp/dist-bench-cli';
const CLI = join(root, 'dist-cli', 'filedesk.js');

interface Set {
  tool: string;
  dir: string;
  make(i: number): Promise<Uint8Array>;
  name(i: number): string;
}

const ALL_SETS: Set[] = [
  {
    tool: 'pdf-compressor',
    dir: join(WORK, 'pdfs'),
    make: (i) => imageHeavyPdf({ imageWidth: 800, imageHeight: 600, drawWidth: 400, seed: i + 1 }),
    name: (i) => `report-${String(i).padStart(4, '0')}.pdf`,
  },
  {
    tool: 'image-compressor',
    dir: join(WORK, 'photos'),
    make: async (i) => noiseJpeg(1024, 768, 95, i + 1),
    name: (i) => `photo-${String(i).padStart(4, '0')}.jpg`,
  },
];

const SETS = ALL_SETS.filter((s) => TOOLS.includes(s.tool));

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function build() {
  if (args.includes('--no-build') && existsSync(CLI)) return;
  console.log('Building the command (npm run build:cli) ...');
  const run = spawnSync('npm', ['run', 'build:cli'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`build:cli failed:\n${run.stdout}\n${run.stderr}`);
}

async function generate(set: Set) {
  const have = existsSync(set.dir) ? readdirSync(set.dir).length : 0;
  if (have === FILES) return;
  rmSync(set.dir, { recursive: true, force: true });
  mkdirSync(set.dir, { recursive: true });
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < FILES; i++) {
    const data = await set.make(i);
    bytes += data.byteLength;
    writeFileSync(join(set.dir, set.name(i)), data);
  }
  console.log(`  ${FILES} files for ${set.tool} made in ${((performance.now() - started) / 1000).toFixed(0)} s (${mb(bytes)})`);
}

/** Resident memory of a process, from /proc: current and peak ("high water mark"). */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

interface Run {
  tool: string;
  jobs: number;
  seconds: number;
  done: number;
  failed: number;
  /** Peak resident memory when a fifth, half and all of the files were finished. */
  peaks: number[];
}

function runCli(set: Set, jobs: number, out: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    rmSync(out, { recursive: true, force: true });
    const started = performance.now();
    const child = spawn('nice', ['-n', '5', process.execPath, CLI, set.tool, set.dir, '--out', out, '--json', '--jobs', String(jobs)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const marks = [Math.ceil(FILES / 5), Math.ceil(FILES / 2), FILES];
    const peaks: number[] = [];
    let peak = 0;
    let finished = 0;
    let done = 0;
    let failed = 0;
    let pid = 0;
    const sample = () => {
      // nice execs node in place, so the child's pid is the command's.
      pid ||= child.pid ?? 0;
      const m = pid ? memoryOf(pid) : null;
      if (m) peak = Math.max(peak, m.rss, m.hwm);
    };
    const timer = setInterval(sample, 100);
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!line.trim()) continue;
        const row = JSON.parse(line) as { status: string };
        finished++;
        if (row.status === 'done') done++;
        if (row.status === 'failed') failed++;
        sample();
        while (peaks.length < marks.length && finished >= marks[peaks.length]) peaks.push(peak);
      }
    });
    child.on('error', reject);
    child.on('exit', () => {
      clearInterval(timer);
      while (peaks.length < marks.length) peaks.push(peak);
      resolve({ tool: set.tool, jobs, seconds: (performance.now() - started) / 1000, done, failed, peaks });
    });
  });
}

/** The site's outputs for the first files of a set: batch mode in Chromium, folder to folder in the origin-private file system. */
async function siteOutputs(set: Set, origin: string): Promise<Map<string, Uint8Array>> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/tools/${set.tool}?demo=0`);
    await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
    const files = Array.from({ length: COMPARE }, (_, i) => ({ name: set.name(i), data: readFileSync(join(set.dir, set.name(i))).toString('base64') }));
    await page.evaluate(async (inputs) => {
      const root = await navigator.storage.getDirectory();
      for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) await root.removeEntry(name, { recursive: true });
      const input = await root.getDirectoryHandle('in', { create: true });
      for (const file of inputs) {
        const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
        const writable = await (await input.getFileHandle(file.name, { create: true })).createWritable();
        await writable.write(bytes);
        await writable.close();
      }
      await root.getDirectoryHandle('out', { create: true });
      let next = 0;
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
        root.getDirectoryHandle(['in', 'out'][next++ % 2]);
    }, files);
    await page.getByRole('button', { name: 'Process a folder' }).click();
    await page.getByRole('button', { name: 'Choose a folder' }).click();
    await page.getByRole('button', { name: 'Choose output folder' }).click();
    await page.getByRole('button', { name: 'Run batch' }).click();
    await page.getByRole('button', { name: 'Download report (CSV)' }).waitFor({ timeout: 1_800_000 });
    const written = await page.evaluate(async () => {
      const out = await (await navigator.storage.getDirectory()).getDirectoryHandle('out');
      const found: { name: string; data: string }[] = [];
      for await (const [name, handle] of (out as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }).entries()) {
        if (name.startsWith('.') || handle.kind !== 'file') continue;
        const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        found.push({ name, data: btoa(text) });
      }
      return found;
    });
    return new Map(written.map((f) => [f.name, new Uint8Array(Buffer.from(f.data, 'base64'))]));
  } finally {
    await browser.close();
  }
}

/** Where two files first differ, in words. */
function difference(a: Uint8Array, b: Uint8Array): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `${a.length} vs ${b.length} bytes, first difference at byte ${i}`;
}

async function compareWithSite(outs: Map<string, string>) {
  console.log(`\n2. Same outputs as the site (${COMPARE} files each, default options, the site's batch mode in Chromium)`);
  if (!existsSync(join(SITE_DIST, 'index.html')) || !args.includes('--no-build')) {
    console.log(`Building the site into ${SITE_DIST} ...`);
    const run = spawnSync('nice', ['-n', '10', 'npx', 'vite', 'build'], { cwd: root, env: { ...process.env, DIST_DIR: SITE_DIST }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
  }
  const { createSiteServer } = await import('../src/cli/serve');
  const server = createSiteServer(SITE_DIST);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    for (const set of SETS) {
      const site = await siteOutputs(set, origin);
      const cliDir = outs.get(set.tool)!;
      let same = 0;
      const notes: string[] = [];
      for (let i = 0; i < COMPARE; i++) {
        const name = `compressed-${set.name(i)}`;
        const fromSite = site.get(name);
        const cliPath = join(cliDir, name);
        if (!fromSite || !existsSync(cliPath)) {
          notes.push(`${name}: ${fromSite ? 'not made by the CLI' : 'not made by the site'}`);
          continue;
        }
        const fromCli = new Uint8Array(readFileSync(cliPath));
        if (Buffer.compare(Buffer.from(fromCli), Buffer.from(fromSite)) === 0) same++;
        else notes.push(`${name}: ${difference(fromCli, fromSite)}`);
      }
      console.log(`${set.tool}: ${same} of ${COMPARE} byte-identical`);
      for (const note of notes.slice(0, 5)) console.log(`  ${note}`);
      if (notes.length > 5) console.log(`  ... and ${notes.length - 5} more`);
    }
  } finally {
    server.close();
  }
}

async function main() {
  build();
  console.log(`Generating inputs in ${WORK} ...`);
  for (const set of SETS) await generate(set);
  console.log(`\n1. Throughput and memory, ${FILES} files a run (machine: ${(await import('node:os')).availableParallelism()} cores)`);
  const runs: Run[] = [];
  const outs = new Map<string, string>();
  for (const set of SETS) {
    for (const jobs of JOBS) {
      const out = join(WORK, `out-${set.tool}-${jobs}`);
      outs.set(set.tool, out);
      const run = await runCli(set, jobs, out);
      runs.push(run);
      console.log(`  ${set.tool} --jobs ${jobs}: ${run.done} done, ${run.failed} failed in ${run.seconds.toFixed(1)} s`);
    }
  }
  const marks = [Math.ceil(FILES / 5), Math.ceil(FILES / 2), FILES];
  console.log(`\n| tool | --jobs | files/s | time | peak RSS at ${marks.join(' / ')} files | failed |`);
  console.log('|---|---|---|---|---|---|');
  for (const r of runs) {
    console.log(`| ${r.tool} | ${r.jobs} | ${(r.done / r.seconds).toFixed(2)} | ${r.seconds.toFixed(0)} s | ${r.peaks.map(mb).join(' / ')} | ${r.failed} |`);
  }
  if (!args.includes('--no-site')) await compareWithSite(outs);
}

await main();
