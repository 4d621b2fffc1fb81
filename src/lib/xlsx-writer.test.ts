import * as XLSX from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnName, escapeCellText, sheetName, XlsxSheetWriter } from './xlsx-writer';

describe('columnName', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [16383, 'XFD'],
  ])('%d -> %s', (index, name) => {
    expect(columnName(index)).toBe(name);
  });
});

describe('escapeCellText', () => {
  it.each([
    ['a & b < c > d', 'a &amp; b &lt; c &gt; d'],
    ['"quoted" \'single\'', '"quoted" \'single\''],
    ['line\r\nbreak', 'line&#13;\nbreak'],
    ['tab\there', 'tab\there'],
    ['bell\u0007', 'bell_x0007_'],
    ['_x0041_', '_x005F_x0041_'],
    ['_x41_ _xZZZZ_', '_x41_ _xZZZZ_'],
    ['lone \uD800 surrogate', 'lone _xD800_ surrogate'],
    ['pair 😀 kept', 'pair 😀 kept'],
  ])('%j', (text, escaped) => {
    expect(escapeCellText(text)).toBe(escaped);
  });
});

describe('sheetName', () => {
  it.each([
    ['sales', 'sales'],
    ['a/b:c?[d]*', 'a b c  d'],
    ['a very long name that goes past thirty-one characters', 'a very long name that goes past'],
    ["'quoted'", 'quoted'],
    ['', 'Sheet1'],
    ['History', 'Sheet1'],
  ])('%j -> %j', (base, name) => {
    expect(sheetName(base)).toBe(name);
  });
});

describe('XlsxSheetWriter', () => {
  it('writes a workbook SheetJS reads back cell for cell, with text escaped as Excel expects', () => {
    const writer = new XlsxSheetWriter('data');
    const rows: (string | number)[][] = [
      ['text', 12.5, '', '_x0041_'],
      [],
      ['', 'x\u0001y', -3, 'a\rb'],
    ];
    rows.forEach((row) => writer.addRow(row));
    const bytes = writer.finish();
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
    );
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(xml).not.toContain('<row r="2"');
    expect(xml).not.toMatch(/<f[ >]/);
    const book = XLSX.read(bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['data']);
    const sheet = book.Sheets.data;
    expect(sheet['!ref']).toBe('A1:D3');
    expect([sheet.A1.v, sheet.B1.v, sheet.C1, sheet.D1.v]).toEqual(['text', 12.5, undefined, '_x0041_']);
    expect([sheet.A1.t, sheet.B1.t]).toEqual(['s', 'n']);
    expect([sheet.A3, sheet.B3.v, sheet.C3.v, sheet.D3.v]).toEqual([undefined, 'x\u0001y', -3, 'a\rb']);
  });
});
