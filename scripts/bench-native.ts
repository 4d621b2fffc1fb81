/**
 * npm run bench:native — FileDesk next to the native programs, in one run on
 * the same files, printed as ratios:
 *
 * 1. Photos to JPEG quality 75: `filedesk image-compressor --jobs <cores>`
 *    against sharp 0.35 (libvips + MozJPEG) and ImageMagick, each running as
 *    many files at once as there are cores; then the site's folder batch in
 *    Chromium on the same photos, once the service worker is installed.
 *    Photos: 54 camera photos, 1800 x 1200, made from
 *    ../shared/corpus/jpeg-exif (turned, mirrored and cropped) when it is
 *    there, otherwise generated.
 * 2. PDFs compressed: `filedesk pdf-compressor --jobs <cores>` against
 *    Ghostscript /ebook, as many at once; time and median output / input.
 *    PDFs: the first 30 of ../shared/corpus/pdf, otherwise generated.
 * 3. Size limits (scripts/bench-fit.ts) and engines on one thread and on all
 *    cores (scripts/bench-threads.ts, scripts/bench-threads-ml.ts).
 *
 * Options: --no-build, --no-site, --no-fit, --no-threads, --runs 2 (best of).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { imageHeavyPdf } from '../tests/fixtures/pdf-build/build';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', '2'));
const CORES = availableParallelism();
const WORK = join(tmpdir(), 'filedesk-bench-native');
const CLI_DIST = 'dist-cli';
const CLI = join(root, CLI_DIST, 'filedesk.js');
const SITE_DIST = join(WORK, 'site');
const CORPUS = join(root, '..', 'shared', 'corpus');
const PHOTOS = join(WORK, 'photos');
const PDFS = join(WORK, 'pdfs');
const PHOTO_COUNT = 54;
const PDF_COUNT = 30;
const QUALITY = 75;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

function sh(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(command, commandArgs, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (run.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${run.stdout?.slice(-2000)}\n${run.stderr?.slice(-2000)}`);
  return run.stdout;
}

function have(program: string): boolean {
  return spawnSync('which', [program]).status === 0;
}

/** Runs `task` over `items`, `lanes` at a time, and returns the wall time in ms. */
async function timed<T>(items: T[], lanes: number, task: (item: T) => Promise<void>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
  return performance.now() - started;
}

