/**
 * eSign PDF end to end: with demo mode off, a typed or drawn signature is
 * placed by clicking the page preview, the PDF is signed in the worker, and
 * the download is read back in Node (pdf.js text, pdf-lib images). In demo
 * mode the specification's simulation runs.
 */
import type { Page } from '@playwright/test';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { pdfPageTexts } from '../tests/fixtures/pdf-build/pdf-text';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const esign = manifest('esign-pdf');

/** Waits until the page preview is drawn (it renders once scrolled into view). */
async function previewDrawn(page: Page) {
  await page.getByTestId('signature-stage').scrollIntoViewIfNeeded();
  await expect(page.locator('.sig-stage .pdfv-thumb-done')).toBeVisible();
}

/** Clicks the page preview at fractions of its size from the top-left. */
async function clickPage(page: Page, fx: number, fy: number) {
  const stage = page.getByTestId('signature-stage');
  const box = (await stage.boundingBox())!;
  await stage.click({ position: { x: box.width * fx, y: box.height * fy } });
}

/** Images drawn on each page (their pixel sizes), read with pdf-lib. */
async function imagesPerPage(bytes: Buffer): Promise<number[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => {
    const xobjects = p.node.Resources()?.lookup(PDFName.of('XObject'));
    if (!(xobjects instanceof PDFDict)) return 0;
    return xobjects.values().filter((ref) => {
      const stream = doc.context.lookup(ref);
      return stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
    }).length;
  });
}

async function signAndDownload(page: Page): Promise<Buffer> {
  await page.getByRole('button', { name: esign.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('signed-contract.pdf', { timeout: 30_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(esign.messages.success);
  return (await downloadResult(page, 'signed-contract.pdf')).bytes;
}

test('real: a typed signature placed by clicking page 2 is written on page 2 only, where it was put', async ({ page }) => {
  await gotoReal(page, '/tools/esign-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('contract.pdf', 'application/pdf', await makePdf([300, 320, 340], 'Contract')));
  await previewDrawn(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('sign-page')).toHaveText('Page 2 of 3');
  await previewDrawn(page);

  await page.getByRole('button', { name: esign.action.label, exact: true }).click();
  await expect(toast(page, 'Error').locator('.toast-message')).toHaveText('Please draw, type or upload a signature first.');

  await page.getByRole('tab', { name: 'Type' }).click();
  await page.getByLabel('Type your signature').fill('Ann Lee');
  await page.getByRole('button', { name: esign.action.label, exact: true }).click();
  await expect(toast(page, 'Error').filter({ hasText: 'Click the page preview to place your signature.' })).toBeVisible();

  await clickPage(page, 0.5, 0.7);
  await expect(page.getByTestId('signature-box')).toContainText('Ann Lee');
  const bytes = await signAndDownload(page);

  const texts = await pdfPageTexts(new Uint8Array(bytes));
  expect(texts).toHaveLength(3);
  expect(texts[1]).toContain('Ann Lee');
  expect(texts[0]).not.toContain('Ann Lee');
  expect(texts[2]).not.toContain('Ann Lee');

  // Page 2 is 320 x 400 points: the box is centred at x 160, 0.7 down (y 120 from the bottom).
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const items = (await (await doc.getPage(2)).getTextContent()).items as { str: string; transform: number[]; width: number }[];
  const signed = items.find((i) => i.str.includes('Ann Lee'))!;
  const [, , , , x, y] = signed.transform;
  expect(x + signed.width / 2).toBeGreaterThan(150);
  expect(x + signed.width / 2).toBeLessThan(170);
  expect(y).toBeGreaterThan(100);
  expect(y).toBeLessThan(130);
  await doc.destroy();
});

test('real: a drawn signature with the date becomes an image and a date line on the page', async ({ page }) => {
  await gotoReal(page, '/tools/esign-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('contract.pdf', 'application/pdf', await makePdf([300, 300], 'Contract')));
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const pad = (await canvas.boundingBox())!;
  await page.mouse.move(pad.x + 40, pad.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 40], [120, 110], [170, 50], [230, 120], [300, 60]]) await page.mouse.move(pad.x + dx, pad.y + dy, { steps: 4 });
  await page.mouse.up();
  await previewDrawn(page);
  await page.getByRole('switch', { name: "Also add today's date under the signature" }).click();
  await clickPage(page, 0.6, 0.8);
  await expect(page.getByTestId('signature-box').getByRole('img', { name: 'Your signature' })).toBeVisible();
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  await expect(page.getByTestId('signature-box')).toContainText(today);
  const bytes = await signAndDownload(page);

  expect(await imagesPerPage(bytes)).toEqual([1, 0]);
  const texts = await pdfPageTexts(new Uint8Array(bytes));
  expect(texts[0]).toContain(today);
  expect(texts[1]).not.toContain(today);
});

test('demo: the simulation gives signed-[name] at 1.02 x the size and the mock success', async ({ page }) => {
  await page.goto('/tools/esign-pdf?demo=1');
  const input = await makePdf([300], 'Contract');
  await page.getByTestId('file-input').setInputFiles(upload('contract.pdf', 'application/pdf', input));
  await page.getByRole('tab', { name: 'Type' }).click();
  await page.getByLabel('Type your signature').fill('Ann Lee');
  await clickPage(page, 0.5, 0.5);
  await page.getByRole('button', { name: esign.action.label, exact: true }).click();
  await expect(page.getByTestId('result-name')).toHaveText('signed-contract.pdf', { timeout: 15_000 });
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(esign.simulation.success);
  const { bytes } = await downloadResult(page, 'signed-contract.pdf');
  expect(bytes.length).toBe(Math.round(1.02 * input.length));
});
