/**
 * Add Watermark with an image in Chromium: the options form's image field
 * (choose, remove, a wrong file's message), a real run whose download has the
 * logo as an image XObject on the chosen page only, and the demo run.
 */
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, makePdf, toast, upload } from './support';

const PDF = 'application/pdf';

/** A solid green PNG logo. */
function logo(): Buffer {
  const image = new PNG({ width: 80, height: 40 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([0, 160, 0, 255], i);
  return PNG.sync.write(image);
}

/** Switches the watermark to an image; tried again while the options form is still being swapped in after the PDF is chosen. */
async function chooseImageKind(page: Page) {
  const radio = page.getByRole('radio', { name: 'Image' });
  await expect(async () => {
    await radio.click();
    await expect(radio).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** The image XObjects named by each page's resources. */
function imagesPerPage(doc: PDFDocument): number[] {
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return (xobjects?.keys() ?? []).filter((key) => {
      const object = xobjects!.lookup(key);
      return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
    }).length;
  });
}

test('Add Watermark with an image: the logo is chosen in the options and drawn on the chosen page', async ({ page }) => {
  await gotoReal(page, '/tools/add-watermark');
  await page.locator('input[type=file]').first().setInputFiles(upload('report.pdf', PDF, await makePdf([400, 400], 'Report')));
  await chooseImageKind(page);
  await expect(page.getByLabel('Watermark text')).toHaveCount(0);
  const chooser = page.getByLabel('Watermark image');

  await chooser.setInputFiles(upload('notes.txt', 'text/plain', Buffer.from('not an image')));
  await expect(page.getByRole('alert')).toHaveText('The file notes.txt is not a PNG or JPEG image. Please choose a PNG or JPEG file for the watermark image.');
  await page.getByRole('button', { name: 'Remove notes.txt' }).press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await chooser.setInputFiles(upload('logo.png', 'image/png', logo()));
  await expect(page.getByRole('button', { name: 'Remove logo.png' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Pages', exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add Watermark', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Watermark added to 1 PDF!', { timeout: 30_000 });
  const { bytes } = await downloadResult(page, 'watermarked-report.pdf');
  const doc = await PDFDocument.load(bytes);
  expect(imagesPerPage(doc)).toEqual([0, 1]);
});

test('Add Watermark with an image in demo mode: the run is simulated', async ({ page }) => {
  await page.goto('/tools/add-watermark?demo=1');
  await page.locator('input[type=file]').first().setInputFiles(upload('report.pdf', PDF, await makePdf([400], 'Report')));
  await chooseImageKind(page);
  await page.getByRole('button', { name: 'Add Watermark', exact: true }).click();
  await expect(toast(page, 'Error')).toContainText('Please choose the watermark image (a PNG or JPEG file).');
  await page.getByLabel('Watermark image').setInputFiles(upload('logo.png', 'image/png', logo()));
  // The image becomes the field's value once it is read; the run waits for that like a person would.
  await expect(page.getByRole('button', { name: 'Remove logo.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Watermark', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Watermark added to 1 PDF! (mock operation)');
});
