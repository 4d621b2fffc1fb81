/**
 * Threaded encoders on the cross-origin isolated preview: a real PNG to AVIF
 * (and PNG to JPEG XL, JPG to PNG with OxiPNG) conversion runs the threaded
 * build, whose WebAssembly, JavaScript and pthread workers come from the site
 * itself (the fixture fails any request to another origin, and any CSP
 * violation), with the site's CSP sent as a response header so that it holds
 * in the workers too. The same page served without the isolation headers runs the
 * one-thread build. AVIF and PNG outputs are decoded again (AVIF by
 * Chromium's own decoder) and their size and colours checked.
 */
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, upload } from './support';
import { CONTENT_SECURITY_POLICY } from '../scripts/prerender-head';

const WIDTH = 640;
const HEIGHT = 400;

/** A photo-like PNG: gradients with noise, a red left half and a blue right half. */
function picture(): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  let seed = 7;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const noise = (seed >> 16) % 16;
      const i = (y * WIDTH + x) * 4;
      const red = x < WIDTH / 2;
      png.data[i] = red ? 220 + noise : 20 + noise;
      png.data[i + 1] = 40 + Math.round((60 * y) / HEIGHT) + noise;
      png.data[i + 2] = red ? 30 + noise : 210 + noise;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Width, height and the RGB of two points, as Chromium decodes the file. */
async function decodeInPage(page: Page, bytes: Buffer, type: string) {
  return page.evaluate(
    async ({ base64, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data], { type }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = canvas.getContext('2d')!;
      g.drawImage(bitmap, 0, 0);
      const at = (x: number, y: number) => [...g.getImageData(x, y, 1, 1).data.subarray(0, 3)];
      return { width: bitmap.width, height: bitmap.height, left: at(40, 200), right: at(600, 200) };
    },
    { base64: bytes.toString('base64'), type },
  );
}

/** Runs one conversion on the tool's page and returns the downloaded file. */
async function convert(page: Page, slug: string, action: string, ext: string): Promise<Buffer> {
  await gotoReal(page, `/tools/${slug}`);
  await expect(demoBadge(page)).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles(upload('photo.png', 'image/png', picture()));
  await page.getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(`photo.${ext}`, { timeout: 120_000 });
  await expect(page.getByTestId('toast').filter({ hasText: /^Error/ })).toHaveCount(0);
  const { bytes } = await downloadResult(page, `photo.${ext}`);
  return bytes;
}

/** The file names (no query) of the requests so far whose name matches. */
function requested(requests: string[], pattern: RegExp): string[] {
  return [...new Set(requests.map((url) => new URL(url).pathname.split('/').pop()!).filter((name) => pattern.test(name)))];
}

const CASES = [
  { slug: 'png-to-avif', action: 'Convert to AVIF', ext: 'avif', type: 'image/avif', threaded: /^avif_enc_mt-.*\.wasm$/, single: /^avif_enc-.*\.wasm$/ },
  { slug: 'png-to-jxl', action: 'Convert to JPEG XL', ext: 'jxl', type: 'image/jxl', threaded: /^jxl_enc_mt(_simd)?-.*\.wasm$/, single: /^jxl_enc-.*\.wasm$/ },
];

/**
 * Every response with the site's Content-Security-Policy as a header (as
 * public/_headers and `filedesk serve` send it), so that it also holds in
 * the workers, which the pre-rendered pages' <meta> policy does not reach.
 * Returns the paths that were given it.
 */
async function withPolicyHeader(page: Page): Promise<string[]> {
  const paths: string[] = [];
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    paths.push(new URL(route.request().url()).pathname);
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': CONTENT_SECURITY_POLICY } });
  });
  return paths;
}

/** The URLs of the workers the page and its workers start, as they start. */
function watchWorkers(page: Page): string[] {
  const urls: string[] = [];
  page.on('worker', (worker) => urls.push(worker.url()));
  return urls;
}