function exec(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${err.slice(-500)}`))));
  });
}

async function best(run: () => Promise<number>): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < RUNS; i++) fastest = Math.min(fastest, await run());
  return fastest;
}

function folderBytes(dir: string): number {
  return readdirSync(dir)
    .filter((n) => !n.startsWith('.'))
    .reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
}

/** A photo-like picture when there is no corpus: light, edges, texture and sensor noise. */
async function generatedPhoto(seed: number): Promise<Buffer> {
  const width = 1800;
  const height = 1200;
  const data = Buffer.alloc(width * height * 3);
  let s = seed * 7919;
  const noise = () => ((s = (s * 1664525 + 1013904223) >>> 0) >>> 26) - 32;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const hill = Math.sin((x + seed * 97) / 140) * 80 + height * 0.45;
      const ground = y > hill;
      const texture = ground ? Math.sin(x / 7 + y / 11) * 25 + ((x * y + seed) % 37) : 0;
      data[i] = Math.max(0, Math.min(255, (ground ? 70 : 120 + y / 8) + texture + noise() / 2));
      data[i + 1] = Math.max(0, Math.min(255, (ground ? 110 : 170 + y / 10) + texture + noise() / 2));
      data[i + 2] = Math.max(0, Math.min(255, (ground ? 50 : 235) + texture / 2 + noise() / 2));
    }
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

async function makePhotos(): Promise<string> {
  if (existsSync(PHOTOS) && readdirSync(PHOTOS).length === PHOTO_COUNT) return describePhotos();
  rmSync(PHOTOS, { recursive: true, force: true });
  mkdirSync(PHOTOS, { recursive: true });
  const sources = existsSync(join(CORPUS, 'jpeg-exif')) ? readdirSync(join(CORPUS, 'jpeg-exif')).filter((n) => /\.jpe?g$/i.test(n)) : [];
  for (let i = 0; i < PHOTO_COUNT; i++) {
    const name = join(PHOTOS, `photo-${String(i + 1).padStart(2, '0')}.jpg`);
    if (sources.length) {
      // Camera photos, each one a different picture: turned, mirrored, cropped and scaled back to 1800 x 1200.
      const source = sharp(join(CORPUS, 'jpeg-exif', sources[i % sources.length])).rotate();
      const { width = 1800, height = 1200 } = await source.clone().metadata();
      const crop = 0.7 + ((i * 37) % 30) / 100;
      const w = Math.round(width * crop);
      const h = Math.round(height * crop);
      let picture = source.extract({ left: Math.round(((width - w) * (i % 5)) / 4), top: Math.round(((height - h) * (i % 3)) / 2), width: w, height: h });
      if (i % 2) picture = picture.flop();
      writeFileSync(name, await picture.resize(1800, 1200, { fit: 'fill' }).jpeg({ quality: 92 + (i % 6) }).toBuffer());
    } else writeFileSync(name, await generatedPhoto(i + 1));
  }
  return describePhotos();
}

function describePhotos(): string {
  const corpus = existsSync(join(CORPUS, 'jpeg-exif'));
  return `${PHOTO_COUNT} photos 1800 × 1200 (${megabytes(folderBytes(PHOTOS))}), ${corpus ? 'made from the corpus camera photos' : 'generated'}`;
}

async function makePdfs(): Promise<string> {
  const corpus = join(CORPUS, 'pdf');
  rmSync(PDFS, { recursive: true, force: true });
  mkdirSync(PDFS, { recursive: true });
  if (existsSync(corpus)) {
    const names = readdirSync(corpus).filter((n) => n.endsWith('.pdf')).sort().slice(0, PDF_COUNT);
    for (const name of names) writeFileSync(join(PDFS, name), readFileSync(join(corpus, name)));
    return `${names.length} corpus PDFs (${megabytes(folderBytes(PDFS))})`;
  }
  for (let i = 0; i < PDF_COUNT; i++) {
    const bytes = await imageHeavyPdf({ imageWidth: 1200, imageHeight: 900, drawWidth: 400, seed: i + 1 });
    writeFileSync(join(PDFS, `report-${String(i + 1).padStart(2, '0')}.pdf`), bytes);
  }
  return `${PDF_COUNT} generated PDFs (${megabytes(folderBytes(PDFS))})`;
}

function cliRun(tool: string, input: string, out: string, extra: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  rmSync(out, { recursive: true, force: true });
  const started = performance.now();
  return exec(process.execPath, [CLI, tool, input, '--out', out, '--jobs', String(CORES), ...extra], env).then(() => performance.now() - started);
}

interface Row {
  job: string;
  who: string;
  ms: number;
  bytes: number;
  note?: string;
}

/** Pixels of two JPEGs decoded alike: equal, or how far apart. */
async function samePixels(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).raw().toBuffer()));
  return x.equals(y);
}

async function photosRow(rows: Row[]) {
  const files = readdirSync(PHOTOS).sort();
  const out = (who: string) => join(WORK, `out-photos-${who}`);
  const cli = await best(() => cliRun('image-compressor', PHOTOS, out('cli'), ['--quality', String(QUALITY)]));
  rows.push({ job: 'photos → JPEG q75', who: `filedesk --jobs ${CORES}`, ms: cli, bytes: folderBytes(out('cli')) });
  const wasm = await best(() => cliRun('image-compressor', PHOTOS, out('wasm'), ['--quality', String(QUALITY)], { FILEDESK_NATIVE: '0' }));
  const sameFile = (name: string) => readFileSync(join(out('cli'), name)).equals(readFileSync(join(out('wasm'), name)));
  const byteIdentical = readdirSync(out('cli')).filter((n) => !n.startsWith('.') && sameFile(n)).length;
  rows.push({ job: 'photos → JPEG q75', who: 'filedesk, WebAssembly only', ms: wasm, bytes: folderBytes(out('wasm')), note: `the native path's files byte-identical in ${byteIdentical} of ${files.length}` });
  sharp.concurrency(1);
  mkdirSync(out('sharp'), { recursive: true });
  const viaSharp = await best(() =>
    timed(files, CORES, async (name) => {
      await sharp(join(PHOTOS, name)).rotate().jpeg({ quality: QUALITY, mozjpeg: true }).toFile(join(out('sharp'), name));
    }),
  );
  let identical = 0;
  for (const name of files) if (await samePixels(join(out('cli'), `compressed-${name}`), join(out('sharp'), name))) identical++;
  rows.push({ job: 'photos → JPEG q75', who: 'sharp (libvips + MozJPEG)', ms: viaSharp, bytes: folderBytes(out('sharp')), note: `FileDesk's pixels identical in ${identical} of ${files.length}` });
  if (have('convert')) {
    mkdirSync(out('magick'), { recursive: true });
    const magick = await best(() => timed(files, CORES, (name) => exec('convert', [join(PHOTOS, name), '-auto-orient', '-strip', '-quality', String(QUALITY), join(out('magick'), name)])));
    rows.push({ job: 'photos → JPEG q75', who: 'ImageMagick', ms: magick, bytes: folderBytes(out('magick')) });
  }
}

