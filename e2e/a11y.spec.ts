/** axe-core finds no serious or critical accessibility problem, in light and dark colour schemes. */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { COLOUR_RULES, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { loadManifests, makePdf, upload } from './support';

/** True when the page's heading is drawn in a light colour, as the dark palette draws text. */
function headingIsLight(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = document.querySelector('h1');
    const [r, g, b] = (heading ? getComputedStyle(heading).color : '').match(/\d+/g)?.map(Number) ?? [0, 0, 0];
    return r + g + b > 3 * 128;
  });
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

/**
 * Every route from the manifests, the workflows and the site pages, in light and dark. Routes go in groups of a
 * family, a few to a test, so the groups spread over the workers; each page loads once and is
 * checked in both colour schemes: every rule in light, then the colour rules in dark.
 */
const GROUP_SIZE = 8;
const ROUTE_FAMILIES: Record<string, string[]> = {
  site: ['/', '/tools', '/about', '/contact', '/privacy', '/terms', '/no-such-page'],
};
for (const tool of loadManifests()) (ROUTE_FAMILIES[tool.category] ??= []).push(`/tools/${tool.slug}`);
ROUTE_FAMILIES.workflows = [
  '/workflows/new',
  ...readdirSync(new URL('../workflows/', import.meta.url))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `/workflows/${f.slice(0, -'.json'.length)}`),
];

for (const [family, paths] of Object.entries(ROUTE_FAMILIES)) {
  for (let start = 0; start < paths.length; start += GROUP_SIZE) {
    const group = paths.slice(start, start + GROUP_SIZE);
    test(`${family} routes ${start + 1} to ${start + group.length} have no serious axe violation in light and dark`, async ({ page }) => {
      // axe takes several seconds a page on a busy machine: a generous budget per page, no timing asserted.
      test.setTimeout(group.length * 60_000);
      for (const path of group) {
        await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousViolations(page);
        await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
        // The theme follows the system setting live; axe runs once the heading's text has taken the dark palette.
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await expect.poll(() => headingIsLight(page)).toBe(true);
        await expectNoSeriousViolations(page, { rules: COLOUR_RULES });
      }
    });
  }
}

test('the drop zone is a button that Enter and Space open', async ({ page }) => {
  await page.goto('/tools/pdf-compressor');
  const zone = page.getByRole('button', { name: /^Upload/ });
  await expect(zone).toBeVisible();
  for (const key of ['Enter', ' ']) {
    await zone.focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press(key)]);
    expect(chooser).toBeTruthy();
  }
});
