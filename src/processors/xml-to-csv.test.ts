import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { unknownRecordMessage } from '../lib/data/xml-records';
import xmlToCsv from './xml-to-csv';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const xml = (name: string, text: string) => ({ name, type: 'application/xml', bytes: new TextEncoder().encode(text) });

describe('xml-to-csv', () => {
  it('writes one row per record with dotted columns, neutralising formula-looking cells', async () => {
    const source = `<orders>
      <order no="1"><customer><name>Ann, "A"</name></customer><total>-5</total><note>=1+1</note></order>
      <order no="2"><customer><name>Bo</name></customer><total>12.50</total><note>@SUM(A1)</note></order>
    </orders>`;
    const [out] = await xmlToCsv.run([xml('o.xml', source)], { record: '' }, ctx());
    expect(out.type).toBe('text/csv');
    expect([...out.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(new TextDecoder().decode(out.bytes), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['order.@no', 'customer.name', 'total', 'note'],
      ['1', 'Ann, "A"', '-5', "'=1+1"],
      ['2', 'Bo', '12.50', "'@SUM(A1)"],
    ]);
    expect(out.meta).toMatchObject({ rows: 2, columns: 4 });
    expect(out.notice).toBeUndefined();
  });

  it('names the line and column of invalid XML', async () => {
    await expect(xmlToCsv.run([xml('bad.xml', '<a>\n<b>\n</a>')], { record: '' }, ctx())).rejects.toThrow(/^The file bad\.xml is not valid XML: .*\(line \d+, column \d+\)/);
  });

  it('takes the record element the visitor names, and lists the choices when the name is not one of them', async () => {
    const source = `<shop><book id="1"><t>A</t></book><book id="2"><t>B</t></book><book id="3"><t>C</t></book>
      <staff><person>Ann</person><person>Bo</person></staff></shop>`;
    const [most] = await xmlToCsv.run([xml('s.xml', source)], { record: '' }, ctx());
    expect(Papa.parse<string[]>(new TextDecoder().decode(most.bytes), { skipEmptyLines: true }).data).toEqual([
      ['book.@id', 't'],
      ['1', 'A'],
      ['2', 'B'],
      ['3', 'C'],
    ]);
    expect(most.notice).toBe(
      'Each <book> element (3, the most repeated) became a row. Other repeating elements: <person> (2). To use one of them, enter its name under Record element and convert again.',
    );
    const [people] = await xmlToCsv.run([xml('s.xml', source)], { record: ' <person> ' }, ctx());
    expect(Papa.parse<string[]>(new TextDecoder().decode(people.bytes), { skipEmptyLines: true }).data).toEqual([['person'], ['Ann'], ['Bo']]);
    expect(people.notice).toBe(
      'Each <person> element (2) became a row. Other repeating elements: <book> (3). To use one of them, enter its name under Record element and convert again.',
    );
    const [byPath] = await xmlToCsv.run([xml('s.xml', source)], { record: 'shop/staff/person' }, ctx());
    expect(byPath.meta).toMatchObject({ rows: 2 });
    await expect(xmlToCsv.run([xml('s.xml', source)], { record: 'chapter' }, ctx())).rejects.toThrow(
      'This file has no repeating <chapter> element. Its repeating elements are <book> (3), <person> (2): enter one of them under Record element, or leave it blank.',
    );
    expect(unknownRecordMessage('x', [])).toBe(
      'This file has no repeating <x> element, nor any other. Leave Record element blank to make a row of each element under the root.',
    );
  });
});
