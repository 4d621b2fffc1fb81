/**
 * The spreadsheet and XML tools end to end in real mode (?demo=0): each is
 * given a file built in Node, run in Chromium's worker, and its download is
 * parsed back in Node (papaparse, SheetJS, fast-xml-parser, pdf.js). A
 * hostile file must be refused with its specific message.
 */
import * as XLSX from '@e965/xlsx';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pdfPageTexts } from './pdf-builders';
import { fillMessage } from '../src/core/facts';
import { demoBadge, downloadResult, gotoReal, manifest, toast, upload } from './support';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Each test loads a tool page and its processor (SheetJS, pdf-lib with DejaVu Sans): generous on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function openReal(page: Page, slug: string): Promise<void> {
  await gotoReal(page, `/tools/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(manifest(slug).title);
  await expect(demoBadge(page)).toHaveCount(0);
}

/** Runs the tool, checks its real success message (the manifest's, {n} filled in) and returns the result names. */
async function runReal(page: Page, slug: string, expected: number, message: string): Promise<string[]> {
  const tool = manifest(slug);
  expect(fillMessage(tool.messages.success, { n: expected, files: 1 })).toBe(message);
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  const success = toast(page, 'Success');
  await expect(success).toBeVisible({ timeout: 150_000 });
  await expect(success.locator('.toast-message')).toHaveText(message);
  const names = page.getByTestId('result-name');
  await expect(names).toHaveCount(expected);
  return (await names.allTextContents()).map((name) => name.trim());
}

function workbookBytes(): Buffer {
  const book = XLSX.utils.book_new();
  const rows: (string | number)[][] = [['id', 'name', 'amount']];
  for (let i = 1; i <= 5; i++) rows.push([i, `Ωμέγα ${i}`, i * 1.5]);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'First');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['code'], ['Москва']]), 'Second');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

const ORDERS_XML = `<?xml version="1.0"?>
<orders><order no="1"><customer>Zoë</customer><total>-5</total><note>=1+1</note></order>
<order no="2"><customer>Иван</customer><total>12.50</total><note>ok</note></order></orders>`;

test('split-csv splits a CSV into parts that each start with the header', async ({ page }) => {
  await openReal(page, 'split-csv');
  const csv = `id,text\n${Array.from({ length: 5 }, (_, i) => `${i + 1},"line ${i + 1}, ""quoted"""`).join('\n')}\n`;
  await page.getByTestId('file-input').setInputFiles(upload('data.csv', 'text/csv', Buffer.from(csv)));
  await page.getByLabel('Rows per file').fill('2');
  const names = await runReal(page, 'split-csv', 3, 'CSV split into 3 parts successfully!');
  expect(names).toEqual(['split-part-1-data.csv', 'split-part-2-data.csv', 'split-part-3-data.csv']);
  const { bytes } = await downloadResult(page, names[1]);
  expect(bytes.toString('utf8')).toBe('id,text\n3,"line 3, ""quoted"""\n4,"line 4, ""quoted"""\n');
});

test('split-excel makes one workbook per sheet', async ({ page }) => {
  await openReal(page, 'split-excel');
  await page.getByTestId('file-input').setInputFiles(upload('book.xlsx', XLSX_MIME, workbookBytes()));
  const names = await runReal(page, 'split-excel', 2, 'Excel file split into 2 parts successfully!');
  const { bytes } = await downloadResult(page, names[1]);
  const book = XLSX.read(bytes, { type: 'buffer' });
  expect(book.SheetNames).toEqual(['Second']);
  expect(XLSX.utils.sheet_to_json(book.Sheets.Second, { header: 1 })).toEqual([['code'], ['Москва']]);
});

test('xml-to-csv writes one row per record', async ({ page }) => {
  await openReal(page, 'xml-to-csv');
  await page.getByTestId('file-input').setInputFiles(upload('orders.xml', 'application/xml', Buffer.from(ORDERS_XML)));
  const [name] = await runReal(page, 'xml-to-csv', 1, 'XML converted to CSV successfully!');
  const csv = (await downloadResult(page, name)).bytes.toString('utf8').replace(/^\uFEFF/, '');
  expect(Papa.parse(csv, { skipEmptyLines: true }).data).toEqual([
    ['order.@no', 'customer', 'total', 'note'],
    ['1', 'Zoë', '-5', "'=1+1"],
    ['2', 'Иван', '12.50', 'ok'],
  ]);
});

test('xml-to-excel writes records as rows whose text cells never run as formulas', async ({ page }) => {
  await openReal(page, 'xml-to-excel');
  await page.getByTestId('file-input').setInputFiles(upload('orders.xml', 'application/xml', Buffer.from(ORDERS_XML)));
  const [name] = await runReal(page, 'xml-to-excel', 1, 'XML converted to Excel successfully!');
  const book = XLSX.read((await downloadResult(page, name)).bytes, { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  expect(sheet.D2).toMatchObject({ t: 's', v: '=1+1' });
  expect(sheet.D2.f).toBeUndefined();
  expect(sheet.C3).toMatchObject({ t: 'n', v: 12.5 });
});

test('xml-to-json writes indented JSON', async ({ page }) => {
  await openReal(page, 'xml-to-json');
  await page.getByTestId('file-input').setInputFiles(upload('orders.xml', 'application/xml', Buffer.from(ORDERS_XML)));
  const [name] = await runReal(page, 'xml-to-json', 1, 'XML converted to JSON successfully!');
  const json = JSON.parse((await downloadResult(page, name)).bytes.toString('utf8'));
  expect(json.orders.order[1]).toEqual({ '@no': '2', customer: 'Иван', total: '12.50', note: 'ok' });
});

test('excel-to-xml writes well-formed XML', async ({ page }) => {
  await openReal(page, 'excel-to-xml');
  await page.getByTestId('file-input').setInputFiles(upload('book.xlsx', XLSX_MIME, workbookBytes()));
  const [name] = await runReal(page, 'excel-to-xml', 1, 'Excel file converted to XML successfully!');
  const text = (await downloadResult(page, name)).bytes.toString('utf8');
  expect(XMLValidator.validate(text)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(text);
  expect(parsed.workbook.sheet[0].row[0]).toEqual({ id: '1', name: 'Ωμέγα 1', amount: '1.5' });
});

test('a billion-laughs XML is refused with a clear message', async ({ page }) => {
  await openReal(page, 'xml-to-json');
  const lol = '<!DOCTYPE l [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><l>&b;</l>';
  await page.getByTestId('file-input').setInputFiles(upload('lol.xml', 'application/xml', Buffer.from(lol)));
  await page.getByRole('button', { name: manifest('xml-to-json').action.label, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The file lol.xml declares entities in its DOCTYPE' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('result-name')).toHaveCount(0);
});

test('excel-to-pdf prints every sheet as a table', async ({ page }) => {
  await openReal(page, 'excel-to-pdf');
  await page.getByTestId('file-input').setInputFiles(upload('book.xlsx', XLSX_MIME, workbookBytes()));
  const [name] = await runReal(page, 'excel-to-pdf', 1, 'Excel file converted to PDF successfully!');
  expect(name).toBe('book.pdf');
  const { bytes } = await downloadResult(page, name);
  const text = (await pdfPageTexts(new Uint8Array(bytes))).join('\n').replace(/ +/g, ' ');
  expect(text).toContain('First id name amount');
  expect(text).toContain('Ωμέγα 5');
  expect(text).toContain('Second code Москва');
});
