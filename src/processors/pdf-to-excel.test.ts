import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../contract/types';
import { TABLE, tablePdf } from '../../tests/fixtures/pdf-text/table-pdf';
import pdfToExcelProcessor, { noTextMessage, XLSX_TYPE } from './pdf-to-excel';
import { asWorkerCalls } from '../../tests/support/run-processor';

const pdfToExcel = asWorkerCalls(pdfToExcelProcessor);

function context(progress: [number, number][] = []): ProcessorContext {
  return { signal: new AbortController().signal, onProgress: (done, total) => progress.push([done, total]) };
}

async function readBook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

describe('pdf-to-excel', () => {
  it('writes one sheet per page with the table in cells and numbers as numbers', async () => {
    const input = await tablePdf();
    const original = input.slice();
    const progress: [number, number][] = [];
    const [out] = await pdfToExcel([{ name: 't.pdf', type: 'application/pdf', bytes: input }], {}, context(progress));
    expect(out!.type).toBe(XLSX_TYPE);
    expect(input).toEqual(original);
    expect(progress.at(-1)).toEqual([2, 2]);

    const book = await readBook(out!.bytes);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Page 1', 'Page 2']);
    const sheet = book.getWorksheet('Page 1')!;
    expect(sheet.getCell('A1').value).toBe('Quarterly figures');
    // Rows 2..5 hold the table, three columns.
    TABLE.forEach((row, r) => {
      expect(sheet.getCell(r + 2, 1).value).toBe(row[0]);
    });
    expect(sheet.getCell('B2').value).toBe('Code');
    expect(sheet.getCell('C2').value).toBe('Amount');
    expect(sheet.getCell('B3').value).toBe('007');
    expect(sheet.getCell('B4').value).toBe(42);
    expect(sheet.getCell('B5').value).toBe('0815');
    expect(sheet.getCell('C3').value).toBe(1234.5);
    expect(sheet.getCell('C3').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C4').value).toBe(-12);
    expect(sheet.getCell('C5').value).toBeCloseTo(0.035, 10);
    expect(sheet.getCell('C5').numFmt).toBe('0.0%');
    expect(sheet.getCell('D3').value).toBeNull();

    expect(book.getWorksheet('Page 2')!.getCell('A1').value).toBe('Notes follow the table.');
  });

  it('refuses a PDF without any text', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    await expect(pdfToExcel([{ name: 'scan.pdf', type: 'application/pdf', bytes: await doc.save() }], {}, context())).rejects.toThrow(noTextMessage());
  });

  it('refuses a file that is not a PDF', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]);
    await expect(pdfToExcel([{ name: 'book.xlsx', type: 'application/pdf', bytes }], {}, context())).rejects.toThrow('The file book.xlsx is not a PDF');
  });
});
