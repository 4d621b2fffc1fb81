/**
 * Remove Objects in real mode in Chromium: the visitor paints over a marker
 * blob with the mouse, the worker fills it, and the downloaded PNG, decoded
 * in Node, has no marker pixel left while the far corners are untouched.
 * Also: running with nothing painted says so, and a keyboard box works.
 */
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, manifest, toast, upload } from './support';

const W = 240;
const H = 160;

/** Horizontal bands of green and sand, with a magenta disc (radius 20) at (120, 80). */
function photo(): Buffer {
  const png = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const band = Math.floor(y / 10) % 2 ? [70, 130, 60] : [200, 180, 120];
      png.data.set([...(Math.hypot(x - 120, y - 80) <= 20 ? [255, 0, 255] : band), 255], (y * W + x) * 4);
    }
  return PNG.sync.write(png);
}

test('Remove Objects: painting over a blob with the mouse removes it from the downloaded photo', async ({ page }) => {
  test.setTimeout(120_000);
  const tool = manifest('remove-objects-from-photo');
  await gotoReal(page, '/tools/remove-objects-from-photo');
  await expect(demoBadge(page)).toHaveCount(0);
  const input = photo();
  await page.getByTestId('file-input').setInputFiles(upload('blob.png', 'image/png', input));

  // Nothing painted yet: the run is refused with the manifest's message.
  const layer = page.getByTestId('inpaint-layer');
  await expect(layer).toBeVisible();
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Error')).toContainText('Please paint over the objects you want to remove first.');

  // Zig-zag over the disc with a large brush, in screen coordinates of the layer.
  await page.getByLabel('Brush size').fill('40');
  const box = (await layer.boundingBox())!;
  const at = (x: number, y: number) => [box.x + (x / W) * box.width, box.y + (y / H) * box.height] as const;
  await page.mouse.move(...at(100, 62));
  await page.mouse.down();
  for (const [x, y] of [[140, 62], [140, 80], [100, 80], [100, 98], [140, 98]]) await page.mouse.move(...at(x, y), { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId('inpaint-status')).toContainText('Painted:');

  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Success').filter({ hasText: 'Objects removed successfully!' })).toBeVisible({ timeout: 60_000 });
  const { bytes } = await downloadResult(page, 'blob-objects-removed.png');
  const out = PNG.sync.read(bytes);
  const before = PNG.sync.read(input);
  expect([out.width, out.height]).toEqual([W, H]);
  let markers = 0;
  for (let i = 0; i < W * H; i++) if (out.data[i * 4] > 200 && out.data[i * 4 + 1] < 80 && out.data[i * 4 + 2] > 200) markers++;
  expect(markers).toBe(0);
  // Far from the painting nothing moved.
  for (const [x, y] of [[2, 2], [237, 2], [2, 157], [237, 157], [30, 80]]) {
    const i = (y * W + x) * 4;
    expect([...out.data.subarray(i, i + 4)]).toEqual([...before.data.subarray(i, i + 4)]);
  }
});

test('Remove Watermark: a box marked from the keyboard is filled', async ({ page }) => {
  test.setTimeout(120_000);
  const tool = manifest('remove-watermark');
  await gotoReal(page, '/tools/remove-watermark');
  await page.getByTestId('file-input').setInputFiles(upload('mark.png', 'image/png', photo()));
  const stage = page.getByRole('application', { name: 'Photo mark.png: area to remove' });
  await expect(page.getByTestId('inpaint-layer')).toBeVisible();
  await stage.focus();
  await expect(page.getByTestId('inpaint-box')).toBeVisible();
  // The box starts in the middle at a fifth of the photo (48 x 32 at 96, 64): grow it over the disc.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inpaint-status')).toContainText('Painted:');
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Success').filter({ hasText: 'Watermark removed successfully!' })).toBeVisible({ timeout: 60_000 });
  const out = PNG.sync.read((await downloadResult(page, 'mark-no-watermark.png')).bytes);
  expect(out.data[(80 * W + 120) * 4 + 1]).toBeGreaterThan(100);
});
