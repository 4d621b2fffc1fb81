/**
 * Installable and offline: the web app manifest, a service worker that
 * precaches every page, and a tool page that still opens with the network off.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { loadManifests } from './support';

test.use({ serviceWorkers: 'allow' });

test('the web app manifest declares icons, file handlers and a share target', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.name).toContain('FileDesk');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  const slugs = new Set(loadManifests().map((m) => m.slug));
  for (const handler of manifest.file_handlers) expect(slugs.has(handler.action.replace('/tools/', ''))).toBe(true);
  expect(manifest.share_target.method).toBe('POST');
});

test('after one visit, pages open offline', async ({ page, context }) => {
  await page.goto('/');
  // The worker registers after load; once active it has precached every page, and the
  // next navigation is served by it.
  test.setTimeout(180_000);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 150_000 })
    .toBe('activated');
  const tool = loadManifests().find((m) => m.listed !== false)!;
  await context.setOffline(true);
  await page.goto(`/tools/${tool.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.title);
  // Served by the service worker, the page keeps its cross-origin isolation (public/isolation-sw.js).
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.goto('/tools');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Tools');
  await context.setOffline(false);
});

test("a page in another language keeps that language's pages and texts, and the site moves between them offline", async ({ page, context, request }) => {
  test.setTimeout(180_000);
  // The precache holds one language: the others' texts are left to the worker's language cache.
  expect(await (await request.get('/sw.js')).text()).not.toMatch(/url:"\/?assets\/lang\//);
  const texts = (await (await request.get('/assets/lang/es/files.json')).json()) as string[];
  expect(texts.length).toBeGreaterThan(loadManifests().length);
  await page.goto('/es/tools');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 150_000 })
    .toBe('activated');
  // The page asks the worker to keep its language; the texts arrive in the cache its route reads.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('filedesk-languages')).keys()).length), { timeout: 120_000 })
    .toBe(texts.length);
  const slug = 'merge-pdf';
  const title = (JSON.parse(readFileSync(new URL(`../locales/es/tools/${slug}.json`, import.meta.url), 'utf8')) as { title: string }).title;
  await context.setOffline(true);
  // A move made by the router offline: the tool's Spanish texts come from the language cache.
  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/es/tools/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await context.setOffline(false);
});
