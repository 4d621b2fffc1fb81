/**
 * The OCR engine end to end in real mode (?demo=0): OCR PDF on a scanned PDF
 * made in Node, and Extract Text from Image in French. The engine, its core
 * and the chosen language's data are served by the site; the downloads are
 * read back in Node (pdf-lib, pdf.js) and checked word for word.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { SAMPLE_TEXT, scannedPdf, wordAccuracy } from '../tests/fixtures/scanned-pdf';
import { expect, test } from './fixtures';
import { pdfPageTexts } from './pdf-builders';
import { demoBadge, downloadResult, gotoReal, manifest, toast, upload } from './support';

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'E2E OCR Sans');

// Loading the engine and reading a full A4 page take a while on a shared machine.
test.setTimeout(180_000);

async function open(page: Page, slug: string): Promise<void> {
  await gotoReal(page, `/tools/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(manifest(slug).title);
  await expect(demoBadge(page)).toHaveCount(0);
}

/** Runs the tool and waits for its real success toast; returns the result's name. */
async function run(page: Page, slug: string): Promise<string> {
  const tool = manifest(slug);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Success')).toBeVisible({ timeout: 150_000 });
  const names = page.getByTestId('result-name');
  await expect(names).toHaveCount(1);
  return (await names.first().textContent()) ?? '';
}

/** The raw bytes of the image XObjects of a PDF's first page. */
function firstPageImages(doc: PDFDocument): Uint8Array[] {
  const xobjects = doc.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'));
  if (!xobjects || !('entries' in xobjects)) return [];
  return (xobjects as { entries(): [PDFName, unknown][] }).entries().flatMap(([, ref]) => {
    const stream = doc.context.lookup(ref as never);
    return stream instanceof PDFRawStream ? [stream.contents] : [];
  });
}

test('ocr-pdf: the scanned page gets searchable text, the same page count and the scan image byte for byte', async ({ page, siteGuard }) => {
  await open(page, 'ocr-pdf');
  const { bytes, jpegs } = await scannedPdf([SAMPLE_TEXT]);
  await page.getByTestId('file-input').setInputFiles(upload('letter.pdf', 'application/pdf', Buffer.from(bytes)));
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('eng');
  const name = await run(page, 'ocr-pdf');
  expect(name).toBe('letter-searchable.pdf');
  await expect(toast(page, 'Success')).toContainText('PDF made searchable!');
  await expect(page.getByTestId('toast').filter({ hasText: 'Page 1 was read with OCR and can now be searched and copied.' })).toBeVisible();

  const out = new Uint8Array((await downloadResult(page, name)).bytes);
  const doc = await PDFDocument.load(out);
  expect(doc.getPageCount()).toBe(1);
  expect(firstPageImages(doc)).toEqual([jpegs[0]]);
  const [text] = await pdfPageTexts(out);
  expect(wordAccuracy(SAMPLE_TEXT.join(' '), text!)).toBeGreaterThanOrEqual(0.97);
  // English data only: no other language was fetched.
  const languageFiles = siteGuard.requests.filter((url) => url.includes('/engines/tesseract/lang/'));
  expect(languageFiles.length).toBeGreaterThan(0);
  expect(languageFiles.every((url) => url.endsWith('/eng.traineddata.gz'))).toBe(true);
});

test('extract-text-from-image in French: accents read back, and only the French data is downloaded', async ({ page, siteGuard }) => {
  await open(page, 'extract-text-from-image');
  const lines = ['Le château médiéval accueille les élèves', 'pendant la fête de la moisson en août.'];
  const canvas = createCanvas(1000, 60 + lines.length * 50);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111111';
  g.font = '32px "E2E OCR Sans"';
  lines.forEach((line, i) => g.fillText(line, 30, 60 + i * 50));
  await page.getByTestId('file-input').setInputFiles(upload('affiche.png', 'image/png', canvas.toBuffer('image/png')));
  await page.getByLabel('Language', { exact: true }).selectOption('fra');
  const name = await run(page, 'extract-text-from-image');
  expect(name).toBe('affiche.txt');
  await expect(toast(page, 'Success')).toContainText('Text extracted successfully!');
  const text = (await downloadResult(page, name)).bytes.toString('utf8');
  expect(text.split(/\s+/).filter(Boolean)).toEqual(lines.join(' ').split(' '));
  const languageFiles = siteGuard.requests.filter((url) => url.includes('/engines/tesseract/lang/'));
  expect(languageFiles.some((url) => url.endsWith('/fra.traineddata.gz'))).toBe(true);
  expect(languageFiles.some((url) => url.endsWith('/eng.traineddata.gz'))).toBe(false);
});
