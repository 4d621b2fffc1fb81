/**
 * Threads of the machine-learning and OCR engines, in headless Chromium on the
 * built site: the same runs served once with FILEDESK_ISOLATION=off (no
 * cross-origin isolation, so every engine takes its one-thread build) and once
 * isolated (COOP/COEP from vite preview: every core, src/lib/threads.ts).
 *
 * - background removal (Remove Background, imgly's ISNet on ONNX Runtime Web) on a 640 x 480 photo;
 * - upscaling (Increase Image Resolution 4x, ESRGAN on TensorFlow.js WebAssembly) of a 128 x 128 picture;
 * - OCR (OCR PDF, a pool of tesseract.js workers) of a generated 4-page scanned PDF.
 *
 * Each is timed from the click on the tool's button to its result, the
 * engine's start included (a run's worker starts its engine afresh, and each
 * run has its own browser context, so the engine is fetched again from the
 * local server), best of --runs (default 2); the two sites are served side by
 * side (ports BENCH_PORT and BENCH_PORT + 1) and the runs alternate between
 * them. Prints a table: engine, 1 thread s, all cores s, speed-up; then the
 * cores busy on average (renderer CPU seconds over wall seconds), which says
 * whether the machine had cores to spare at all.
 *
 * Run with `npx tsx scripts/bench-threads-ml.ts` (--no-build reuses the last
 * build in /tmp/dist-bench-threads-ml; --only background,upscale,ocr;
 * BENCH_DEBUG=1 prints the pages' console, their workers, the engine files
 * fetched and the renderers' CPU seconds of each run;
 * BENCH_PORT, CHROMIUM_PATH as the other benches). benchThreadsMl() runs the same from another script.
 */
import { createCanvas } from '@napi-rs/canvas';
import { chromium, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../src/manifests/read.ts';
import { SAMPLE_TEXT, scannedPdf } from '../tests/fixtures/scanned-pdf.ts';
import { buildSite, startPreview, stopPreview } from './bench-site.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface ThreadsMlOptions {
  /** Build folder; built unless `reuse` and it exists. */
  dist?: string;
  reuse?: boolean;
  port?: number;
  runs?: number;
  /** Only these engines (background, upscale, ocr). */
  only?: string[];
}

export interface ThreadsMlRow {
  engine: string;
  oneThread: number;
  allCores: number;
  speedUp: number;
}

