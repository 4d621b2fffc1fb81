import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { MAX_COLUMNS, MAX_ROWS, XLSX_TYPE } from '../lib/xlsx-writer';
import csvToExcel, { spilledRowsNotice, tooManyColumnsMessage } from './csv-to-excel';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const csv = (name: string, bytes: Uint8Array | string) => ({
  name,
  type: 'text/csv',
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});
const fixture = new Uint8Array(readFileSync(new URL('../../tests/fixtures/tricky.csv', import.meta.url)));

/** The fixture as parsed by papaparse itself, without the trailing empty line. */
function expectedRows(): string[][] {
  const rows = Papa.parse<string[]>(new TextDecoder().decode(fixture), { delimiter: ',' }).data;
  return rows.filter((row) => !(row.length === 1 && row[0] === ''));
}

/** Cell values and types as exceljs reads them, row by row. */
async function readWithExcelJs(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

// Texts that would be formulas if typed into Excel, or are classic CSV-injection payloads.
const FORMULA_LOOKING = ['=1+1', '+1', '@SUM(A1)', '\tx', '\rx', "-cmd|' /C calc'!A0", '=HYPERLINK("http://example.org","click")'];

describe('csv-to-excel', () => {
  it('writes every cell of a tricky CSV, read back with exceljs', async () => {
    const before = fixture.slice();
    const [out] = await csvToExcel.run([csv('tricky.csv', fixture)], {}, ctx());
    expect(out.type).toBe(XLSX_TYPE);
    expect(fixture).toEqual(before);
    const expected = expectedRows();
    expect(out.meta).toEqual({ rows: expected.length, columns: 4, originalSize: fixture.byteLength });
    const sheet = await readWithExcelJs(out.bytes);
    expect(sheet.name).toBe('tricky');
    expect(sheet.rowCount).toBe(expected.length);
    expected.forEach((row, r) => {
      row.forEach((text, c) => {
        const cell = sheet.getCell(r + 1, c + 1);
        expect(cell.formula, `${cell.address}`).toBeUndefined();
        if (text === '') expect(cell.value, cell.address).toBeNull();
        else if (typeof cell.value === 'number') expect(cell.value, cell.address).toBe(Number(text));
        else expect(cell.value, cell.address).toBe(text);
      });
    });
    expect(sheet.getCell('B2').value).toBe('Smith, John');
    expect(sheet.getCell('C2').value).toBe('He said "hi"');
    expect(sheet.getCell('C3').value).toBe('line one\nline two');
    expect(sheet.getCell('B4').value).toBe('Zoë, Ωμέγα, 日本語');
    expect(sheet.getCell('C8').value).toBe('<b>&amp;</b> & ünïcödé');
    expect(sheet.getCell('C6').value).toBe('\rx');
  });

  it('stores formula-looking text as plain string cells, never formulas', async () => {
    const [out] = await csvToExcel.run([csv('tricky.csv', fixture)], {}, ctx());
    const sheet = await readWithExcelJs(out.bytes);
    const found: string[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string' && FORMULA_LOOKING.includes(cell.value)) {
          found.push(cell.value);
          expect(cell.type).toBe(ExcelJS.ValueType.String);
          expect(cell.formula).toBeUndefined();
        }
      }),
    );
    expect(found.sort()).toEqual([...FORMULA_LOOKING].sort());

    // Independently with SheetJS, and in the raw sheet XML: no formula element at all.
    const book = XLSX.read(out.bytes, { type: 'array', cellFormula: true });
    const ws = book.Sheets[book.SheetNames[0]];
    for (const address of ['C4', 'B5', 'C5', 'B6', 'C6', 'B7', 'C7']) {
      expect(ws[address].t, address).toBe('s');
      expect(ws[address].f, address).toBeUndefined();
      expect(FORMULA_LOOKING, address).toContain(ws[address].v);
    }
    expect(ws.C6.v).toBe('\rx');
    expect(ws.B6.v).toBe('\tx');
    const sheetXml = strFromU8(unzipSync(out.bytes)['xl/worksheets/sheet1.xml']);
    expect(sheetXml).not.toMatch(/<f[ >]/);
  });

  it('stores plain decimal numbers as numbers and keeps IDs, exponents and long digit strings as text', async () => {
    const [out] = await csvToExcel.run([csv('tricky.csv', fixture)], {}, ctx());
    const sheet = await readWithExcelJs(out.bytes);
    const cases: [string, string | number][] = [
      ['D2', 42],
      ['D3', 3.5],
      ['D4', -2],
      ['D7', 0.25],
      ['A3', 2],
      ['A2', '007'],
      ['D5', '1e5'],
      ['D6', '12345678901234567890'],
      ['D8', '-0'],
      ['B5', '+1'],
    ];
    for (const [address, value] of cases) {
      const cell = sheet.getCell(address);
      expect(cell.value, address).toBe(value);
      expect(cell.type, address).toBe(typeof value === 'number' ? ExcelJS.ValueType.Number : ExcelJS.ValueType.String);
    }
  });

  it('reads a UTF-8 BOM, semicolons and Windows-1252 text', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('név;város\nZoë;Kraków\n')]);
    const [a] = await csvToExcel.run([csv('bom.csv', bom)], {}, ctx());
    const sheetA = await readWithExcelJs(a.bytes);
    expect([sheetA.getCell('A1').value, sheetA.getCell('B1').value, sheetA.getCell('B2').value]).toEqual(['név', 'város', 'Kraków']);
    const latin = new Uint8Array([...new TextEncoder().encode('name,price\ncaf'), 0xe9, ...new TextEncoder().encode(',3\n')]);
    const [b] = await csvToExcel.run([csv('latin.csv', latin)], {}, ctx());
    const sheetB = await readWithExcelJs(b.bytes);
    expect(sheetB.getCell('A2').value).toBe('café');
    expect(sheetB.getCell('B2').value).toBe(3);
  });

  it.each([
    ['empty.csv', ''],
    ['blank.csv', '\n\n'],
    ['commas.csv', ',,\n,,\n'],
  ])('refuses %s as empty', async (name, text) => {
    await expect(csvToExcel.run([csv(name, text)], {}, ctx())).rejects.toMatchObject({
      name: 'ToolError',
      message: `The file ${name} is empty. Please choose a CSV file that contains data.`,
    });
  });

  it('continues rows beyond one sheet on a further sheet, header repeated, with a notice', async () => {
    // Blank lines count as rows but write nothing, so the test stays quick.
    const text = `id,when\n${'\n'.repeat(MAX_ROWS - 2)}7,2024-02-29\n8,x\n`;
    const [out] = await csvToExcel.run([csv('big.csv', text)], {}, ctx());
    expect(out.notice).toBe(spilledRowsNotice('big.csv', MAX_ROWS + 1, 2));
    expect(out.notice).toBe(
      'The file big.csv has 1,048,577 rows, more than the 1,048,576 an Excel sheet holds, so they continue on 2 sheets, with the header row repeated at the top of each.',
    );
    const book = XLSX.read(out.bytes, { type: 'array', cellDates: true, dense: true });
    expect(book.SheetNames).toEqual(['big', 'big 2']);
    const first = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.big, { header: 1, blankrows: true });
    expect(first).toHaveLength(MAX_ROWS);
    expect(first[MAX_ROWS - 1]).toEqual([7, new Date(Date.UTC(2024, 1, 29))]);
    const second = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['big 2'], { header: 1 });
    expect(second).toEqual([['id', 'when'], [8, 'x']]);
  });

  it('stores ISO dates as Excel dates and leaves other date-like text alone', async () => {
    const text = 'a,b,c,d\n2024-03-05,2024-03-05T14:30:15,2024-02-30,2024-03-05T10:00Z\n';
    const [out] = await csvToExcel.run([csv('dates.csv', text)], {}, ctx());
    const sheet = await readWithExcelJs(out.bytes);
    expect(sheet.getCell('A2').value).toEqual(new Date(Date.UTC(2024, 2, 5)));
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('B2').value).toEqual(new Date(Date.UTC(2024, 2, 5, 14, 30, 15)));
    expect(sheet.getCell('B2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('C2').value).toBe('2024-02-30');
    expect(sheet.getCell('D2').value).toBe('2024-03-05T10:00Z');
  });

  it('accepts exactly the most columns and refuses one more', async () => {
    const widest = `${'a,'.repeat(MAX_COLUMNS - 1)}a\n`;
    const [out] = await csvToExcel.run([csv('wide.csv', widest)], {}, ctx());
    const sheet = await readWithExcelJs(out.bytes);
    expect(sheet.getCell(1, MAX_COLUMNS).value).toBe('a');
    expect(sheet.getCell(1, MAX_COLUMNS).address).toBe('XFD1');
    await expect(csvToExcel.run([csv('wider.csv', `a\n${'a,'.repeat(MAX_COLUMNS)}a\n`)], {}, ctx())).rejects.toThrow(
      tooManyColumnsMessage('wider.csv', 2, MAX_COLUMNS + 1),
    );
  });

  it('refuses a binary file and an unclosed quote', async () => {
    const xlsxLike = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    await expect(csvToExcel.run([csv('book.csv', xlsxLike)], {}, ctx())).rejects.toThrow(
      'The file book.csv is not a text CSV file. Please choose a CSV file (for an Excel workbook, use an Excel tool instead).',
    );
    await expect(csvToExcel.run([csv('quote.csv', 'a,b\n1,"oops\n2,3\n')], {}, ctx())).rejects.toThrow(
      'The file quote.csv could not be read: a quoted field starting on row 2 is never closed. Please check the quotes in the file.',
    );
  });
});