async function pdfsRow(rows: Row[]) {
  const files = readdirSync(PDFS).sort();
  const out = (who: string) => join(WORK, `out-pdfs-${who}`);
  const cli = await best(() => cliRun('pdf-compressor', PDFS, out('cli'), []));
  const inputs = new Map(files.map((n) => [n, statSync(join(PDFS, n)).size]));
  const medianOf = (dir: string, name: (n: string) => string) => {
    const ratios = files.map((n) => (existsSync(join(dir, name(n))) ? statSync(join(dir, name(n))).size : inputs.get(n)!) / inputs.get(n)!).sort((a, b) => a - b);
    return ratios[Math.floor(ratios.length / 2)];
  };
  rows.push({ job: 'PDFs compressed', who: `filedesk --jobs ${CORES}`, ms: cli, bytes: folderBytes(out('cli')), note: `median output/input ${medianOf(out('cli'), (n) => `compressed-${n}`).toFixed(3)}` });
  if (!have('gs')) return;
  mkdirSync(out('gs'), { recursive: true });
  const gs = await best(() =>
    timed(files, CORES, (name) =>
      exec('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${join(out('gs'), name)}`, join(PDFS, name)]).catch(() => undefined),
    ),
  );
  rows.push({ job: 'PDFs compressed', who: 'Ghostscript /ebook', ms: gs, bytes: folderBytes(out('gs')), note: `median output/input ${medianOf(out('gs'), (n) => n).toFixed(3)}` });
}

/** The site's folder batch in Chromium on the photos, at the same quality: wall time from Run batch to the report. */
async function siteBatch(rows: Row[]) {
  if (!flag('--no-build') || !existsSync(join(SITE_DIST, 'index.html'))) sh('npx', ['vite', 'build'], { DIST_DIR: SITE_DIST });
  const { createSiteServer } = await import('../src/cli/serve');
  const server = createSiteServer(SITE_DIST);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const files = readdirSync(PHOTOS).sort();
    const run = async () => {
      const page = await browser.newPage();
      await page.goto(`${origin}/tools/image-compressor?demo=0`);
      await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
      const isolated = await page.evaluate(() => crossOriginIsolated);
      // A first visit installs the service worker, whose precache would compete with the batch for the cores:
      // the batch is timed once it is in place, as on any later visit.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.evaluate(async () => {
        const opfs = await navigator.storage.getDirectory();
        for await (const name of (opfs as unknown as { keys(): AsyncIterable<string> }).keys()) await opfs.removeEntry(name, { recursive: true });
        await opfs.getDirectoryHandle('in', { create: true });
        await opfs.getDirectoryHandle('out', { create: true });
        let next = 0;
        (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => opfs.getDirectoryHandle(['in', 'out'][next++ % 2]);
      });
      for (const name of files) {
        const data = readFileSync(join(PHOTOS, name)).toString('base64');
        await page.evaluate(
          async ([fileName, base64]) => {
            const input = await (await navigator.storage.getDirectory()).getDirectoryHandle('in');
            const writable = await (await input.getFileHandle(fileName, { create: true })).createWritable();
            await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
            await writable.close();
          },
          [name, data] as const,
        );
      }
      await page.getByRole('button', { name: 'Process a folder' }).click();
      await page.getByLabel('Quality', { exact: true }).fill(String(QUALITY));
      await page.getByRole('button', { name: 'Choose a folder' }).click();
      await page.getByRole('button', { name: 'Choose output folder' }).click();
      const started = performance.now();
      await page.getByRole('button', { name: 'Run batch' }).click();
      await page.getByRole('button', { name: 'Download report (CSV)' }).waitFor({ timeout: 1_800_000 });
      const ms = performance.now() - started;
      const bytes = await page.evaluate(async () => {
        const out = await (await navigator.storage.getDirectory()).getDirectoryHandle('out');
        let total = 0;
        for await (const [name, handle] of (out as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }).entries())
          if (!name.startsWith('.') && handle.kind === 'file') total += (await handle.getFile()).size;
        return total;
      });
      await page.close();
      return { ms, bytes, isolated };
    };
    let fastest = { ms: Infinity, bytes: 0, isolated: false };
    for (let i = 0; i < RUNS; i++) {
      const r = await run();
      if (r.ms < fastest.ms) fastest = r;
    }
    rows.push({ job: 'photos → JPEG q75', who: `site folder batch (Chromium${fastest.isolated ? ', isolated' : ''})`, ms: fastest.ms, bytes: fastest.bytes });
  } finally {
    await browser.close();
    server.close();
  }
}

