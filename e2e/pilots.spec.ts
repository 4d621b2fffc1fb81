/**
 * The real tools end to end, demo mode off: each output is downloaded and
 * parsed back in Node (pdf-lib, pngjs, jpeg-js, exceljs) and checked.
 */
import ExcelJS from 'exceljs';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, makePdf, manifest, toast, upload } from './support';

const REAL_NOTE = /never leave it/;

/** Opens a tool with demo mode off and checks the page promises local processing. */
async function openReal(page: Page, slug: string) {
  await gotoReal(page, `/tools/${slug}`);
  const tool = manifest(slug);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.title);
  await expect(demoBadge(page)).toHaveCount(0);
  await expect(page.getByTestId('tool-note')).toContainText(REAL_NOTE);
  return tool;
}

/** Runs the tool and waits for its real success toast; returns the single result's name. */
async function runReal(page: Page, slug: string): Promise<string> {
  const tool = manifest(slug);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  const success = toast(page, tool.messages.successTitle ?? 'Success');
  await expect(success).toBeVisible({ timeout: 30_000 });
  await expect(success).not.toContainText('(Mock)');
  await expect(success).not.toContainText('(mock operation)');
  await expect(page.getByTestId('toast').filter({ hasText: /^Error/ })).toHaveCount(0);
  const names = page.getByTestId('result-name');
  await expect(names).toHaveCount(1);
  return (await names.textContent())!.trim();
}

test('merge-pdf: 2 + 3 pages make 5, in order', async ({ page }) => {
  await openReal(page, 'merge-pdf');
  const first = await makePdf([201, 202], 'First');
  const second = await makePdf([301, 302, 303], 'Second');
  await page
    .getByTestId('file-input')
    .setInputFiles([upload('first.pdf', 'application/pdf', first), upload('second.pdf', 'application/pdf', second)]);
  const name = await runReal(page, 'merge-pdf');
  expect(name).toMatch(/^merged-document-\d+\.pdf$/);
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText('2 PDF files merged successfully!');

  const { bytes } = await downloadResult(page, name);
  const merged = await PDFDocument.load(bytes);
  expect(merged.getPageCount()).toBe(5);
  // Page widths identify each source page, so they show the order was kept.
  expect(merged.getPages().map((p) => Math.round(p.getWidth()))).toEqual([201, 202, 301, 302, 303]);
});

test('merge-pdf: moving the second file up reverses the order', async ({ page }) => {
  await openReal(page, 'merge-pdf');
  const first = await makePdf([201, 202], 'First');
  const second = await makePdf([301, 302, 303], 'Second');
  const input = page.getByTestId('file-input');
  await input.setInputFiles([upload('first.pdf', 'application/pdf', first)]);
  // At once: the view replaces the page, and its input, with the first file; a choice that lands on the old input still counts.
  await input.setInputFiles([upload('second.pdf', 'application/pdf', second)]);
  await page.getByRole('button', { name: /move second\.pdf up/i }).click();
  const name = await runReal(page, 'merge-pdf');
  const { bytes } = await downloadResult(page, name);
  const merged = await PDFDocument.load(bytes);
  expect(merged.getPages().map((p) => Math.round(p.getWidth()))).toEqual([301, 302, 303, 201, 202]);
});

