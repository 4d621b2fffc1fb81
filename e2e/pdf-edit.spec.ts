/**
 * Edit PDF in a real browser: in real mode a text box drawn on the second
 * page is saved by the worker and read back with pdf.js; in demo mode the
 * specification's simulation runs.
 */
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { pdfPageTexts } from '../tests/fixtures/pdf-build/pdf-text';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const edit = manifest('edit-pdf');

/** Drags on the page preview between two points given as fractions of it. */
async function dragOnPage(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByTestId('edit-surface').boundingBox())!;
  await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0] * box.width, box.y + to[1] * box.height, { steps: 6 });
  await page.mouse.up();
}

test('real edit: a text box with "Hello FileDesk" is saved on the page it was drawn on', async ({ page }) => {
  await gotoReal(page, '/tools/edit-pdf');
  await page.getByTestId('file-input').setInputFiles([upload('letter.pdf', 'application/pdf', await makePdf([400, 400], 'Letter'))]);
  await expect(page.getByTestId('edit-page')).toHaveText('Page 1 of 2');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('edit-page')).toHaveText('Page 2 of 2');
  await expect(page.getByTestId('pdf-thumbnail')).toHaveClass(/pdfv-thumb-done/);

  await page.getByRole('toolbar', { name: 'Editing tools' }).getByRole('button', { name: 'Text', exact: true }).click();
  await dragOnPage(page, [0.1, 0.2], [0.9, 0.3]);
  const text = page.getByLabel('Text', { exact: true });
  await expect(text).toBeFocused();
  await text.fill('Hello FileDesk');
  await expect(page.getByRole('button', { name: 'Text box: Hello FileDesk' })).toBeVisible();
  // Undo and redo from the keyboard outside the text field.
  await page.getByRole('button', { name: 'Text box: Hello FileDesk' }).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('button', { name: 'Text box: empty' })).toBeVisible();
  await page.keyboard.press('Control+y');
  await expect(page.getByRole('button', { name: 'Text box: Hello FileDesk' })).toBeVisible();

  await page.getByRole('button', { name: edit.action.label }).click();
  // The worker loads the embedded font and pdf-lib first, which takes a while on a busy machine.
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(edit.messages.success, { timeout: 30_000 });
  const { bytes } = await downloadResult(page, 'edited-letter.pdf');
  const doc = await PDFDocument.load(bytes);
  expect(doc.getPageCount()).toBe(2);
  const texts = await pdfPageTexts(new Uint8Array(bytes));
  expect(texts[1]).toContain('Hello FileDesk');
  expect(texts[1]).toContain('Letter page 2');
  expect(texts[0]).not.toContain('Hello FileDesk');
});

test('demo edit: Save PDF simulates the edit', async ({ page }) => {
  await page.goto('/tools/edit-pdf?demo=1');
  await page.getByTestId('file-input').setInputFiles([upload('doc.pdf', 'application/pdf', await makePdf([300], 'Doc'))]);
  await expect(page.getByText(/White-out covers what is under it but does not delete it/)).toBeVisible();
  await page.getByRole('button', { name: edit.action.label }).click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(edit.simulation.success);
  await expect(page.getByTestId('result-name')).toHaveText('edited-doc.pdf');
});
