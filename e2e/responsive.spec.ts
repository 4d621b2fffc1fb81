/** The site on a small phone: no sideways scrolling, and a mobile menu that closes on navigation. */
import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('the home page fits 360 px without horizontal scroll', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('the mobile menu opens, and following one of its links closes it', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

  await menu.getByRole('link', { name: 'All Tools', exact: true }).click();
  await expect(page).toHaveURL('/tools');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Tools');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the mobile menu search finds a tool and closes on the way there', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('split pdf');
  await page.locator('#mobile-menu').getByRole('link').filter({ hasText: 'Split PDF' }).first().click();
  await expect(page).toHaveURL('/tools/split-pdf');
  await expect(page.locator('#mobile-menu')).toBeHidden();
});

test('a long file name neither widens the page nor hides the result at 360 px', async ({ page }) => {
  const { makePdf, upload, gotoReal } = await import('./support');
  await gotoReal(page, '/tools/pdf-compressor');
  const name = `${'a-very-long-scanned-document-name-without-spaces_'.repeat(3)}final.pdf`;
  await page.getByTestId('file-input').setInputFiles(upload(name, 'application/pdf', await makePdf([300, 400], 'Long')));
  await expect(page.getByText(name).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Compress PDF' }).click();
  await expect(page.getByTestId('result-name').first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('on a phone the drop zone is on the first screen of a tool page', async ({ page }) => {
  await page.goto('/tools/merge-pdf');
  const box = await page.locator('.dropzone').first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeLessThan(740);
});
