/** Chart Maker in real mode in Chromium: the chart's PNG is decoded and its SVG parsed. */
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { gotoReal } from './support';

test('chart-maker: the PNG and SVG downloads are real charts', async ({ page }) => {
  test.setTimeout(120000);
  await gotoReal(page, '/tools/chart-maker');
  await expect(page.getByTestId('chart-preview')).toBeVisible({ timeout: 30000 });
  await page.getByRole('button', { name: 'Create Chart' }).click();
  const name = page.getByTestId('result-name');
  await expect(name).toHaveText(/^bar-chart-\d+\.png$/, { timeout: 30000 });
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Chart' }).click()]);
  const image = PNG.sync.read(await readFile(await png.path()));
  expect([image.width, image.height]).toEqual([960, 600]);
  // The first series' blue (#2563eb) covers a good share of the picture.
  let blue = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i] === 0x25 && image.data[i + 1] === 0x63 && image.data[i + 2] === 0xeb) blue++;
  expect(blue).toBeGreaterThan(20000);

  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toMatch(/^bar-chart-\d+\.svg$/);
  const text = await readFile(await svg.path(), 'utf8');
  const bars = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return -1;
    return doc.querySelectorAll('path[fill="#2563eb"]').length;
  }, text);
  // Six months of Sales plus the legend swatch.
  expect(bars).toBe(7);
});
