/**
 * Chart Maker is a page for typed text: it goes live as HTML and hydrates its tool at the
 * visitor's first move (src/engine/reach.ts). Its data box starts with sample data, which
 * hydration writes back into the box. Data typed at a person's speed from the moment the page
 * is live, while the view's code arrives and the tool takes the box over, is kept to the last
 * character, and the preview is drawn from it rather than from the sample.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { gotoReal } from './support';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = resolve(root, process.env.DIST_DIR ?? 'dist');
const viteManifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const viewFile = `/${viteManifest['src/views/chart-maker.tsx'].file}`;

/** Typed over the sample; its series name the preview, so the preview says which data it drew. */
const TYPED = 'Fruit,Apples,Pears\nMon,3,4\nTue,5,2\nWed,6,7\nThu,8,1\nFri,2,9\nSat,4,4\nSun,7,3';

test('Chart Maker keeps every character typed before, while and after it hydrates, and previews that data', async ({ page }) => {
  let letGo = () => {};
  const heldBack = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(`**${viewFile}`, async (route) => {
    await heldBack;
    await route.continue();
  });
  // Resolves once the page is marked live (fixtures.ts): the visitor starts at once.
  await gotoReal(page, '/tools/chart-maker');
  // How much had been typed when the hydrated tool first redrew its preview.
  await page.evaluate(() => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[name="data"]')!;
    const preview = document.querySelector('[data-testid="chart-preview"]')!.parentElement!;
    const observer = new MutationObserver(() => {
      observer.disconnect();
      (window as unknown as { typedWhenLive: number }).typedWhenLive = box.value.length;
    });
    observer.observe(preview, { subtree: true, childList: true, attributes: true, characterData: true });
  });

  const data = page.getByLabel('Chart data');
  await data.click();
  await page.keyboard.press('ControlOrMeta+KeyA');
  const typing = data.pressSequentially(TYPED, { delay: 40 });
  // Part-way through, the view's code arrives: the rest is typed as the tool hydrates and after.
  await expect.poll(() => data.inputValue()).toMatch(/^Fruit,/);
  letGo();
  await typing;

  await expect(data).toHaveValue(TYPED);
  const preview = page.getByTestId('chart-preview');
  await expect(preview).toHaveAccessibleName('bar chart preview of Apples, Pears');
  const typedWhenLive = await page.waitForFunction(() => (window as unknown as { typedWhenLive?: number }).typedWhenLive).then((handle) => handle.jsonValue());
  expect(typedWhenLive, 'the tool went live while the data was being typed').toBeGreaterThanOrEqual('Fruit,'.length);
  expect(typedWhenLive, 'the tool went live while the data was being typed').toBeLessThan(TYPED.length);
  // Nothing puts the sample back later.
  await page.waitForTimeout(500);
  await expect(data).toHaveValue(TYPED);
  await expect(preview).toHaveAccessibleName('bar chart preview of Apples, Pears');
});
