/** The header's Search dialog: live results, navigation, the no-match message and blank queries. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openSearch(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Tools' });
  await expect(dialog).toBeVisible();
  return { dialog, input: dialog.getByRole('searchbox', { name: 'Search tools' }) };
}

test('typing "merge" lists Merge PDF and choosing it opens the tool', async ({ page }) => {
  const { dialog, input } = await openSearch(page);
  await input.fill('merge');
  const result = dialog.getByRole('link').filter({ has: page.getByText('Merge PDF', { exact: true }) });
  await expect(result).toHaveCount(1);
  await expect(result).toHaveAttribute('href', '/tools/merge-pdf');
  await result.click();
  await expect(page).toHaveURL('/tools/merge-pdf');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merge PDF');
});

test('a query with no match says so', async ({ page }) => {
  const { dialog, input } = await openSearch(page);
  await input.fill('zzqx');
  await expect(dialog.getByText('No tools found matching "zzqx"', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(0);
});

test('a whitespace-only query shows no results', async ({ page }) => {
  const { dialog, input } = await openSearch(page);
  await input.fill('merge');
  await expect(dialog.getByRole('link').first()).toBeVisible();
  await input.fill('   ');
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await expect(dialog.getByText(/No tools found/)).toHaveCount(0);
  await expect(dialog.getByTestId('search-results')).toHaveCount(0);
});

test('Escape closes the dialog and clears the query', async ({ page }) => {
  const { dialog, input } = await openSearch(page);
  await input.fill('merge');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Search Tools' }).getByRole('searchbox')).toHaveValue('');
});
