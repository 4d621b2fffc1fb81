/**
 * The PDF views where the visitor chooses pages or positions: merge, split
 * and rearrange in demo mode (the specification's simulation) and, for split
 * and rearrange, with real files whose output is read back with pdf-lib.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const merge = manifest('merge-pdf');
const split = manifest('split-pdf');
const rearrange = manifest('rearrange-pdf');

/** Page widths (points, rounded) and /Rotate of a PDF, in order. */
async function pagesOf(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => ({ width: Math.round(p.getWidth()), rotation: p.getRotation().angle }));
}

test('demo merge: two files give merged-document-[timestamp].pdf and the mock success', async ({ page }) => {
  await page.goto('/tools/merge-pdf?demo=1');
  await page.getByTestId('file-input').setInputFiles([
    upload('first.pdf', 'application/pdf', await makePdf([300, 300], 'First')),
    upload('second.pdf', 'application/pdf', await makePdf([300], 'Second')),
  ]);
  const list = page.getByRole('list', { name: 'Files to merge, in order' });
  await expect(list.locator('.file-name')).toHaveText(['first.pdf', 'second.pdf']);
  await page.getByRole('button', { name: 'Move first.pdf down' }).click();
  await expect(list.locator('.file-name')).toHaveText(['second.pdf', 'first.pdf']);
  await page.getByRole('button', { name: merge.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(/^merged-document-\d+\.pdf$/, { timeout: 15_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(merge.simulation.success.replace('{files}', '2'));
});

test('demo split: ranges "1-2, 3" give two parts and the success toast', async ({ page }) => {
  await page.goto('/tools/split-pdf?demo=1');
  await page.getByTestId('file-input').setInputFiles(upload('doc.pdf', 'application/pdf', await makePdf([300, 300], 'Doc')));
  // Demo mode makes up 5 to 24 pages, whatever the file has.
  await expect(page.getByTestId('page-count')).toHaveText(/This PDF has ([5-9]|1\d|2[0-4]) pages/);
  await page.getByRole('textbox', { name: 'Page ranges' }).fill('1-2, 3');
  await page.getByRole('button', { name: split.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(['split-part-1-doc.pdf', 'split-part-2-doc.pdf'], { timeout: 15_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('PDF split into 2 parts successfully!');
});

test('demo rearrange: move a page, save, and get the result with the mock success', async ({ page }) => {
  await page.goto('/tools/rearrange-pdf?demo=1');
  await page.getByTestId('file-input').setInputFiles(upload('pages.pdf', 'application/pdf', await makePdf([300], 'Pages')));
  const list = page.getByRole('list', { name: 'Pages, in their new order' });
  await expect(list.locator('.file-name').first()).toHaveText('Page 1');
  const count = await list.locator('li').count();
  expect(count).toBeGreaterThanOrEqual(3);
  expect(count).toBeLessThanOrEqual(12);
  await page.getByRole('button', { name: 'Move Page 1 down' }).click();
  await expect(list.locator('.file-name').nth(0)).toHaveText('Page 2');
  await expect(list.locator('.file-name').nth(1)).toHaveText('Page 1');
  await page.getByRole('button', { name: rearrange.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('rearranged-pages.pdf', { timeout: 15_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(rearrange.simulation.success);
});

test('real split: thumbnails from pdf.js, two real parts, and a real ZIP from Download All', async ({ page }) => {
  await gotoReal(page, '/tools/split-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('doc.pdf', 'application/pdf', await makePdf([200, 210, 220, 230, 240], 'Doc')));
  await expect(page.getByTestId('page-count')).toHaveText('This PDF has 5 pages.');
  await expect(page.locator('.pdfv-strip .pdfv-thumb-done').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Page ranges' }).fill('1-2, 3');
  await page.getByRole('button', { name: split.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(['split-part-1-doc.pdf', 'split-part-2-doc.pdf'], { timeout: 20_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('PDF split into 2 parts successfully!');

  const first = await downloadResult(page, 'split-part-1-doc.pdf');
  expect((await pagesOf(first.bytes)).map((p) => p.width)).toEqual([200, 210]);
  const second = await downloadResult(page, 'split-part-2-doc.pdf');
  expect((await pagesOf(second.bytes)).map((p) => p.width)).toEqual([220]);

  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await zip.path())));
  expect(Object.keys(entries).sort()).toEqual(['split-part-1-doc.pdf', 'split-part-2-doc.pdf']);
  expect((await pagesOf(Buffer.from(entries['split-part-2-doc.pdf']))).map((p) => p.width)).toEqual([220]);
});

test('real rearrange: the saved file has the pages in the new order, rotated as asked', async ({ page }) => {
  await gotoReal(page, '/tools/rearrange-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('doc.pdf', 'application/pdf', await makePdf([200, 210, 220], 'Doc')));
  const list = page.getByRole('list', { name: 'Pages, in their new order' });
  await expect(list.locator('.file-name')).toHaveText(['Page 1', 'Page 2', 'Page 3']);
  await expect(list.locator('.pdfv-thumb-done')).toHaveCount(3);

  // Keyboard drag: pick Page 3 up, move it to the top, drop it.
  const handle = page.getByRole('button', { name: 'Reorder Page 3' });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(list.locator('.file-name')).toHaveText(['Page 3', 'Page 1', 'Page 2']);
  await page.getByRole('button', { name: 'Rotate Page 1 clockwise' }).click();
  await page.getByRole('button', { name: 'Remove Page 2' }).click();

  await page.getByRole('button', { name: rearrange.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('rearranged-doc.pdf', { timeout: 20_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(rearrange.messages.success);
  const { bytes } = await downloadResult(page, 'rearranged-doc.pdf');
  expect(await pagesOf(bytes)).toEqual([
    { width: 220, rotation: 0 },
    { width: 200, rotation: 90 },
  ]);
});

test('pdf.js previews load only when a PDF is chosen, from the site itself', async ({ page, siteGuard }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await gotoReal(page, '/tools/merge-pdf');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merge PDF');
  expect(siteGuard.requests.filter((url) => /pdf\.worker/.test(url))).toEqual([]);
  await page.getByTestId('file-input').setInputFiles([
    upload('a.pdf', 'application/pdf', await makePdf([300, 300, 300], 'A')),
    upload('b.pdf', 'application/pdf', await makePdf([300], 'B')),
  ]);
  const rows = page.getByRole('list', { name: 'Files to merge, in order' }).locator('li');
  await expect(rows.nth(0)).toContainText('3 pages');
  await expect(rows.nth(1)).toContainText('1 page');
  await expect(rows.locator('.pdfv-thumb-done')).toHaveCount(2);
  expect(siteGuard.requests.some((url) => /pdf\.worker\.min-[\w-]+\.mjs$/.test(url))).toBe(true);
});