/** A 40 x 30 PNG: left half opaque red, right half fully transparent. */
function transparentPng(): Buffer {
  const png = new PNG({ width: 40, height: 30 });
  for (let y = 0; y < 30; y++) {
    for (let x = 0; x < 40; x++) {
      const i = (y * 40 + x) * 4;
      const opaque = x < 20;
      png.data[i] = opaque ? 220 : 0;
      png.data[i + 1] = opaque ? 20 : 0;
      png.data[i + 2] = opaque ? 30 : 0;
      png.data[i + 3] = opaque ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

function pixel(img: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * img.width + x) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

test('png-to-jpg: transparency becomes white and the size is kept', async ({ page }) => {
  await openReal(page, 'png-to-jpg');
  await page.getByTestId('file-input').setInputFiles(upload('logo.png', 'image/png', transparentPng()));
  const name = await runReal(page, 'png-to-jpg');
  expect(name).toBe('logo.jpg');
  const { bytes } = await downloadResult(page, name);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  expect([img.width, img.height]).toEqual([40, 30]);
  // Away from the edge, where JPEG blocks blur the two halves together.
  for (const [x, y] of [[32, 5], [35, 15], [30, 25]]) {
    for (const channel of pixel(img, x, y)) expect(channel).toBeGreaterThanOrEqual(245);
  }
  const [r, g, b] = pixel(img, 6, 15);
  expect(r).toBeGreaterThan(190);
  expect(g).toBeLessThan(60);
  expect(b).toBeLessThan(70);
});

/** A 33 x 21 JPEG with a colour gradient. */
function gradientJpeg(): { bytes: Buffer; width: number; height: number } {
  const width = 33;
  const height = 21;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = Math.round((x / (width - 1)) * 255);
      data[i + 1] = Math.round((y / (height - 1)) * 255);
      data[i + 2] = 128;
      data[i + 3] = 255;
    }
  }
  return { bytes: jpeg.encode({ width, height, data }, 95).data, width, height };
}

test('jpg-to-png: a PNG with the same dimensions and pixels', async ({ page }) => {
  await openReal(page, 'jpg-to-png');
  const source = gradientJpeg();
  await page.getByTestId('file-input').setInputFiles(upload('photo.jpeg', 'image/jpeg', source.bytes));
  const name = await runReal(page, 'jpg-to-png');
  expect(name).toBe('photo.png');
  const { bytes } = await downloadResult(page, name);
  const png = PNG.sync.read(bytes);
  expect([png.width, png.height]).toEqual([source.width, source.height]);
  // Two JPEG decoders may differ by a few levels; a wrong image differs by far more.
  const reference = jpeg.decode(source.bytes, { useTArray: true, formatAsRGBA: true });
  let worst = 0;
  for (let i = 0; i < png.data.length; i++) {
    if (i % 4 === 3) expect(png.data[i]).toBe(255);
    else worst = Math.max(worst, Math.abs(png.data[i] - reference.data[i]));
  }
  expect(worst).toBeLessThanOrEqual(12);
});

const TRICKY_ROWS = [
  ['name', 'quote', 'note', 'formula', 'count'],
  ['Smith, John', 'He said "hi"', 'line one\nline two', '=1+1', '42'],
  ['Zoë Ünïcødé', '日本語のテキスト', 'emoji 😀 ok', '@SUM(A1)', '007'],
  ['', 'trailing space ', ' leading', '+1 phone', '-3.5'],
];

/** RFC 4180 quoting: every field quoted, quotes doubled, line breaks kept. */
function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
}

test('csv-to-excel: quotes, commas, line breaks and UTF-8 survive; formulas stay text', async ({ page }) => {
  await openReal(page, 'csv-to-excel');
  const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(toCsv(TRICKY_ROWS), 'utf8')]);
  await page.getByTestId('file-input').setInputFiles(upload('tricky.csv', 'text/csv', csv));
  const name = await runReal(page, 'csv-to-excel');
  expect(name).toBe('tricky.xlsx');
  const { bytes } = await downloadResult(page, name);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount).toBe(TRICKY_ROWS.length);
  TRICKY_ROWS.forEach((row, r) => {
    row.forEach((text, c) => {
      const cell = sheet.getCell(r + 1, c + 1);
      if (text === '') return expect(cell.value ?? '').toBe('');
      if (text === '42') return expect(cell.value).toBe(42);
      if (text === '-3.5') return expect(cell.value).toBe(-3.5);
      expect(cell.value, `cell ${cell.address}`).toBe(text);
      expect(cell.type, `cell ${cell.address} is text`).toBe(ExcelJS.ValueType.String);
    });
  });
  expect(sheet.getCell('D2').formula).toBeUndefined();
});