interface Input {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

interface Case {
  key: string;
  engine: string;
  slug: string;
  input: () => Promise<Input>;
}

/** A 640 x 480 JPEG photo: a lit figure before a textured, uneven background (so the model runs, not the flat-colour key). */
function photo(): Input {
  const canvas = createCanvas(640, 480);
  const g = canvas.getContext('2d');
  const sky = g.createLinearGradient(0, 0, 640, 480);
  sky.addColorStop(0, '#5a7fa8');
  sky.addColorStop(1, '#c9b27a');
  g.fillStyle = sky;
  g.fillRect(0, 0, 640, 480);
  let seed = 11;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 300; i++) {
    g.fillStyle = `rgba(${Math.floor(rand() * 255)}, ${Math.floor(rand() * 255)}, ${Math.floor(rand() * 255)}, 0.25)`;
    g.fillRect(rand() * 640, rand() * 480, 10 + rand() * 60, 10 + rand() * 60);
  }
  g.fillStyle = '#c98b62';
  g.beginPath();
  g.arc(320, 160, 70, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#2f4f8f';
  g.beginPath();
  g.ellipse(320, 400, 140, 170, 0, 0, Math.PI * 2);
  g.fill();
  return { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: canvas.toBuffer('image/jpeg', 90) };
}

/** A square PNG, 128 x 128 (one tile of the upscaler) unless BENCH_UPSCALE_SIDE says. */
function smallPicture(): Input {
  const side = Number(process.env.BENCH_UPSCALE_SIDE ?? 128);
  const canvas = createCanvas(side, side);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4efe6';
  g.fillRect(0, 0, side, side);
  g.strokeStyle = '#333';
  g.lineWidth = 3;
  for (let i = 0; i < 6; i++) {
    g.beginPath();
    g.arc(64, 64, 8 + i * 9, 0, Math.PI * 1.5);
    g.stroke();
  }
  g.fillStyle = '#b33';
  g.font = '28px sans-serif';
  g.fillText('Ab', 44, 74);
  return { name: 'badge.png', mimeType: 'image/png', buffer: canvas.toBuffer('image/png') };
}

async function fourPageScan(): Promise<Input> {
  const { bytes } = await scannedPdf([SAMPLE_TEXT, SAMPLE_TEXT.slice(2), SAMPLE_TEXT.slice(4), SAMPLE_TEXT.slice(1)], { dpi: 200 });
  return { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

const CASES: Case[] = [
  { key: 'background', engine: 'background removal (640 x 480 photo)', slug: 'remove-background', input: async () => photo() },
  {
    key: 'upscale',
    engine: `upscaling 4x (${process.env.BENCH_UPSCALE_SIDE ?? 128} x ${process.env.BENCH_UPSCALE_SIDE ?? 128} picture)`,
    slug: 'increase-image-resolution',
    input: async () => smallPicture(),
  },
  { key: 'ocr', engine: 'OCR PDF (4 scanned A4 pages)', slug: 'ocr-pdf', input: fourPageScan },
];

/** CPU seconds used so far by the renderer processes (where the page and its workers run), threads that ended included (Linux /proc). */
async function rendererCpu(browser: Browser): Promise<Map<number, number>> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await cdp.detach();
  const seconds = new Map<number, number>();
  for (const { type, id } of processInfo) {
    if (type !== 'renderer') continue;
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime (fields 14 and 15 of stat), in clock ticks of 1/100 s.
      seconds.set(id, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  return seconds;
}

function cpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  return [...after].reduce((sum, [id, s]) => sum + s - (before.get(id) ?? 0), 0);
}

interface Timing {
  /** Seconds from the click to the result. */
  seconds: number;
  /** CPU seconds the renderers used meanwhile: above `seconds` only when more than one core worked. */
  cpu: number;
}

/** One run of a tool on a fresh page. */
async function timeRun(browser: Browser, origin: string, item: Case, input: Input, isolated: boolean): Promise<Timing> {
  const manifest = readManifest(item.slug);
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  if (process.env.BENCH_DEBUG) {
    page.on('console', (m) => console.log(`    [console ${m.type()}] ${m.text().slice(0, 300)}`));
    page.on('pageerror', (e) => console.log(`    [page error] ${e.message}`));
    page.on('worker', (w) => console.log(`    [worker] ${w.url().replace(/^(blob:)?https?:\/\/[^/]+/, '$1').slice(0, 80)}`));
    page.on('response', (r) => r.status() >= 400 && console.log(`    [HTTP ${r.status()}] ${r.url()}`));
    page.on('requestfinished', (r) => /\.wasm|engines\//.test(r.url()) && console.log(`    [fetched] ${r.url().replace(/^https?:\/\/[^/]+/, '')}`));
  }
  try {
    await page.goto(`${origin}/tools/${item.slug}?demo=0`);
    await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
    const pageIsolated = await page.evaluate(() => globalThis.crossOriginIsolated === true);
    if (pageIsolated !== isolated) throw new Error(`${item.slug}: the page is ${pageIsolated ? '' : 'not '}cross-origin isolated, expected the opposite`);
    await page.getByTestId('file-input').setInputFiles(input);
    // The options form shows with the first file.
    if (item.key === 'upscale') await page.getByRole('radio', { name: '4x' }).check();
    const cpuBefore = await rendererCpu(browser);
    const started = performance.now();
    await page.getByRole('button', { name: manifest.action.label, exact: true }).click();
    const failed = page
      .getByTestId('failed-file')
      .or(page.getByTestId('toast').filter({ has: page.locator('.toast-title', { hasText: /^Error$/ }) }));
    const failure = failed
      .first()
      .waitFor({ timeout: 600_000 })
      .then(async () => {
        throw new Error(`${item.slug} failed: ${await failed.first().textContent()}`);
      });
    // Still waiting when the result comes and the page closes: that rejection is not the run's.
    failure.catch(() => {});
    await Promise.race([page.getByTestId('result-name').first().waitFor({ timeout: 600_000 }), failure]);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, cpu: cpuUsed(cpuBefore, await rendererCpu(browser)) };
  } finally {
    await context.close();
  }
}

/** vite preview of `dist`, with (FILEDESK_ISOLATION unset) or without (=off) the isolation headers. */
async function serve(dist: string, port: number, isolated: boolean) {
  const before = process.env.FILEDESK_ISOLATION;
  if (isolated) delete process.env.FILEDESK_ISOLATION;
  else process.env.FILEDESK_ISOLATION = 'off';
  try {
    return await startPreview(dist, port);
  } finally {
    if (before === undefined) delete process.env.FILEDESK_ISOLATION;
    else process.env.FILEDESK_ISOLATION = before;
  }
}

/**
 * Best time of each case in each mode. Both sites are served at once (port
 * and port + 1) and the runs alternate between them, so the load of a shared
 * machine weighs on both alike.
 */
async function measure(dist: string, port: number, cases: Case[], inputs: Map<string, Input>, runs: number): Promise<Map<boolean, Map<string, Timing>>> {
  const modes = [false, true];
  const servers = await Promise.all(modes.map((isolated, i) => serve(dist, port + i, isolated)));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const best = new Map<boolean, Map<string, Timing>>(modes.map((m) => [m, new Map()]));
  try {
    const cores = await (await browser.newPage()).evaluate(() => navigator.hardwareConcurrency);
    console.log(`Chromium reports ${cores} cores; load average ${loadAverage()}`);
    for (const item of cases) {
      for (let run = 1; run <= runs; run++) {
        for (const [i, isolated] of modes.entries()) {
          const timing = await timeRun(browser, `http://127.0.0.1:${port + i}`, item, inputs.get(item.key)!, isolated);
          console.log(
            `  ${item.engine}, ${isolated ? 'all cores' : '1 thread '}: run ${run} ${timing.seconds.toFixed(1)} s, ` +
              `renderer CPU ${timing.cpu.toFixed(1)} s (load ${loadAverage()})`,
          );
          const mode = best.get(isolated)!;
          if (timing.seconds < (mode.get(item.key)?.seconds ?? Infinity)) mode.set(item.key, timing);
        }
      }
    }
  } finally {
    await browser.close();
    servers.forEach(stopPreview);
  }
  return best;
}

function loadAverage(): string {
  return loadavg()[0]!.toFixed(1);
}

/** Runs the benchmark and prints the table; returns its rows. */
export async function benchThreadsMl(options: ThreadsMlOptions = {}): Promise<ThreadsMlRow[]> {
  const dist = options.dist ?? '/tmp/dist-bench-threads-ml';
  const port = options.port ?? Number(process.env.BENCH_PORT ?? 4196);
  const runs = Math.max(1, options.runs ?? 2);
  const cases = CASES.filter((c) => !options.only || options.only.includes(c.key));
  if (!buildSite(dist, options.reuse)) throw new Error('The build failed');
  const inputs = new Map<string, Input>();
  for (const item of cases) inputs.set(item.key, await item.input());
  const best = await measure(dist, port, cases, inputs, runs);
  const one = best.get(false)!;
  const all = best.get(true)!;
  const rows = cases.map((c) => {
    const oneThread = one.get(c.key)!;
    const allCores = all.get(c.key)!;
    return { engine: c.engine, oneThread: oneThread.seconds, allCores: allCores.seconds, speedUp: oneThread.seconds / allCores.seconds, cpu: [oneThread, allCores] };
  });
  console.log(`\nBest of ${runs} run(s), click to result, engine start included:\n`);
  console.log('| engine | 1 thread s | all cores s | speed-up |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.engine} | ${r.oneThread.toFixed(1)} | ${r.allCores.toFixed(1)} | ${r.speedUp.toFixed(2)}x |`);
  // Cores that worked on average: renderer CPU seconds over wall seconds. Near 1 or below in both columns, the machine had no core to spare.
  console.log('\nCores busy on average in those runs (renderer CPU s / wall s):\n');
  console.log('| engine | 1 thread | all cores |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(`| ${r.engine} | ${r.cpu.map((t) => (t.cpu / t.seconds).toFixed(2)).join(' | ')} |`);
  return rows.map(({ cpu: _cpu, ...row }) => row);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  await benchThreadsMl({
    reuse: args.includes('--no-build'),
    dist: option('--dist'),
    runs: option('--runs') ? Number(option('--runs')) : undefined,
    only: option('--only')?.split(','),
  });
}
