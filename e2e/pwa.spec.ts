/**
 * Installable and offline: the web app manifest, a service worker that
 * precaches every page, and a tool page that still opens with the network off.
 */
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
