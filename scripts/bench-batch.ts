/**
 * npm run bench:batch — batch mode in headless Chromium on the built site,
 * folder to folder through the origin-private file system (the same interface
 * as a picked folder):
 *
 * 1. 100 and then 1,000 generated 2 MP JPEG photos through Image Compressor:
 *    files per second, and the peak memory of the renderer processes (where the
 *    page and its workers run), sampled four times a second.
 * 2. Resume: a batch of 200 whose page is closed half way, then opened again
 *    and run on the same output folder: files lost and files done twice.
 * 3. 300 of the same photos dropped on the "Photos to One Compact PDF"
 *    workflow: time to the PDF, its pages and size, and the renderers' peak.
 *
 * Options: --no-build (reuse the last build), --counts 100,1000, --resume 200,
 * --workflow 300 (0 skips a part).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { buildSite, startPreview, stopPreview } from './bench-site';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const DIST = '/tmp/dist-bench-batch';
const PORT = Number(process.env.BENCH_PORT ?? 4195);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const COUNTS = option('--counts', '100,1000').split(',').map(Number);
const RESUME = Number(option('--resume', '200'));
const WORKFLOW = Number(option('--workflow', '300'));
const PHOTO_DIR = '/tmp/bench-batch-photos';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** 2 megapixels, a 4:3 phone photo. */
const PHOTO = { width: 1632, height: 1224 };

/** Renderer processes' memory, summed, in bytes: proportional set size, so pages shared between processes count once. */
async function rendererMemory(cdp: CDPSession): Promise<number> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  let total = 0;
  for (const { type, id } of processInfo) {
    if (type !== 'renderer') continue;
    try {
      const rss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

/** Samples renderer memory until stopped; gives the peak. */
function sampleMemory(cdp: CDPSession): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rendererMemory(cdp));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** Draws photo number `i` and encodes it as a JPEG; runs in the page (passed as its source text). */
async function photoDrawing(ctx: OffscreenCanvasRenderingContext2D, canvas: OffscreenCanvas, i: number, width: number, height: number): Promise<Blob> {
  // Photo-like: a sky-to-ground gradient, shapes and fine noise, different for each file.
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, `hsl(${(i * 37) % 360} 60% 70%)`);
  sky.addColorStop(1, `hsl(${(i * 53) % 360} 40% 30%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  for (let k = 0; k < 40; k++) {
    ctx.fillStyle = `hsl(${(i * 7 + k * 29) % 360} 50% ${30 + (k % 5) * 10}%)`;
    ctx.beginPath();
    ctx.arc((k * 97 + i * 13) % width, (k * 61 + i * 7) % height, 20 + (k % 7) * 15, 0, Math.PI * 2);
    ctx.fill();
  }
  const noise = ctx.getImageData(0, 0, width, 256);
  for (let p = 0; p < noise.data.length; p++) noise.data[p] += (Math.random() - 0.5) * 24;
  ctx.putImageData(noise, 0, (i * 131) % (height - 256));
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

/** Opens Image Compressor with OPFS folders in/ and out/ behind the folder picker; `count` photos are made first when asked. */
async function openWithFolders(page: Page, count: number | null) {
  await page.goto(`${ORIGIN}/tools/image-compressor?demo=0`);
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  await page.evaluate(
    async ({ count, width, height, draw }) => {
      const drawPhoto = new Function(`return ${draw}`)() as typeof photoDrawing;
      const root = await navigator.storage.getDirectory();
      if (count !== null) {
        for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) await root.removeEntry(name, { recursive: true });
        const input = await root.getDirectoryHandle('in', { create: true });
        const canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext('2d')!;
        for (let i = 0; i < count; i++) {
          const blob = await drawPhoto(ctx, canvas, i, width, height);
          const w = await (await input.getFileHandle(`photo-${String(i).padStart(4, '0')}.jpg`, { create: true })).createWritable();
          await w.write(blob);
          await w.close();
        }
        await root.getDirectoryHandle('out', { create: true });
      }
      let next = 0;
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
        root.getDirectoryHandle(['in', 'out'][next++ % 2]);
    },
    { count, ...PHOTO, draw: photoDrawing.toString() },
  );
  await page.getByRole('button', { name: 'Process a folder' }).click();
  await page.getByRole('button', { name: 'Choose a folder' }).click();
  await page.getByRole('button', { name: 'Choose output folder' }).click();
}

async function waitForEnd(page: Page) {
  await page.getByRole('button', { name: 'Download report (CSV)' }).waitFor({ timeout: 3_600_000 });
}

/** Output file names in out/. */
async function outputs(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out = await (await navigator.storage.getDirectory()).getDirectoryHandle('out');
    const names: string[] = [];
    for await (const name of (out as unknown as { keys(): AsyncIterable<string> }).keys()) if (!name.startsWith('.')) names.push(name);
    return names.sort();
  });
}

async function throughput(browser: Browser, count: number) {
  const page = await browser.newPage();
  const cdp = await browser.newBrowserCDPSession();
  const made = performance.now();
  await openWithFolders(page, count);
  console.log(`  ${count} photos made in ${((performance.now() - made) / 1000).toFixed(0)} s; renderers before the run: ${(await rendererMemory(cdp)) / 2 ** 20 | 0} MB`);
  const sampler = sampleMemory(cdp);
  const started = performance.now();
  await page.getByRole('button', { name: 'Run batch' }).click();
  await waitForEnd(page);
  const seconds = (performance.now() - started) / 1000;
  const peak = await sampler.stop();
  const written = (await outputs(page)).length;
  await page.close();
  return { count, written, seconds, peak };
}

async function resume(browser: Browser, count: number) {
  // One context, so the second page sees the same origin-private folders.
  const context = await browser.newContext();
  let page = await context.newPage();
  await openWithFolders(page, count);
  await page.getByRole('button', { name: 'Run batch' }).click();
  // Half way, the page is closed as a visitor would close the tab.
  await page.waitForFunction((half) => {
    const text = document.querySelector('[data-testid="batch-progress"]')?.textContent ?? '';
    return Number(/^(\d+) of/.exec(text)?.[1] ?? 0) >= half;
  }, count / 2, { timeout: 3_600_000, polling: 100 });
  await page.close({ runBeforeUnload: false });
  page = await context.newPage();
  await openWithFolders(page, null);
  const before = new Set(await outputs(page));
  await page.getByRole('button', { name: 'Run batch' }).click();
  await waitForEnd(page);
  // The report has every file's row; the live table keeps only the latest.
  const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report (CSV)' }).click()]);
  const rows = readFileSync(await report.path(), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => {
      const [path, status] = line.split(',');
      return { path, status };
    });
  const inputs = await page.evaluate(async () => {
    const input = await (await navigator.storage.getDirectory()).getDirectoryHandle('in');
    const names: string[] = [];
    for await (const name of (input as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    return names;
  });
  const after = new Set(await outputs(page));
  await context.close();
  // Image Compressor keeps the format at its defaults and names each output "compressed-<name>".
  const outputOf = (path: string) => `compressed-${path}`;
  return {
    count,
    beforeClose: before.size,
    rows: rows.length,
    lost: inputs.filter((name) => !after.has(outputOf(name))).length,
    doneTwice: rows.filter((r) => r.status === 'done' && before.has(outputOf(r.path))).length,
    skipped: rows.filter((r) => r.status === 'skipped').length,
  };
}

/** `count` photos written to PHOTO_DIR by the page's own encoder, for a file input. */
async function photoFiles(browser: Browser, count: number): Promise<string[]> {
  rmSync(PHOTO_DIR, { recursive: true, force: true });
  mkdirSync(PHOTO_DIR, { recursive: true });
  const page = await browser.newPage();
  await page.goto(`${ORIGIN}/about`);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const base64 = await page.evaluate(
      async ({ i, width, height, draw }) => {
        const drawPhoto = new Function(`return ${draw}`)() as typeof photoDrawing;
        const canvas = new OffscreenCanvas(width, height);
        const blob = await drawPhoto(canvas.getContext('2d')!, canvas, i, width, height);
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let k = 0; k < bytes.length; k += 0x8000) text += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
        return btoa(text);
      },
      { i, ...PHOTO, draw: photoDrawing.toString() },
    );
    const path = `${PHOTO_DIR}/photo-${String(i).padStart(4, '0')}.jpg`;
    writeFileSync(path, Buffer.from(base64, 'base64'));
    paths.push(path);
  }
  await page.close();
  return paths;
}

async function workflowToPdf(browser: Browser, count: number) {
  const paths = await photoFiles(browser, count);
  const page = await browser.newPage();
  const cdp = await browser.newBrowserCDPSession();
  await page.goto(`${ORIGIN}/workflows/photos-to-compact-pdf`);
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  await page.getByTestId('file-input').setInputFiles(paths);
  const sampler = sampleMemory(cdp);
  const started = performance.now();
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  const name = page.getByTestId('result-name');
  await name.waitFor({ timeout: 3_600_000 });
  const seconds = (performance.now() - started) / 1000;
  const peak = await sampler.stop();
  const resultName = (await name.textContent()) ?? '';
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${resultName}`, exact: true }).click()]);
  const bytes = readFileSync(await download.path());
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  await page.close();
  rmSync(PHOTO_DIR, { recursive: true, force: true });
  return { count, seconds, peak, pages, megabytes: bytes.length / 2 ** 20 };
}

