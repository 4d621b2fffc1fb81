/**
 * Cross-origin isolation, so the WebAssembly engines can run threaded
 * (src/lib/threads.ts): the not-found page is isolated where the host sends
 * COOP and COEP, as every other page is (e2e/routes.spec.ts visits each); under
 * isolation a worker-based PDF tool and a WebAssembly image tool still do a real
 * job whose download is read back in Node; and on a host that sends no headers at
 * all, the service worker (public/isolation-sw.js) isolates every page after the
 * first visit. Every request stays on the site's own origin.
 */
import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { expect as baseExpect, test as baseTest, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, isolatedHere, makePdf, manifest, toast, upload } from './support';
import { ISOLATION_HEADERS } from '../src/lib/threads';

const root = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(root, process.env.DIST_DIR ?? 'dist');
/** A path no page has: the not-found page, which the host serves with status 404. */
const NOT_FOUND = '/no-such-page-for-isolation';

/** Width and height of a WebP file, read from its header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(bytes: Buffer): [number, number] {
  if (bytes.subarray(0, 4).toString('latin1') !== 'RIFF' || bytes.subarray(8, 12).toString('latin1') !== 'WEBP') throw new Error('Not a WebP file');
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return [1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3)];
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return [1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff)];
  }
  if (chunk === 'VP8 ') return [bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff];
  throw new Error(`Unknown WebP chunk ${chunk}`);
}

/** A PNG of the given size: a gradient, so the encoder has something to do. */
function gradientPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) png.data.set([(x * 255) / width, (y * 255) / height, 128, 255], (y * width + x) * 4);
  }
  return PNG.sync.write(png);
}

/**
 * Watches the page's Web Workers from their start (a run's worker ends with the run) and asks
 * each whether it is isolated; `results` waits for the answers (null: it ended before answering).
 */
function watchWorkers(page: Page): { results(): Promise<{ url: string; isolated: boolean | null }[]> } {
  const answers: Promise<{ url: string; isolated: boolean | null }>[] = [];
  page.on('worker', (worker) => {
    answers.push(worker.evaluate(isolatedHere).then((isolated) => ({ url: worker.url(), isolated }), () => ({ url: worker.url(), isolated: null })));
  });
  return { results: () => Promise.all(answers) };
}

/** At least one worker ran the job, and every worker that answered was isolated. */
async function expectWorkersIsolated(watch: ReturnType<typeof watchWorkers>): Promise<void> {
  const results = await watch.results();
  expect(results.length, 'the run used a Web Worker').toBeGreaterThan(0);
  expect(results.filter((r) => r.isolated !== null).length, 'a worker answered').toBeGreaterThan(0);
  expect(results.filter((r) => r.isolated === false), 'workers that are not isolated').toEqual([]);
}

test.describe('where the host sends the headers', () => {
  // Every page's isolation is checked where each route is visited: e2e/routes.spec.ts.

  // The host's own 404 response: on `vite preview` it is written by scripts/vite-prerender.ts
  // (configurePreviewServer), which must send the preview's headers too.
  test('the not-found page, for any unknown path, is cross-origin isolated', async ({ page }) => {
    const response = await page.goto(NOT_FOUND);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(response!.headers()[name.toLowerCase()], name).toBe(value);
    expect(await page.evaluate(isolatedHere)).toBe(true);
  });

  test('merge-pdf, in its Web Worker, merges for real under isolation', async ({ page }) => {
    test.setTimeout(120_000);
    const tool = manifest('merge-pdf');
    const watch = watchWorkers(page);
    await gotoReal(page, '/tools/merge-pdf');
    await expect(demoBadge(page)).toHaveCount(0);
    expect(await page.evaluate(isolatedHere)).toBe(true);
    await page.getByTestId('file-input').setInputFiles([
      upload('first.pdf', 'application/pdf', await makePdf([200, 210], 'First')),
      upload('second.pdf', 'application/pdf', await makePdf([220], 'Second')),
    ]);
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    await expect(toast(page, tool.messages.successTitle ?? 'Success')).toBeVisible({ timeout: 90_000 });
    const names = page.getByTestId('result-name');
    await expect(names).toHaveCount(1);
    const { bytes } = await downloadResult(page, (await names.textContent())!.trim());
    const merged = await PDFDocument.load(bytes);
    expect(merged.getPageCount()).toBe(3);
    expect(merged.getPages().map((p) => Math.round(p.getWidth()))).toEqual([200, 210, 220]);
    await expectWorkersIsolated(watch);
  });

  test('png-to-webp, a WebAssembly encoder, converts for real under isolation', async ({ page, siteGuard }) => {
    // The first run compiles the codec's WebAssembly; on a busy machine that takes a while.
    test.setTimeout(150_000);
    const tool = manifest('png-to-webp');
    const watch = watchWorkers(page);
    await gotoReal(page, '/tools/png-to-webp');
    await expect(demoBadge(page)).toHaveCount(0);
    expect(await page.evaluate(isolatedHere)).toBe(true);
    // Large enough that the run outlasts the question put to its worker, which ends with the run.
    await page.getByTestId('file-input').setInputFiles(upload('wide.png', 'image/png', gradientPng(1600, 1200)));
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    const names = page.getByTestId('result-name');
    await expect(names).toHaveText('wide.webp', { timeout: 120_000 });
    await expect(page.getByTestId('toast').filter({ hasText: /^Error/ })).toHaveCount(0);
    const { bytes } = await downloadResult(page, 'wide.webp');
    expect(webpSize(bytes)).toEqual([1600, 1200]);
    // The encoder is WebAssembly, fetched from the site.
    expect(siteGuard.requests.some((url) => new URL(url).pathname.endsWith('.wasm'))).toBe(true);
    await expectWorkersIsolated(watch);
  });
});