for (const c of CASES) {
  test(`${c.slug}: the isolated page encodes with the threaded build`, async ({ page, siteGuard }) => {
    test.setTimeout(180_000);
    const workers = watchWorkers(page);
    const policed = await withPolicyHeader(page);
    const bytes = await convert(page, c.slug, c.action, c.ext);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // The encoder's worker and the build's script came with the policy header.
    expect(policed.filter((path) => /runner\.worker-|_enc_mt/.test(path)).length).toBeGreaterThanOrEqual(2);
    expect(requested(siteGuard.requests, c.threaded), 'the threaded build’s wasm').toHaveLength(1);
    expect(requested(siteGuard.requests, c.single), 'the one-thread build’s wasm').toEqual([]);
    // The build's JavaScript, imported by the encoder's worker and by each pthread worker, is the site's own file.
    expect(requested(siteGuard.requests, new RegExp(`^${c.ext}_enc_mt(_simd)?-.*\\.js$`))).toHaveLength(1);
    // Its pthread workers, started from the build's worker script as a blob: URL.
    expect(workers.filter((url) => url.startsWith('blob:')).length, 'pthread workers').toBeGreaterThanOrEqual(1);
    if (c.ext === 'avif') {
      expect(bytes.subarray(4, 12).toString('latin1')).toBe('ftypavif');
      const image = await decodeInPage(page, bytes, c.type);
      expect([image.width, image.height]).toEqual([WIDTH, HEIGHT]);
      expect(image.left[0]).toBeGreaterThan(180);
      expect(image.left[2]).toBeLessThan(90);
      expect(image.right[2]).toBeGreaterThan(160);
    } else {
      // Chromium has no JPEG XL decoder: the signature and the size in the header.
      expect(bytes[0] === 0xff && bytes[1] === 0x0a).toBe(true);
    }
  });
}

test('jpg-to-png: OxiPNG runs its threaded build (wasm-bindgen-rayon workers) on the isolated page', async ({ page, siteGuard }) => {
  test.setTimeout(180_000);
  const workers = watchWorkers(page);
  await gotoReal(page, '/tools/jpg-to-png');
  await expect(demoBadge(page)).toHaveCount(0);
  const jpeg = await page.evaluate(async ({ width, height }) => {
    const canvas = new OffscreenCanvas(width, height);
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, '#d02020');
    gradient.addColorStop(1, '#2030d0');
    g.fillStyle = gradient;
    g.fillRect(0, 0, width, height);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer())];
  }, { width: WIDTH, height: HEIGHT });
  await page.getByTestId('file-input').setInputFiles(upload('photo.jpg', 'image/jpeg', Buffer.from(jpeg)));
  await page.getByRole('button', { name: 'Convert to PNG', exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('photo.png', { timeout: 120_000 });
  const { bytes } = await downloadResult(page, 'photo.png');
  const png = PNG.sync.read(bytes);
  expect([png.width, png.height]).toEqual([WIDTH, HEIGHT]);
  // The rayon pool's workers: Vite's bundle of wasm-bindgen-rayon's worker, a file of the site.
  expect(requested(siteGuard.requests, /^workerHelpers\.worker-.*\.js$/)).toHaveLength(1);
  expect(workers.filter((url) => /\/assets\/workerHelpers\.worker-.*\.js$/.test(url)).length).toBeGreaterThanOrEqual(1);
});

test('png-to-avif: a page served without the isolation headers encodes with the one-thread build', async ({ page, siteGuard }) => {
  test.setTimeout(180_000);
  // A host that sends no COOP/COEP: the documents come without them, everything else as served.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
  const workers = watchWorkers(page);
  const bytes = await convert(page, 'png-to-avif', 'Convert to AVIF', 'avif');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  expect(workers.filter((url) => url.startsWith('blob:')), 'pthread workers').toEqual([]);
  expect(requested(siteGuard.requests, /^avif_enc-.*\.wasm$/)).toHaveLength(1);
  expect(requested(siteGuard.requests, /^avif_enc_mt/)).toEqual([]);
  const image = await decodeInPage(page, bytes, 'image/avif');
  expect([image.width, image.height]).toEqual([WIDTH, HEIGHT]);
});