function print(rows: Row[]) {
  console.log('\n| job | who | time | output | vs FileDesk CLI | note |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const cli = rows.find((r) => r.job === row.job && r.who.startsWith('filedesk --jobs'));
    console.log(`| ${row.job} | ${row.who} | ${seconds(row.ms)} | ${megabytes(row.bytes)} | ${cli ? ratio(row.ms, cli.ms) : ''} | ${row.note ?? ''} |`);
  }
  const pick = (job: string, who: string) => rows.find((r) => r.job === job && r.who.startsWith(who));
  const cliPhotos = pick('photos → JPEG q75', 'filedesk --jobs');
  const sharpRow = pick('photos → JPEG q75', 'sharp');
  const site = pick('photos → JPEG q75', 'site folder batch');
  const cliPdfs = pick('PDFs compressed', 'filedesk --jobs');
  const gs = pick('PDFs compressed', 'Ghostscript');
  console.log('\nRatios (time, lower is better):');
  if (cliPhotos && sharpRow) console.log(`  filedesk image-compressor / sharp: ${ratio(cliPhotos.ms, sharpRow.ms)} (target ≤ 1.3×)`);
  if (cliPhotos && site) console.log(`  site folder batch / filedesk CLI: ${ratio(site.ms, cliPhotos.ms)} (target ≤ 1.3×)`);
  if (cliPdfs && gs) console.log(`  filedesk pdf-compressor / Ghostscript /ebook: ${ratio(cliPdfs.ms, gs.ms)} (target ≤ 1.5×)`);
}

async function main() {
  console.log(`Machine: ${CORES} cores, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}, MozJPEG ${sharp.versions.mozjpeg})`);
  if (!flag('--no-build') || !existsSync(CLI)) sh('npm', ['run', 'build:cli']);
  mkdirSync(WORK, { recursive: true });
  console.log(`Photos: ${await makePhotos()}`);
  console.log(`PDFs: ${await makePdfs()}`);
  const rows: Row[] = [];
  await photosRow(rows);
  if (!flag('--no-site')) await siteBatch(rows);
  await pdfsRow(rows);
  print(rows);
  if (!flag('--no-fit')) {
    console.log('\nSize limits (scripts/bench-fit.ts):');
    const { benchFit } = await import('./bench-fit');
    await benchFit({ pictures: 4, old: false });
  }
  if (!flag('--no-threads')) {
    console.log('\nOne thread and all cores (scripts/bench-threads.ts, scripts/bench-threads-ml.ts):');
    const { benchThreads } = await import('./bench-threads');
    await benchThreads({});
    const { benchThreadsMl } = await import('./bench-threads-ml');
    await benchThreadsMl();
  }
}

await main();