/**
 * A host that sends no isolation headers at all: a tiny static server over the
 * built site (clean URLs, 404.html). Not the suite's server, so these tests use
 * Playwright's own `test` and check the origin of every request themselves.
 */
baseTest.describe('on a host without headers, the service worker isolates pages after the first visit', () => {
  baseTest.use({ serviceWorkers: 'allow' });
  baseTest.describe.configure({ mode: 'serial' });

  let server: Server | undefined;
  let origin = '';

  const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json',
    '.webmanifest': 'application/manifest+json',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.wasm': 'application/wasm',
    '.xml': 'application/xml',
    '.txt': 'text/plain; charset=utf-8',
  };

  baseTest.beforeAll(async () => {
    baseTest.skip(!existsSync(join(DIST, 'sw.js')), 'The site is not built (npm run test:e2e builds it first)');
    server = createServer((request, response) => {
      void (async () => {
        const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
        const base = resolve(DIST, normalize(path).replace(/^[/\\]+/, ''));
        let found: string | undefined;
        if (base === DIST || base.startsWith(DIST + sep)) {
          for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
            if ((await stat(candidate).catch(() => null))?.isFile()) {
              found = candidate;
              break;
            }
          }
        }
        // Only the type: no security, isolation or caching headers.
        response.statusCode = found ? 200 : 404;
        found ??= join(DIST, '404.html');
        response.setHeader('Content-Type', TYPES[extname(found)] ?? 'application/octet-stream');
        createReadStream(found).on('error', () => response.destroy()).pipe(response);
      })().catch(() => response.destroy());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  baseTest.afterAll(async () => {
    if (server) await new Promise((done) => server!.close(done));
  });

  baseTest('the first visit runs as it is, the next page load is isolated and works', async ({ page, context }) => {
    // The worker precaches every page before it activates: on a busy 2-core machine this takes a while.
    baseTest.setTimeout(240_000);
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    context.on('serviceworker', (w) => requests.push(w.url()));
    page.on('worker', (w) => requests.push(w.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const live = () => page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');

    // First visit: the host's response has no isolation headers, so the page is not isolated.
    const first = await page.goto(`${origin}/tools/png-to-webp`);
    await live();
    baseExpect(first!.headers()['cross-origin-embedder-policy']).toBeUndefined();
    baseExpect(first!.headers()['cross-origin-opener-policy']).toBeUndefined();
    baseExpect(await page.evaluate(isolatedHere)).toBe(false);
    baseExpect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // It is not reloaded for the worker: the visitor keeps the page they opened.
    await baseExpect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 200_000 })
      .toBe('activated');
    baseExpect(await page.evaluate(isolatedHere)).toBe(false);
    baseExpect(page.url()).toBe(`${origin}/tools/png-to-webp`);

    // The next page load is the worker's, with the headers: isolated.
    const tool = manifest('png-to-webp');
    const watch = watchWorkers(page);
    const next = await page.goto(`${origin}/tools/png-to-webp`);
    await live();
    baseExpect(next!.fromServiceWorker()).toBe(true);
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) baseExpect(next!.headers()[name.toLowerCase()], name).toBe(value);
    baseExpect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    baseExpect(await page.evaluate(isolatedHere)).toBe(true);
    await baseExpect(page.getByRole('heading', { level: 1 })).toHaveText(tool.title);
    await baseExpect(page.getByTestId('file-input')).toBeAttached();

    // And it works: a real conversion in its worker, whose script and WebAssembly came through the service worker.
    // Large enough that the run outlasts the question put to its worker, which ends with the run.
    await page.getByTestId('file-input').setInputFiles(upload('tall.png', 'image/png', gradientPng(1200, 1600)));
    await page.getByRole('button', { name: tool.action.label, exact: true }).click();
    await baseExpect(page.getByTestId('result-name')).toHaveText('tall.webp', { timeout: 120_000 });
    baseExpect(webpSize((await downloadResult(page, 'tall.webp')).bytes)).toEqual([1200, 1600]);
    await expectWorkersIsolated(watch);

    // Another page, and the not-found page, are isolated too.
    await page.goto(`${origin}/tools`);
    await live();
    baseExpect(await page.evaluate(isolatedHere)).toBe(true);
    await page.goto(`${origin}${NOT_FOUND}`);
    await live();
    baseExpect(await page.evaluate(isolatedHere)).toBe(true);
    await baseExpect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');

    baseExpect(errors).toEqual([]);
    const foreign = requests.filter((url) => !/^(data|blob|about):/.test(url) && new URL(url).origin !== origin);
    baseExpect(foreign, 'requests to other origins').toEqual([]);
  });
});
