/**
 * The PDF Compressor's pdf-lib path in the browser on what Node tests cannot
 * reach: a JPEG 2000 image decoded by the OpenJPEG wasm the site serves (in
 * the tool's worker), and a fully embedded TrueType font subset there. Each
 * download is parsed back in Node.
 */
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { FONT_TEXT, fullFontPdf, jpxPdf } from '../tests/fixtures/pdf-build/compress-inputs';
import { pdfPageTexts } from '../tests/fixtures/pdf-build/pdf-text';
import { expect, test } from './fixtures';
import { downloadResult, gotoReal, manifest, toast, upload } from './support';

const tool = manifest('pdf-compressor');

async function compress(page: Page, name: string, input: Uint8Array): Promise<Uint8Array> {
  await gotoReal(page, '/tools/pdf-compressor');
  await page.getByTestId('file-input').setInputFiles(upload(name, 'application/pdf', Buffer.from(input)));
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, tool.messages.successTitle ?? 'Success')).toBeVisible({ timeout: 60_000 });
  const card = page.locator('.result-card');
  const engine = card.locator('dl.result-meta > div').filter({ has: page.locator('dt', { hasText: /^Engine$/ }) }).locator('dd');
  await expect(engine).toHaveText('pdf-lib');
  // pdf.js takes a Uint8Array, not a Node Buffer.
  return new Uint8Array((await downloadResult(page, `compressed-${name}`)).bytes);
}

test('pdf-compressor: a JPEG 2000 image is decoded in the worker and re-encoded as a smaller JPEG', async ({ page }) => {
  const input = await jpxPdf();
  const bytes = await compress(page, 'jpx.pdf', input);
  expect(bytes.length).toBeLessThan(input.length / 2);
  const images = (await PDFDocument.load(bytes)).context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  // 240 px drawn 72 pt wide is 240 dpi; medium brings it to 150 dpi.
  expect(images.map((image) => [String(image.dict.get(PDFName.of('Filter'))), (image.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()])).toEqual([['/DCTDecode', 150]]);
});

test('pdf-compressor: a fully embedded TrueType font is subset, and the text reads the same', async ({ page }) => {
  const input = await fullFontPdf();
  const bytes = await compress(page, 'invoice.pdf', input);
  expect(bytes.length).toBeLessThan(60_000);
  expect(await pdfPageTexts(bytes)).toEqual(await pdfPageTexts(input));
  expect((await pdfPageTexts(bytes))[0].replace(/\s+/g, '')).toBe(FONT_TEXT.join('').replace(/\s+/g, ''));
  const doc = await PDFDocument.load(bytes);
  const descriptor = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .find((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of('FontFile2')));
  expect(String(descriptor?.get(PDFName.of('FontName')))).toMatch(/^\/[A-Z]{6}\+/);
  const file = descriptor!.lookup(PDFName.of('FontFile2')) as PDFRawStream;
  expect(decodePDFRawStream(file).decode().length).toBeLessThan(120_000);
});