async function main() {
  if (!buildSite(DIST, args.includes('--no-build'))) process.exit(1);
  const server = await startPreview(DIST, PORT);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const runs = [];
    if (COUNTS.some((c) => c > 0)) console.log('\n1. Image Compressor, folder to folder, 2 MP JPEG photos');
    for (const count of COUNTS.filter((c) => c > 0)) runs.push(await throughput(browser, count));
    if (runs.length > 0) {
      console.log('\n| files | written | time | files/s | renderer peak |');
      console.log('|---|---|---|---|---|');
      for (const r of runs) console.log(`| ${r.count} | ${r.written} | ${r.seconds.toFixed(1)} s | ${(r.count / r.seconds).toFixed(2)} | ${(r.peak / 2 ** 20).toFixed(0)} MB |`);
    }
    if (runs.length > 1) {
      const [a, b] = [runs[0], runs.at(-1)!];
      console.log(`\nPeak at ${b.count} files is ${((b.peak / a.peak - 1) * 100).toFixed(1)} % from the peak at ${a.count} (target: within 15 %, both under 600 MB).`);
    }
    if (RESUME > 0) {
      console.log(`\n2. Resume: ${RESUME} photos, page closed half way, opened again on the same output folder`);
      const r = await resume(browser, RESUME);
      console.log(`written before the close: ${r.beforeClose}; report rows on the second run: ${r.rows}, skipped: ${r.skipped}; files lost: ${r.lost}; files done twice: ${r.doneTwice}`);
    }
    if (WORKFLOW > 0) {
      console.log(`\n3. ${WORKFLOW} photos dropped on Photos to One Compact PDF`);
      const w = await workflowToPdf(browser, WORKFLOW);
      console.log(`one PDF of ${w.pages} pages, ${w.megabytes.toFixed(1)} MB, in ${w.seconds.toFixed(1)} s; renderer peak ${(w.peak / 2 ** 20).toFixed(0)} MB`);
    }
  } finally {
    await browser.close();
    stopPreview(server);
  }
}

await main();
