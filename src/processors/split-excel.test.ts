import * as XLSX from '@e965/xlsx';
import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { zipBombMessage } from '../lib/zip';
import splitExcel, { oneSheetMessage } from './split-excel';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const run = (name: string, bytes: Uint8Array, method: 'sheets' | 'rows', rowsPerFile = 10000) =>
  splitExcel.run([{ name, type: '', bytes }], { method, rowsPerFile }, ctx());

function sampleBook(bookType: 'xlsx' | 'biff8'): Uint8Array {
  const book = XLSX.utils.book_new();
  const rows: unknown[][] = [['id', 'price', 'when', 'note']];
  for (let i = 1; i <= 7; i++) rows.push([i, i * 1.25, 45000 + i, i === 3 ? '=not a formula' : `n${i}`]);
  const first = XLSX.utils.aoa_to_sheet(rows);
  for (let r = 2; r <= 8; r++) {
    first[`B${r}`].z = '#,##0.00';
    first[`C${r}`].z = 'yyyy-mm-dd';
  }
  first['!cols'] = [{ wch: 6 }, { wch: 14 }, { wch: 12 }, { wch: 30 }];
  first['!merges'] = [XLSX.utils.decode_range('A1:A1'), XLSX.utils.decode_range('D5:D6')];
  XLSX.utils.book_append_sheet(book, first, 'Prices');
  const second = XLSX.utils.aoa_to_sheet([['Город', 'Ωμέγα'], ['Москва', 1]]);
  second['!merges'] = [XLSX.utils.decode_range('A1:B1')];
  XLSX.utils.book_append_sheet(book, second, 'Второй');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), 'Empty');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

describe('split-excel', () => {
  it('makes one workbook per sheet with data, keeping values, number formats, widths and merges', async () => {
    const bytes = sampleBook('xlsx');
    const before = bytes.slice();
    const outputs = await run('book.xlsx', bytes, 'sheets');
    expect(bytes).toEqual(before);
    expect(outputs.map((o) => o.meta?.sheet)).toEqual(['Prices', 'Второй']);
    const first = XLSX.read(outputs[0].bytes, { type: 'array', cellNF: true, cellStyles: true });
    expect(first.SheetNames).toEqual(['Prices']);
    const sheet = first.Sheets.Prices;
    expect(sheet.B3).toMatchObject({ t: 'n', v: 2.5, z: '#,##0.00' });
    expect(sheet.C2).toMatchObject({ t: 'n', v: 45001, z: 'yyyy-mm-dd' });
    expect(sheet.D4).toMatchObject({ t: 's', v: '=not a formula' });
    expect(sheet.D4.f).toBeUndefined();
    expect(sheet['!cols']?.map((c) => Math.round(c.wch ?? 0))).toEqual([6, 14, 12, 30]);
    expect(sheet['!merges']?.map((m) => XLSX.utils.encode_range(m))).toContain('D5:D6');
    const second = XLSX.read(outputs[1].bytes, { type: 'array' });
    expect(XLSX.utils.sheet_to_json(second.Sheets['Второй'], { header: 1 })).toEqual([['Город', 'Ωμέγα'], ['Москва', 1]]);
  });

  it('splits by rows with the header repeated, for .xlsx and .xls', async () => {
    for (const [name, type] of [['book.xlsx', 'xlsx'], ['book.xls', 'biff8']] as const) {
      const outputs = await run(name, sampleBook(type), 'rows', 3);
      // Prices: 7 rows in 3 parts; Второй: 1 row in 1 part.
      expect(outputs).toHaveLength(4);
      expect(outputs[0].type).toBe(type === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/vnd.ms-excel');
      const parts = outputs.map((o) => XLSX.read(o.bytes, { type: 'array', cellNF: true, cellDates: false }));
      const rows = parts.slice(0, 3).map((book) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Prices, { header: 1, raw: true }));
      for (const part of rows) expect(part[0]).toEqual(['id', 'price', 'when', 'note']);
      expect(rows.map((part) => part.slice(1).map((row) => row[0]))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
      expect(rows[1][2].slice(0, 2)).toEqual([5, 6.25]);
      expect(parts[1].Sheets.Prices.C3).toMatchObject({ t: 'n', v: 45005 });
      expect(parts[1].Sheets.Prices.D3).toMatchObject({ t: 's', v: 'n5' });
      expect(parts[1].Sheets.Prices.B3.z).toBe('#,##0.00');
    }
  });

  it('refuses a zip bomb from its declared sizes, before inflating anything', async () => {
    // A real archive whose central directory claims 3 GB: only the directory is read.
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1000) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const central = zip.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
    view.setUint32(central + 24, 3_000_000_000, true);
    await expect(run('bomb.xlsx', zip, 'sheets')).rejects.toThrow(zipBombMessage('bomb.xlsx'));
    // Many entries, each plausible alone, that together expand far past the limit.
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < 12; i++) entries[`xl/worksheets/sheet${i}.xml`] = new Uint8Array(1000);
    const bomb = zipSync(entries);
    const bombView = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let i = 0; i + 4 <= bomb.length; i++) {
      if (bombView.getUint32(i, true) === 0x02014b50) {
        bombView.setUint32(i + 20, 100_000, true);
        bombView.setUint32(i + 24, 80_000_000, true);
      }
    }
    await expect(run('bomb2.xlsx', bomb, 'rows')).rejects.toThrow(zipBombMessage('bomb2.xlsx'));
  });

  it('explains that a one-sheet workbook cannot be split by sheet, and refuses a non-workbook', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a'], [1]]), 'Only');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    await expect(run('one.xlsx', bytes, 'sheets')).rejects.toThrow(oneSheetMessage('one.xlsx'));
    await expect(run('text.xlsx', new TextEncoder().encode('hello'), 'sheets')).rejects.toThrow(
      'The file text.xlsx is not a readable Excel workbook. Please choose an .xlsx or .xls file.',
    );
  });
});
