import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { XMLValidator } from 'fast-xml-parser';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { splitXlsxRows, UnsupportedLayout } from './xlsx-row-split';

const ctx = () => ({ signal: new AbortController().signal, onProgress: () => {} });
const tooMany = (n: number) => new Error(`too many: ${n}`);

/** A styled two-sheet workbook written by ExcelJS (shared strings, styles, merges, formulas, widths). */
async function styledWorkbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sales & Costs');
  sheet.columns = [
    { header: 'id', key: 'id', width: 8 },
    { header: 'name', key: 'name', width: 24 },
    { header: 'price', key: 'price', width: 12 },
    { header: 'total', key: 'total', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (let i = 1; i <= 7; i++) {
    const row = sheet.addRow({ id: i, name: `Ωμέγα ${i}`, price: i * 1.25 });
    row.getCell('total').value = { formula: `C${i + 1}*2`, result: i * 2.5 };
    row.getCell('price').numFmt = '#,##0.00';
  }
  sheet.getCell('B3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
  sheet.getRow(6).height = 30;
  // Rows 5 and 6 form one merge; 4 to 5 would straddle the first cut (parts of 3 rows: 2-4, 5-7, 8).
  sheet.mergeCells('D5:D6');
  const other = book.addWorksheet('Second');
  other.addRow(['code']);
  other.addRow(['Москва']);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('splitXlsxRows', () => {
  it('copies rows into parts with the header, renumbered, keeping styles, formats, widths, heights and merges', async () => {
    const bytes = await styledWorkbook();
    const before = bytes.slice();
    const parts = splitXlsxRows(bytes, 3, 100, tooMany, ctx());
    expect(bytes).toEqual(before);
    expect(parts.map((p) => [p.sheet, p.rows])).toEqual([
      ['Sales & Costs', 4],
      ['Sales & Costs', 4],
      ['Sales & Costs', 2],
      ['Second', 2],
    ]);
    for (const part of parts) {
      for (const [name, data] of Object.entries(unzipSync(part.bytes))) {
        if (name.endsWith('.xml') || name.endsWith('.rels')) expect(XMLValidator.validate(strFromU8(data)), name).toBe(true);
      }
    }
    const second = new ExcelJS.Workbook();
    await second.xlsx.load(parts[1]!.bytes as unknown as ArrayBuffer);
    expect(second.worksheets.map((w) => w.name)).toEqual(['Sales & Costs']);
    const sheet = second.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'id', 'name', 'price', 'total']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    // Original rows 5 to 7 (ids 4 to 6) are rows 2 to 4 here.
    expect([2, 3, 4].map((r) => sheet.getCell(`A${r}`).value)).toEqual([4, 5, 6]);
    expect(sheet.getCell('B2').value).toBe('Ωμέγα 4');
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    // The formula gave way to its value.
    expect(sheet.getCell('D2').value).toBe(10);
    expect(sheet.getCell('D2').formula).toBeUndefined();
    expect(sheet.getRow(3).height).toBe(30);
    expect(sheet.getColumn(2).width).toBe(24);
    expect(sheet.model.merges).toEqual(['D2:D3']);
    expect(sheet.rowCount).toBe(4);

    const first = new ExcelJS.Workbook();
    await first.xlsx.load(parts[0]!.bytes as unknown as ArrayBuffer);
    const fill = first.worksheets[0]!.getCell('B3').fill as ExcelJS.FillPattern;
    expect(fill.fgColor?.argb).toBe('FFFFFF00');
    // SheetJS reads the parts too.
    const read = XLSX.read(parts[2]!.bytes, { type: 'array' });
    expect(XLSX.utils.sheet_to_json(read.Sheets['Sales & Costs']!, { header: 1 })).toEqual([
      ['id', 'name', 'price', 'total'],
      [7, 'Ωμέγα 7', 8.75, 17.5],
    ]);
    const last = XLSX.read(parts[3]!.bytes, { type: 'array' });
    expect(XLSX.utils.sheet_to_json(last.Sheets.Second!, { header: 1 })).toEqual([['code'], ['Москва']]);
  });

  it('keeps the 1904 date system and counts blank rows as rows', () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([['when'], [1000], [], [], [2000], [3000]]);
    XLSX.utils.book_append_sheet(book, sheet, 'Dates');
    book.Workbook = { WBProps: { date1904: true } };
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', bookSST: true }) as ArrayBuffer);
    const parts = splitXlsxRows(bytes, 2, 100, tooMany, ctx());
    // Rows 2-3 (1000 and a blank), 4-5 (a blank and 2000), 6 (3000).
    expect(parts.map((p) => p.rows)).toEqual([2, 2, 2]);
    const middle = XLSX.read(parts[1]!.bytes, { type: 'array' });
    expect(middle.Workbook?.WBProps?.date1904).toBe(true);
    expect(XLSX.utils.sheet_to_json(middle.Sheets.Dates!, { header: 1, blankrows: true })).toEqual([['when'], [], [2000]]);
  });

  it('says how many parts there would be before making any', async () => {
    const bytes = await styledWorkbook();
    expect(() => splitXlsxRows(bytes, 1, 5, tooMany, ctx())).toThrow('too many: 8');
  });

  it('leaves a sheet laid out in an unexpected way to the general reader', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a'], [1]]), 'S');
    const files = unzipSync(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
    files['xl/worksheets/sheet1.xml'] = new TextEncoder().encode(
      strFromU8(files['xl/worksheets/sheet1.xml']!).replace('<sheetData>', '<sheetData><!-- odd -->'),
    );
    return import('fflate').then(({ zipSync }) => {
      expect(() => splitXlsxRows(zipSync(files), 1, 100, tooMany, ctx())).toThrow(UnsupportedLayout);
    });
  });
});
