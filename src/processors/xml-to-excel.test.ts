import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { XLSX_TYPE } from '../lib/xlsx-writer';
import xmlToExcel from './xml-to-excel';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const xml = (name: string, text: string) => ({ name, type: 'application/xml', bytes: new TextEncoder().encode(text) });

describe('xml-to-excel', () => {
  it('writes records as rows: numbers, ISO dates and text that never runs as a formula', async () => {
    const source = `<people><meta><v>1</v><v>2</v></meta>
      <person id="007"><name>Zoë</name><born>1990-04-01</born><score>42</score><cmd>=HYPERLINK("x")</cmd></person>
      <person id="8"><name>Иван</name><born>n/a</born><score>3.5</score><cmd>+1</cmd></person>
      <person id="9"><name>Ωμέγα</name></person></people>`;
    const [out] = await xmlToExcel.run([xml('people.xml', source)], { record: '' }, ctx());
    expect(out.type).toBe(XLSX_TYPE);
    expect(out.notice).toBe('Each <person> element (3, the most repeated) became a row. Other repeating elements: <v> (2). To use one of them, enter its name under Record element and convert again.');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(out.bytes.slice().buffer as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('people');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['person.@id', 'name', 'born', 'score', 'cmd']);
    expect(sheet.getCell('A2').value).toBe('007');
    expect(sheet.getCell('B3').value).toBe('Иван');
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(1990, 3, 1)));
    expect(sheet.getCell('D2').value).toBe(42);
    expect(sheet.getCell('E2').value).toBe('=HYPERLINK("x")');
    expect(sheet.getCell('E2').formula).toBeUndefined();
    expect(sheet.getCell('E3').value).toBe('+1');
    expect(sheet.rowCount).toBe(4);
  });
});
