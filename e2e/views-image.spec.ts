/**
 * Image tool pages in demo mode (the specification's simulation) in a real
 * browser: image compressor, merge images, a GIF creator and resize, whose
 * keep-aspect-ratio rule reads the size of a real PNG.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { formatBytes } from '../src/lib/format-size';
import { expect, test } from './fixtures';
import { manifest, toast, upload } from './support';

/** A real PNG of the given size. */
function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

/** A real JPEG of the given size. */
function jpg(width: number, height: number): Buffer {
  return jpeg.encode({ data: Buffer.alloc(width * height * 4, 128), width, height }, 80).data;
}

test('demo image compressor: two images give two cards with sizes and the saved ratio', async ({ page }) => {
  const tool = manifest('image-compressor');
  await page.goto('/tools/image-compressor?demo=1');
  const a = png(40, 30);
  const b = jpg(40, 30);
  await page.getByTestId('file-input').setInputFiles([upload('a.png', 'image/png', a), upload('b.jpg', 'image/jpeg', b)]);
  await expect(page.getByLabel('Quality')).toHaveValue('80');
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(['compressed-a.png', 'compressed-b.jpg'], { timeout: 15_000 });
  const cards = page.locator('.result-card');
  await expect(cards).toHaveCount(2);
  for (const [i, bytes] of [a, b].entries()) {
    const meta = cards.nth(i).locator('.result-meta');
    await expect(meta).toContainText(`Original size${formatBytes(bytes.length)}`);
    await expect(meta).toContainText(`Compressed size${formatBytes(Math.round(bytes.length * 0.8))}`);
    await expect(meta).toContainText('Saved20%');
  }
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(tool.simulation.success.replace('{files}', '2'));
});

test('demo merge images: two images give merged-images-{timestamp}.png and the mock success', async ({ page }) => {
  const tool = manifest('merge-images');
  await page.goto('/tools/merge-images?demo=1');
  await page.getByTestId('file-input').setInputFiles(upload('top.png', 'image/png', png(20, 10)));
  await page.getByTestId('file-input').setInputFiles(upload('bottom.png', 'image/png', png(20, 10)));
  await expect(page.locator('.file-list .file-name')).toHaveText(['top.png', 'bottom.png']);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(/^merged-images-\d+\.png$/, { timeout: 15_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(tool.simulation.success.replace('{files}', '2'));
});

test('demo JPG to GIF: two images switch Animate on and give an -animated.gif', async ({ page }) => {
  const tool = manifest('jpg-to-gif');
  await page.goto('/tools/jpg-to-gif?demo=1');
  await page.getByTestId('file-input').setInputFiles(upload('one.jpg', 'image/jpeg', jpg(16, 16)));
  const animate = page.getByRole('switch', { name: 'Animate' });
  await expect(animate).not.toBeChecked();
  await expect(animate).toBeDisabled();
  await page.getByTestId('file-input').setInputFiles([
    upload('first.jpg', 'image/jpeg', jpg(16, 16)),
    upload('second.jpg', 'image/jpeg', jpg(16, 16)),
  ]);
  await expect(animate).toBeChecked();
  await expect(page.getByLabel('Frame delay')).toHaveValue('100');
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(/-animated\.gif$/, { timeout: 15_000 });
  await expect(page.getByTestId('result-name')).toHaveText('first-animated.gif');
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(tool.simulation.success.replace('{files}', '2'));
});

test('demo resize: the height follows the width in the PNG\'s own proportions, then the result and toast', async ({ page }) => {
  const tool = manifest('resize-image-dimensions');
  await page.goto('/tools/resize-image-dimensions?demo=1');
  await page.getByTestId('file-input').setInputFiles(upload('wide.png', 'image/png', png(400, 200)));
  await expect(page.getByTestId('natural-size')).toHaveText('Original size: 400 x 200 px');
  const width = page.getByLabel('Width');
  const height = page.getByLabel('Height');
  await expect(width).toHaveValue('400');
  await expect(height).toHaveValue('200');
  await width.fill('150');
  await expect(height).toHaveValue('75');
  await height.fill('33');
  await expect(width).toHaveValue('66');
  await width.fill('0');
  await expect(height).toHaveValue('');
  await width.fill('101');
  await expect(height).toHaveValue('51');
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('wide-101x51.png', { timeout: 15_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(tool.simulation.success);
});
