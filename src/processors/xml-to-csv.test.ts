import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import xmlToCsv from './xml-to-csv';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const xml = (name: string, text: string) => ({ name, type: 'application/xml', bytes: new TextEncoder().encode(text) });

describe('xml-to-csv', () => {
  it('writes one row per record with dotted columns, neutralising formula-looking cells', async () => {
    const source = `<orders>
      <order no="1"><customer><name>Ann, "A"</name></customer><total>-5</total><note>=1+1</note></order>
      <order no="2"><customer><name>Bo</name></customer><total>12.50</total><note>@SUM(A1)</note></order>
    </orders>`;
    const [out] = await xmlToCsv.run([xml('o.xml', source)], {}, ctx());
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
    await expect(xmlToCsv.run([xml('bad.xml', '<a>\n<b>\n</a>')], {}, ctx())).rejects.toThrow(/^The file bad\.xml is not valid XML: .*\(line \d+, column \d+\)/);
  });
});
