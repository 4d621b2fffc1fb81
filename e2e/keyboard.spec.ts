/**
 * Five representative tools used with the keyboard alone, in real mode: Tab
 * reaches each control with a visible focus ring, Enter or Space opens the
 * file chooser from the drop zone, options change with the keys, Enter runs
 * the tool and Enter on Download saves a file whose content is checked.
 */
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoReal, makePdf, manifest, toast, upload } from './support';

test.describe.configure({ timeout: 120_000 });

/** True when the element, or the ring Radix draws on its ::before/::after, shows where focus is. */
async function expectVisibleFocus(target: Locator) {
  const visible = await target.evaluate((el) =>
    [null, '::before', '::after'].some((pseudo) => {
      const style = getComputedStyle(el, pseudo);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    }),
  );
  expect(visible, 'the focused control shows a focus ring').toBe(true);
}

/** Presses Tab until `target` has the focus, then checks the focus can be seen. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  await expect(target).toBeVisible();
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Opens the file chooser from the drop zone with Enter and gives it the files. */
async function chooseWithKeyboard(page: Page, files: ReturnType<typeof upload>[]) {
  const zone = page.getByRole('button', { name: /^Upload a file|^Upload files/ });
  await tabTo(page, zone);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles(files);
}

/** Runs the tool with Enter on its action button and waits for the real success message. */
async function runWithKeyboard(page: Page, slug: string, message: string) {
  await tabTo(page, page.getByRole('button', { name: manifest(slug).action.label, exact: true }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(message, { timeout: 60_000 });
}

/** Tabs to the result's Download button, presses Enter and returns the saved bytes. */
async function downloadWithKeyboard(page: Page, name: string | RegExp): Promise<{ name: string; bytes: Buffer }> {
  const button = page.getByRole('button', { name: typeof name === 'string' ? `Download ${name}` : name });
  await tabTo(page, button.first());
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 40, 40, 255], i);
  return PNG.sync.write(png);
}

test('merge-pdf with the keyboard alone', async ({ page }) => {
  await gotoReal(page, '/tools/merge-pdf');
  await chooseWithKeyboard(page, [
    upload('a.pdf', 'application/pdf', await makePdf([300, 300], 'A')),
    upload('b.pdf', 'application/pdf', await makePdf([400], 'B')),
  ]);
  await runWithKeyboard(page, 'merge-pdf', '2 PDF files merged successfully!');
  const { name, bytes } = await downloadWithKeyboard(page, /^Download merged-document-\d+\.pdf$/);
  expect(name).toMatch(/^merged-document-\d+\.pdf$/);
  const merged = await PDFDocument.load(bytes);
  expect(merged.getPages().map((p) => p.getWidth())).toEqual([300, 300, 400]);
});

test('pdf-compressor with the keyboard alone, the level chosen with the arrow keys', async ({ page }) => {
  await gotoReal(page, '/tools/pdf-compressor');
  await chooseWithKeyboard(page, [upload('report.pdf', 'application/pdf', await makePdf([300, 500], 'R'))]);
  const checked = page.getByRole('radio', { checked: true });
  await tabTo(page, checked);
  await expect(checked).toHaveAccessibleName(/medium/i);
  // Held for a moment as a person would: Radix checks the radio that focus moves to while the key is down.
  await page.keyboard.press('ArrowRight', { delay: 100 });
  await expect(page.getByRole('radio', { checked: true })).not.toHaveAccessibleName(/medium/i);
  await runWithKeyboard(page, 'pdf-compressor', 'PDF compressed successfully!');
  const { name, bytes } = await downloadWithKeyboard(page, 'compressed-report.pdf');
  expect(name).toBe('compressed-report.pdf');
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
});

test('png-to-jpg with the keyboard alone, the quality set with the arrow keys', async ({ page }) => {
  await gotoReal(page, '/tools/png-to-jpg');
  await chooseWithKeyboard(page, [upload('red.png', 'image/png', pngOf(40, 30))]);
  const quality = page.getByRole('slider', { name: 'Quality' });
  await tabTo(page, quality);
  const before = Number(await quality.inputValue());
  const step = Number((await quality.getAttribute('step')) ?? 1);
  await page.keyboard.press('ArrowLeft');
  await expect(quality).toHaveValue(String(before - step));
  await runWithKeyboard(page, 'png-to-jpg', 'PNG image converted to JPG!');
  const { name, bytes } = await downloadWithKeyboard(page, 'red.jpg');
  expect(name).toBe('red.jpg');
  // A JPEG: SOI marker, and a baseline or progressive frame header giving 30 x 40.
  expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  const sof = bytes.findIndex((b, i) => b === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2));
  expect(sof).toBeGreaterThan(0);
  expect([bytes.readUInt16BE(sof + 5), bytes.readUInt16BE(sof + 7)]).toEqual([30, 40]);
});

test('split-csv with the keyboard alone, the rows typed in', async ({ page }) => {
  await gotoReal(page, '/tools/split-csv');
  const csv = `id,name\n${Array.from({ length: 5 }, (_, i) => `${i + 1},row ${i + 1}`).join('\n')}\n`;
  await chooseWithKeyboard(page, [upload('data.csv', 'text/csv', Buffer.from(csv))]);
  const rows = page.getByLabel('Rows per file');
  await tabTo(page, rows);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  await runWithKeyboard(page, 'split-csv', 'CSV split into 3 parts successfully!');
  const { name, bytes } = await downloadWithKeyboard(page, 'split-part-3-data.csv');
  expect(name).toBe('split-part-3-data.csv');
  expect(bytes.toString('utf8')).toBe('id,name\n5,row 5\n');
});

test('text-case-converter with the keyboard alone', async ({ page, context }) => {
  const { SITE_ORIGIN } = await import('./fixtures');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE_ORIGIN });
  await gotoReal(page, '/tools/text-case-converter');
  const text = page.getByLabel('Your text');
  await tabTo(page, text);
  await page.keyboard.type('keyboard only');
  const mode = page.getByLabel('Case', { exact: true });
  await tabTo(page, mode);
  // A native select changes with the arrow keys without opening.
  await page.keyboard.press('ArrowDown');
  await expect(mode).toHaveValue('lowercase');
  await expect(page.getByTestId('case-output')).toHaveValue('keyboard only');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('case-output')).toHaveValue('KEYBOARD ONLY');
  await tabTo(page, page.getByRole('button', { name: 'Copy to Clipboard' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Success')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('KEYBOARD ONLY');
});
