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
