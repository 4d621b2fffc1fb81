/**
 * Moving between pages. The first page a visitor opens runs without the
 * router (src/site/pages.tsx), so it is live sooner; the first click on a link
 * loads the router, which shows that page in place, and every later one.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = resolve(root, process.env.DIST_DIR ?? 'dist');
const viteManifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const ROUTER_FILE = `/${viteManifest['src/routes.tsx'].file}`;

test('the first page is live without the router; a link shows the next page in place, and Back and Forward work', async ({ page, siteGuard }) => {
  const routerRequested = () => siteGuard.requests.some((url) => new URL(url).pathname === ROUTER_FILE);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(routerRequested(), 'the router is not part of the first page').toBe(false);
  // A mark on the document: it survives only if the next page is shown without reloading.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  await page.getByRole('main').getByRole('link', { name: 'Explore All Tools' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Tools' })).toBeVisible();
  expect(routerRequested()).toBe(true);
  expect(await sameDocument()).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Tools' })).toHaveAttribute('aria-current', 'page');

  // A later link, under the router.
  await page.locator('article', { hasText: 'PDF Compressor' }).first().getByRole('link', { name: 'Use Tool' }).click();
  await expect(page).toHaveURL(/\/tools\/pdf-compressor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PDF Compressor' })).toBeVisible();
  await expect(page.getByTestId('file-input')).toBeAttached();
  expect(await sameDocument()).toBe(true);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'All Tools' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/./);
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'All Tools' })).toBeVisible();
  expect(await sameDocument()).toBe(true);
});

test('a link opened in a new tab with Ctrl leads to its page, and the page it was on stays', async ({ page, context }) => {
  await page.goto('/tools');
  const link = page.locator('article', { hasText: 'Merge PDF' }).first().getByRole('link', { name: 'Use Tool' });
  await expect(link).toHaveAttribute('href', '/tools/merge-pdf');
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe('/tools/merge-pdf');
  // The page the click left stays where it was.
  await expect(page).toHaveURL(/\/tools$/);
});

test('when the router cannot be fetched, the link still leads to its page, which the browser opens itself', async ({ page }) => {
  await page.route(`**${ROUTER_FILE}`, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('main').getByRole('link', { name: 'Explore All Tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Tools' })).toBeVisible();
  await expect(page).toHaveURL(/\/tools$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
});
