/** axe-core finds no serious or critical accessibility problem, in light and dark colour schemes. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makePdf, upload } from './support';

/** Runs axe on the page and fails with each serious/critical violation's id and targets. */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 100)}\n      ${n.any[0]?.message ?? ''}`).join('\n')}`)
    .join('\n');
  expect(serious.map((v) => v.id), `axe violations on ${page.url()}:\n${report}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    });

    test('home page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('all tools page', async ({ page }) => {
      await page.goto('/tools');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Tools');
      await expectNoSeriousViolations(page);
    });

    test('PDF Compressor, before and after choosing a file', async ({ page }) => {
      await page.goto('/tools/pdf-compressor?demo=0');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDF Compressor');
      await expectNoSeriousViolations(page);
      await page.getByTestId('file-input').setInputFiles(upload('a.pdf', 'application/pdf', await makePdf([300], 'A')));
      await expect(page.getByRole('radiogroup')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
