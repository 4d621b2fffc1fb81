/**
 * Edit PDF's text editing in a real browser: PDFium loads from the site only
 * when Edit existing text is turned on, a line of the page's own text is
 * clicked and changed, and the saved PDF has the new words in place of the
 * old (read back with pdf.js) while the other line stays.
 */
import { expect, test } from './fixtures';
import { pdfPageTexts } from '../tests/fixtures/pdf-build/pdf-text';
import { downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const edit = manifest('edit-pdf');
const isEngine = (url: string) => /pdfium.*\.wasm/.test(url);

test('real edit: a line of the page is clicked, its words changed, and the saved PDF reads with the new words', async ({ page, siteGuard }) => {
  await gotoReal(page, '/tools/edit-pdf');
  await page.getByTestId('file-input').setInputFiles([upload('memo.pdf', 'application/pdf', await makePdf([400, 400], 'Memo'))]);
  await expect(page.getByTestId('edit-page')).toHaveText('Page 1 of 2');
  await page.getByTestId('pdf-thumbnail').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('pdf-thumbnail')).toHaveClass(/pdfv-thumb-done/);
  // The engine is not fetched for drawing-only edits.
  expect(siteGuard.requests.filter(isEngine)).toEqual([]);

  await page.getByRole('button', { name: 'Edit existing text' }).click();
  const line = page.getByRole('button', { name: 'Text: Memo page 1' });
  await expect(line).toBeVisible({ timeout: 30_000 });
  // Fetched once (the guard may see one request from both the page and its context), from the site itself.
  const engine = [...new Set(siteGuard.requests.filter(isEngine))];
  expect(engine).toHaveLength(1);
  expect(new URL(engine[0]!).origin).toBe(new URL(page.url()).origin);
  await line.click();
  const words = page.getByTestId('edit-text-value');
  await expect(words).toHaveValue('Memo page 1');
  await words.fill('Minutes page 1');
  await expect(page.getByRole('button', { name: 'Text: Minutes page 1' })).toBeVisible();

  await page.getByRole('button', { name: edit.action.label }).click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(edit.messages.success, { timeout: 30_000 });
  const { bytes } = await downloadResult(page, 'edited-memo.pdf');
  const texts = await pdfPageTexts(new Uint8Array(bytes));
  expect(texts[0]).toContain('Minutes page 1');
  expect(texts[0]).not.toContain('Memo page 1');
  expect(texts[1]).toContain('Memo page 2');
  // Every request, the engine's included, stayed on the site (the guard also checks this after each test).
  expect(siteGuard.foreign()).toEqual([]);
});

test('a page without text says so', async ({ page }) => {
  await gotoReal(page, '/tools/edit-pdf');
  const { PDFDocument, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawRectangle({ x: 20, y: 20, width: 100, height: 100, color: rgb(0.2, 0.2, 0.2) });
  await page.getByTestId('file-input').setInputFiles([upload('scan.pdf', 'application/pdf', Buffer.from(await doc.save()))]);
  await page.getByTestId('pdf-thumbnail').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('pdf-thumbnail')).toHaveClass(/pdfv-thumb-done/);
  await page.getByRole('button', { name: 'Edit existing text' }).click();
  await expect(page.getByText(/This page has no text to edit: it may be a scanned image/)).toBeVisible({ timeout: 30_000 });
});
