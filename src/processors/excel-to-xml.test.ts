import * as XLSX from '@e965/xlsx';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it, vi } from 'vitest';
import excelToXml from './excel-to-xml';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

function workbook(): Uint8Array {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Name', 'Amount (€)', '2nd col', 'xml id', '', 'Name'],
    ['Zoë <&>', 1234.5, 'a"b', 'x1', 'e', 'dup'],
    ['Ωμέγα', 0.1, '=1+1', 'x2', '', ''],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Data & more');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['When'], [new Date(Date.UTC(2024, 0, 31))]], { cellDates: true }), 'Dates');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('excel-to-xml', () => {
  it('writes well-formed XML with valid element names, one row element per row', async () => {
    const [out] = await excelToXml.run([{ name: 'b.xlsx', type: '', bytes: workbook() }], {}, ctx());
    const text = new TextDecoder().decode(out.bytes);
    expect(XMLValidator.validate(text)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ['sheet', 'row'].includes(name) }).parse(text);
    const [data, dates] = parsed.workbook.sheet;
    expect(data['@_name']).toBe('Data & more');
    expect(data.row[0]).toEqual({ Name: 'Zoë <&>', Amount: '1234.5', _2nd_col: 'a"b', _xml_id: 'x1', column_5: 'e', Name_2: 'dup' });
    expect(data.row[1].Amount).toBe('0.1');
    expect(data.row[1]._2nd_col).toBe('=1+1');
    expect(dates.row[0].When).toBe('2024-01-31');
  });

  it('accepts a CSV and keeps its cells as written', async () => {
    const csv = new TextEncoder().encode('id,code\n1,007\n');
    const [out] = await excelToXml.run([{ name: 'c.csv', type: 'text/csv', bytes: csv }], {}, ctx());
    expect(new TextDecoder().decode(out.bytes)).toContain('<row>\n      <id>1</id>\n      <code>007</code>\n    </row>');
  });
});
