/**
 * `filedesk serve` in front of the built site (dist/, made by `vite build`
 * before the suite): the command is built as it ships (vite.cli.config.ts)
 * and started on a free port; Chromium loads a tool page from it by its clean
 * URL, with the security and cross-origin isolation headers, isolated, and
 * runs a real conversion whose download is decoded in Node. Every request
 * stays on the server's own origin.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { expect, test } from '@playwright/test';
import { downloadResult, upload } from './support';
import { ISOLATION_HEADERS } from '../src/lib/threads';

const root = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(root, process.env.DIST_DIR ?? 'dist');
const BUNDLE_DIR = join(root, 'node_modules', '.cache', 'filedesk-cli-e2e');

let server: ChildProcess | undefined;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  test.skip(!existsSync(join(DIST, 'index.html')), 'The site is not built (npm run test:e2e builds it first)');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.cli.config.ts'], {
    cwd: root,
    env: { ...process.env, CLI_DIST_DIR: BUNDLE_DIR },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The CLI build failed:\n${build.stdout}\n${build.stderr}`);
  const child = spawn(process.execPath, [join(BUNDLE_DIR, 'filedesk.js'), 'serve', '--port', '0', '--host', '127.0.0.1', '--dir', DIST], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (found) resolve(found[1]);
    });
    child.on('exit', (code) => reject(new Error(`filedesk serve exited with ${code}: ${out}`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('filedesk serve: clean URLs, the 404 page, headers and caching', async ({ request }) => {
  const page = await request.get(`${origin}/tools/png-to-jpg`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<title>');
  const headers = page.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  expect(headers['cache-control']).toBe('no-cache');
  // Cross-origin isolation, so the WebAssembly engines can run threaded.
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-embedder-policy']).toBe('require-corp');
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(headers[name.toLowerCase()], name).toBe(value);

  const missing = await request.get(`${origin}/tools/no-such-tool`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<title>');
  expect(missing.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(missing.headers()[name.toLowerCase()], `404 ${name}`).toBe(value);

  const asset = /\/assets\/[^"']+\.js/.exec(await page.text())?.[0];
  expect(asset).toBeTruthy();
  const script = await request.get(origin + asset!);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Scripts (and so workers) and WebAssembly carry the isolation headers too.
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(script.headers()[name.toLowerCase()], `${asset} ${name}`).toBe(value);
  const wasmFile = readdirSync(join(DIST, 'assets')).find((f) => f.endsWith('.wasm'));
  expect(wasmFile).toBeTruthy();
  const wasm = await request.get(`${origin}/assets/${wasmFile}`);
  expect(wasm.status()).toBe(200);
  expect(wasm.headers()['content-type']).toBe('application/wasm');
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(wasm.headers()[name.toLowerCase()], `${wasmFile} ${name}`).toBe(value);
});

test('filedesk serve: a real PNG to JPG conversion in Chromium, every request on its own origin', async ({ page }) => {
  test.setTimeout(150_000);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('worker', (w) => requests.push(w.url()));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${origin}/tools/png-to-jpg?demo=0`);
  await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
  // Isolated: threaded WebAssembly can run here.
  expect(await page.evaluate(() => crossOriginIsolated && typeof SharedArrayBuffer === 'function')).toBe(true);
  const image = new PNG({ width: 40, height: 30 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([200, 30, 40, 255], i);
  await page.getByTestId('file-input').setInputFiles(upload('red.png', 'image/png', PNG.sync.write(image)));
  await page.getByRole('button', { name: 'Convert to JPG', exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('red.jpg', { timeout: 120_000 });
  const { bytes } = await downloadResult(page, 'red.jpg');
  const decoded = jpeg.decode(bytes, { useTArray: true });
  expect([decoded.width, decoded.height]).toEqual([40, 30]);
  const [r, g, b] = decoded.data.subarray(0, 3);
  expect(Math.abs(r - 200) + Math.abs(g - 30) + Math.abs(b - 40)).toBeLessThan(24);

  expect(errors).toEqual([]);
  const own = new URL(origin).origin;
  const foreign = requests.filter((url) => !/^(data|blob|about):/.test(url) && new URL(url).origin !== own);
  expect(foreign).toEqual([]);
});
