/**
 * Rotate PDF, Add Page Numbers and Add Watermark end to end in real mode:
 * real files in Chromium, the downloads parsed back in Node, and each tool
 * found by the header search.
 */
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import { pdfPageTexts } from './pdf-builders';
import { demoBadge, downloadResult, gotoReal, makePdf, toast, upload } from './support';

const PDF = 'application/pdf';

test('Rotate PDF: clicking a thumbnail leaves that page out, and the others turn 180°', async ({ page }) => {
  await gotoReal(page, '/tools/rotate-pdf');
  await expect(demoBadge(page)).toHaveCount(0);
  await page.locator('input[type=file]').setInputFiles(upload('three.pdf', PDF, await makePdf([300, 310, 320], 'Rotate')));
  const grid = page.getByRole('list', { name: 'Pages to rotate' });
  await expect(grid.getByRole('button')).toHaveCount(3);
  await expect(grid.locator('.pdfv-thumb-done')).toHaveCount(3);
  await grid.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('textbox', { name: 'Pages', exact: true })).toHaveValue('1, 3');
  await page.getByLabel('180°').check();
  await page.getByRole('button', { name: 'Rotate PDF', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('1 PDF rotated successfully!');
  const { bytes } = await downloadResult(page, 'rotated-three.pdf');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPages().map((p) => [Math.round(p.getWidth()), p.getRotation().angle])).toEqual([[300, 180], [310, 0], [320, 180]]);
});

test('Add Page Numbers: "Page n of total" from page 2 on', async ({ page }) => {
  await gotoReal(page, '/tools/add-page-numbers');
  await page.locator('input[type=file]').setInputFiles(upload('report.pdf', PDF, await makePdf([400, 400, 400], 'Report')));
  await page.getByLabel('Format').selectOption('page-n-of-total');
  await page.getByLabel('Start numbering on page').fill('2');
  await page.getByRole('button', { name: 'Add Page Numbers', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Page numbers added to 1 PDF!');
  const { bytes } = await downloadResult(page, 'numbered-report.pdf');
  const texts = await pdfPageTexts(bytes);
  expect(texts[0]).not.toContain('of 2');
  expect(texts[1]).toContain('Page 1 of 2');
  expect(texts[2]).toContain('Page 2 of 2');
});

test('Add Watermark: two PDFs at once, each watermarked on every page', async ({ page }) => {
  await gotoReal(page, '/tools/add-watermark');
  await page.locator('input[type=file]').setInputFiles([
    upload('a.pdf', PDF, await makePdf([400, 400], 'A')),
    upload('b.pdf', PDF, await makePdf([500], 'B')),
  ]);
  await page.getByLabel('Watermark text').fill('DRAFT');
  await page.getByLabel('Repeated over the page').check();
  await page.getByRole('button', { name: 'Add Watermark', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Watermark added to 2 PDFs!');
  for (const [name, pages] of [['watermarked-a.pdf', 2], ['watermarked-b.pdf', 1]] as const) {
    const texts = await pdfPageTexts((await downloadResult(page, name)).bytes);
    expect(texts).toHaveLength(pages);
    for (const text of texts) expect(text).toContain('DRAFT');
  }
});

for (const [query, title, slug] of [
  ['rotate', 'Rotate PDF', 'rotate-pdf'],
  ['page numbers', 'Add Page Numbers', 'add-page-numbers'],
  ['watermark', 'Add Watermark', 'add-watermark'],
]) {
  test(`the search finds ${title} for "${query}"`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Tools' });
    await dialog.getByRole('searchbox', { name: 'Search tools' }).fill(query);
    const result = dialog.getByRole('link').filter({ has: page.getByText(title, { exact: true }) });
    await expect(result).toHaveAttribute('href', `/tools/${slug}`);
  });
}
