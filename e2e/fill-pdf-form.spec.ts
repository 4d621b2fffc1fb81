/**
 * Fill PDF Form end to end: a blank form's fields show over its pages as
 * labelled controls; typed and chosen values are written by the worker and
 * read back from the download with pdf-lib; a CSV beside the form gives one
 * PDF per row; at phone width the controls list under the page. Nothing
 * leaves the site's origin.
 */
import { PDFDocument } from 'pdf-lib';
import { blankFormPdf } from '../tests/fixtures/pdf-build/fill-forms';
import { fieldValues } from '../tests/fixtures/pdf-build/forms';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';

const fill = manifest('fill-pdf-form');

async function readValues(bytes: Buffer): Promise<Record<string, string>> {
  return fieldValues((await PDFDocument.load(bytes)).getForm());
}

test('real: typed and chosen values are in the downloaded PDF, and no request leaves the site', async ({ page, siteGuard }) => {
  await gotoReal(page, '/tools/fill-pdf-form');
  await page.getByTestId('file-input').setInputFiles(upload('form.pdf', 'application/pdf', Buffer.from(await blankFormPdf())));

  // Labelled by the tooltip where the form has one, else by the field's name.
  const name = page.getByLabel('Full name', { exact: true });
  await expect(name).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ffv-sheet .pdfv-thumb-done').first()).toBeVisible({ timeout: 20_000 });

  // Tab order is the page's: the date field follows the name, though the form lists "reference" first.
  await name.focus();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Date of birth (dd/mm/yyyy)', { exact: true })).toBeFocused();
  await page.keyboard.type('10/12/1815');

  await page.getByLabel('address', { exact: true }).fill('12 St James Square\nLondon');
  await page.getByLabel('subscribe', { exact: true }).check();
  await page.getByRole('group', { name: 'size' }).getByLabel('Medium').check();
  await page.getByLabel('country', { exact: true }).selectOption('France');
  await page.getByLabel('colours', { exact: true }).selectOption(['Red', 'Blue']);
  await page.getByLabel('notes', { exact: true }).fill('Second page note');
  await expect(page.getByText(fill.messages.signatureField!)).toBeVisible();

  await page.getByRole('button', { name: fill.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('form-filled.pdf', { timeout: 30_000 });
  await expect(toast(page, 'Success')).toBeVisible();
  const { bytes } = await downloadResult(page, 'form-filled.pdf');
  expect(await readValues(bytes)).toMatchObject({
    name: 'Ada Lovelace',
    birthdate: '10/12/1815',
    address: '12 St James Square\nLondon',
    subscribe: 'checked',
    size: 'Medium',
    country: 'France',
    colours: 'Red, Blue',
    notes: 'Second page note',
    city: '',
  });
  expect(siteGuard.foreign()).toEqual([]);
});

test('real: a CSV beside the form gives one filled PDF per row, named by its column', async ({ page }) => {
  await gotoReal(page, '/tools/fill-pdf-form');
  await page.getByTestId('file-input').setInputFiles([
    upload('form.pdf', 'application/pdf', Buffer.from(await blankFormPdf())),
    upload('people.csv', 'text/csv', Buffer.from('name,country\nAda Lovelace,France\nGrace Hopper,Italy\n')),
  ]);
  await expect(page.getByTestId('fill-data-note')).toContainText('people.csv');
  await expect(page.getByLabel('Full name', { exact: true })).toBeDisabled({ timeout: 20_000 });
  await page.getByLabel('Name each copy by the CSV column').fill('name');
  await page.getByRole('button', { name: fill.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText(['form-Ada Lovelace.pdf', 'form-Grace Hopper.pdf'], { timeout: 30_000 });
  const { bytes } = await downloadResult(page, 'form-Grace Hopper.pdf');
  expect(await readValues(bytes)).toMatchObject({ name: 'Grace Hopper', country: 'Italy' });
});

test('real: at phone width the fields are listed under the page with visible labels', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoReal(page, '/tools/fill-pdf-form');
  await page.getByTestId('file-input').setInputFiles(upload('form.pdf', 'application/pdf', Buffer.from(await blankFormPdf())));
  const name = page.getByLabel('Full name', { exact: true });
  await expect(name).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('label.ffv-label', { hasText: 'Full name' })).toBeVisible();
  const box = (await name.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.height).toBeGreaterThanOrEqual(30);
  // Nothing runs wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('real: a PDF without fields says so', async ({ page }) => {
  await gotoReal(page, '/tools/fill-pdf-form');
  const plain = await PDFDocument.create();
  plain.addPage().drawText('A letter');
  await page.getByTestId('file-input').setInputFiles(upload('letter.pdf', 'application/pdf', Buffer.from(await plain.save())));
  await expect(page.getByText(/This PDF has no form fields to fill\./)).toBeVisible({ timeout: 20_000 });
});
