/**
 * PDF Translator in real Chromium against the built site. This Chromium has
 * the Translator API, but its language models are only "downloadable" and
 * there is no network to download them, so the real-mode test installs a
 * stand-in Translator before the page loads: it stands in for the on-device
 * model, "translating" by upper-casing (or, into Japanese, by prefixing a
 * Japanese word), and reports a model download through the monitor as the
 * real API does. Everything after it is real: reading the PDF with pdf.js in
 * the page, the worker writing the PDF with embedded fonts (the CJK font is
 * fetched from the site itself), and the download.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { pdfPageTexts } from '../tests/fixtures/pdf-build/pdf-text';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, manifest, toast, upload } from './support';

const SLUG = 'pdf-translator';
const tool = manifest(SLUG);
const messages = tool.messages as unknown as Record<string, string>;

async function reportPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([500, 700]);
  first.drawText('Annual report', { x: 50, y: 640, size: 20, font });
  first.drawText('The company grew this year.', { x: 50, y: 590, size: 11, font });
  doc.addPage([500, 700]).drawText('Thank you for reading.', { x: 50, y: 600, size: 11, font });
  return Buffer.from(await doc.save());
}

/** Replaces the browser's Translator before any page script runs (see the note at the top). */
async function installStandInTranslator(page: Page) {
  await page.addInitScript(() => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const standIn = {
      availability: async () => 'downloadable',
      create: async (options: {
        targetLanguage: string;
        monitor?(m: { addEventListener(type: string, listener: (e: { loaded: number; total: number }) => void): void }): void;
      }) => {
        let listener: ((e: { loaded: number; total: number }) => void) | undefined;
        options.monitor?.({ addEventListener: (_type, l) => (listener = l) });
        listener?.({ loaded: 0, total: 1 });
        await sleep(200);
        listener?.({ loaded: 0.5, total: 1 });
        await sleep(2500);
        listener?.({ loaded: 1, total: 1 });
        const japanese = options.targetLanguage === 'ja';
        return {
          translate: async (text: string) => (japanese ? `\u7ffb\u8a33 ${text}` : text.toUpperCase()),
          destroy() {},
        };
      },
    };
    Object.defineProperty(window, 'Translator', { value: standIn, configurable: true, writable: true });
  });
}

async function translate(page: Page): Promise<string> {
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  const status = page.getByTestId('translate-status');
  await expect(status).toHaveText('Downloading the translation model: 50%');
  const success = toast(page, 'Success');
  await expect(success).toBeVisible({ timeout: 45_000 });
  await expect(success.locator('.toast-message')).toHaveText(tool.messages.success);
  const names = page.getByTestId('result-name');
  await expect(names).toHaveCount(1);
  return (await names.textContent())!.trim();
}

test('translates the text with the browser Translator and downloads a PDF holding the translation', async ({ page }) => {
  await installStandInTranslator(page);
  await gotoReal(page, `/tools/${SLUG}`);
  await expect(page.getByTestId('tool-note')).toContainText(/never leave it/);
  await expect(page.getByTestId('translator-problem')).toHaveCount(0);
  await page.getByTestId('file-input').setInputFiles(upload('report.pdf', 'application/pdf', await reportPdf()));
  const name = await translate(page);
  expect(name).toBe('report-es.pdf');
  const texts = await pdfPageTexts(new Uint8Array((await downloadResult(page, name)).bytes));
  expect(texts).toHaveLength(2);
  expect(texts[0]).toContain('ANNUAL REPORT');
  expect(texts[0]).toContain('THE COMPANY GREW THIS YEAR.');
  expect(texts[1]).toContain('THANK YOU FOR READING.');
});

test('translating into Japanese embeds the CJK font served by the site', async ({ page }) => {
  await installStandInTranslator(page);
  await gotoReal(page, `/tools/${SLUG}`);
  await page.getByTestId('file-input').setInputFiles(upload('report.pdf', 'application/pdf', await reportPdf()));
  await page.getByLabel('Target language').selectOption('ja');
  await page.getByLabel('Maintain original layout').click();
  const name = await translate(page);
  expect(name).toBe('report-ja.pdf');
  const texts = await pdfPageTexts(new Uint8Array((await downloadResult(page, name)).bytes));
  // Reflowed: one section per page, the translations only.
  expect(texts).toHaveLength(2);
  expect(texts[0]!.replace(/\s/g, '')).toContain('\u7ffb\u8a33Annualreport');
  // The original text is gone (over the original pages it would still be there, under the white boxes).
  expect(texts[0]!.split('Annual report')).toHaveLength(2);
  expect(texts[1]!.replace(/\s/g, '')).toContain('\u7ffb\u8a33Thankyouforreading.');
});

test('without the Translator API the page says so plainly and offers demo mode', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { Translator?: unknown }).Translator;
  });
  await gotoReal(page, `/tools/${SLUG}`);
  // The page's view, which knows, takes over with the first file.
  await page.getByTestId('file-input').setInputFiles(upload('report.pdf', 'application/pdf', await reportPdf()));
  const problem = page.getByTestId('translator-problem');
  await expect(problem).toContainText(messages.translatorMissing!);
  await problem.getByRole('button', { name: messages.tryDemo! }).click();
  await expect(demoBadge(page)).toBeVisible();
  await expect(problem).toHaveCount(0);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(tool.simulation.success, { timeout: 10_000 });
  await expect(page.getByTestId('result-name')).toHaveText('report-es.pdf');
});
