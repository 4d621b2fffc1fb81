/**
 * Direct manipulation on the image tools in real Chromium, in real mode:
 * the crop box dragged and resized with the mouse, the text dragged on the
 * add-text preview, a picture dragged to another collage cell. Each download
 * is decoded in Node and checked against what was placed on screen. The
 * three previews, with images in them, have no serious axe violation.
 */
import type { Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';

type Decoded = { width: number; height: number; data: Buffer };
const decode = (bytes: Buffer): Decoded => PNG.sync.read(bytes);
const rgb = (im: Decoded, x: number, y: number) => [...im.data.subarray((y * im.width + x) * 4, (y * im.width + x) * 4 + 3)];

/** A PNG whose every pixel says where it is: [x mod 256, y mod 256, 80 per 256 columns + 160 per 256 rows]. */
function positional(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) png.data.set([x & 255, y & 255, (x >> 8) * 80 + (y >> 8) * 160, 255], (y * width + x) * 4);
  return PNG.sync.write(png);
}

function solid(width: number, height: number, colour: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...colour, 255], i);
  return PNG.sync.write(png);
}

/** Presses on the middle of `from` and moves the mouse by dx, dy; the caller has scrolled both ends into view. */
async function mouseDrag(page: Page, from: Locator, dx: number, dy: number) {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  await page.mouse.up();
}

async function runAndDownload(page: Page, slug: string): Promise<Buffer> {
  const tool = manifest(slug);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Success').filter({ hasText: tool.messages.success })).toBeVisible({ timeout: 60_000 });
  const name = (await page.getByTestId('result-name').first().textContent())!.trim();
  return (await downloadResult(page, name)).bytes;
}

const numberIn = async (page: Page, label: string) => Number(await page.getByLabel(label, { exact: true }).inputValue());

test('crop image: the box dragged and resized with the mouse sets the fields, and the download is that area', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoReal(page, '/tools/crop-image');
  await page.getByTestId('file-input').setInputFiles(upload('photo.png', 'image/png', positional(400, 300)));
  const box = page.getByTestId('crop-box');
  await expect(box).toBeVisible();
  const picture = page.getByRole('img', { name: 'Preview of photo.png' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
  await page.getByTestId('crop-stage').scrollIntoViewIfNeeded();
  const shown = (await picture.boundingBox())!;
  const scale = 400 / shown.width;

  await mouseDrag(page, box, 60, 40);
  const [x, y] = [await numberIn(page, 'X'), await numberIn(page, 'Y')];
  expect(Math.abs(x - 60 * scale)).toBeLessThanOrEqual(2);
  expect(Math.abs(y - 40 * scale)).toBeLessThanOrEqual(2);
  await expect(page.getByLabel('Width', { exact: true })).toHaveValue('100');

  await mouseDrag(page, page.getByTestId('crop-grip-se'), 50, 30);
  const [width, height] = [await numberIn(page, 'Width'), await numberIn(page, 'Height')];
  expect(Math.abs(width - (100 + 50 * scale))).toBeLessThanOrEqual(2);
  expect(Math.abs(height - (100 + 30 * scale))).toBeLessThanOrEqual(2);

  // The keyboard moves it on by 1% of the image (4 px), with a focus ring drawn.
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('X', { exact: true })).toHaveValue(String(x + 4));
  expect(await box.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  const out = decode(await runAndDownload(page, 'crop-image'));
  expect([out.width, out.height]).toEqual([width, height]);
  expect(rgb(out, 0, 0)).toEqual([(x + 4) & 255, y & 255, ((x + 4) >> 8) * 80]);
});

test('add text: the text dragged on the preview lands there in the download', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoReal(page, '/tools/add-text-to-image');
  await page.getByTestId('file-input').setInputFiles(upload('dark.png', 'image/png', solid(400, 200, [0, 0, 0])));
  await page.getByLabel('Text', { exact: true }).fill('HI');
  const textBox = page.getByTestId('text-box');
  await expect(textBox).toBeVisible();
  await page.getByTestId('text-stage').scrollIntoViewIfNeeded();
  const stage = (await page.getByTestId('text-stage').boundingBox())!;
  // From the centre to a quarter of the width and three quarters of the height.
  await mouseDrag(page, textBox, -stage.width / 4, stage.height / 4);
  await expect(page.getByTestId('text-position')).toHaveText('Text centre: 25% from the left, 75% from the top');

  // The preview paints the text (the site's own font) where the outline is.
  const previewInk = await page.getByRole('img', { name: 'Preview of dark.png with the text' }).evaluate((canvas: HTMLCanvasElement) => {
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let sx = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 200) (sx += (i / 4) % width, n++);
    return { x: sx / n / width, n, height };
  });
  expect(previewInk.n).toBeGreaterThan(50);
  expect(Math.abs(previewInk.x - 0.25)).toBeLessThan(0.03);

  const out = decode(await runAndDownload(page, 'add-text-to-image'));
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < out.height; y++)
    for (let x = 0; x < out.width; x++) if (out.data[(y * out.width + x) * 4] > 200) (sx += x, sy += y, n++);
  expect(n).toBeGreaterThan(50);
  expect(Math.abs(sx / n - 100)).toBeLessThan(8);
  expect(Math.abs(sy / n - 150)).toBeLessThan(8);
});

test('collage: a picture dragged onto another cell swaps places in the collage', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoReal(page, '/tools/collage-maker');
  await page.getByTestId('file-input').setInputFiles([
    upload('red.png', 'image/png', solid(20, 20, [230, 0, 0])),
    upload('blue.png', 'image/png', solid(20, 20, [0, 0, 230])),
  ]);
  const cell = (n: number) => page.getByTestId(`collage-cell-${n}`);
  await expect(cell(1).getByRole('button', { name: 'red.png, cell 1 of 4' })).toBeVisible();
  await page.getByTestId('collage-cells').scrollIntoViewIfNeeded();
  const [from, to] = [(await cell(1).boundingBox())!, (await cell(2).boundingBox())!];
  await mouseDrag(page, cell(1).getByRole('button'), to.x - from.x, to.y - from.y);
  await expect(cell(1).getByRole('button')).toHaveAccessibleName('blue.png, cell 1 of 4');
  await expect(page.locator('.file-list .file-name')).toHaveText(['blue.png', 'red.png']);

  const out = decode(await runAndDownload(page, 'collage-maker'));
  expect([rgb(out, 300, 300), rgb(out, 900, 300)]).toEqual([
    [0, 0, 230],
    [230, 0, 0],
  ]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the three previews have no serious axe violation (${colorScheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const pictures = {
      'crop-image': [upload('photo.png', 'image/png', positional(300, 200))],
      'add-text-to-image': [upload('photo.png', 'image/png', positional(300, 200))],
      'collage-maker': [upload('a.png', 'image/png', solid(20, 20, [230, 0, 0])), upload('b.png', 'image/png', solid(20, 20, [0, 0, 230]))],
    };
    for (const [slug, files] of Object.entries(pictures)) {
      await gotoReal(page, `/tools/${slug}`);
      await page.getByTestId('file-input').setInputFiles(files);
      await expect(page.getByTestId(slug === 'crop-image' ? 'crop-box' : slug === 'collage-maker' ? 'collage-cells' : 'text-box')).toBeVisible();
      await expectNoSeriousViolations(page, { include: 'form.tool-work' });
    }
  });
}
