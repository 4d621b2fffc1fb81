import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_BYTES, headerOnlyMessage, MAX_PARTS } from '../lib/data/csv-split';
import { emptyCsvMessage, notCsvMessage, unclosedQuoteMessage } from '../lib/csv';
import { encodeText } from '../lib/data/text-codec';
import splitCsv from './split-csv';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const csv = (name: string, bytes: Uint8Array | string) => ({
  name,
  type: 'text/csv',
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});
const run = (name: string, bytes: Uint8Array | string, rowsPerFile: number) =>
  splitCsv.run([csv(name, bytes)], { rowsPerFile }, ctx());
const fixture = new Uint8Array(readFileSync(new URL('../../tests/fixtures/tricky.csv', import.meta.url)));
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const rowsOf = (s: string) => Papa.parse<string[]>(s, { skipEmptyLines: true }).data;

describe('split-csv', () => {
  it('repeats the header and keeps every row byte for byte', async () => {
    const before = fixture.slice();
    const outputs = await run('tricky.csv', fixture, 3);
    expect(fixture).toEqual(before);
    const all = rowsOf(text(fixture));
    const [header, ...data] = all;
    expect(outputs).toHaveLength(Math.ceil(data.length / 3));
    const headerLine = text(fixture).slice(0, text(fixture).indexOf('\n') + 1);
    let body = '';
    outputs.forEach((out, i) => {
      expect(out.type).toBe('text/csv');
      const part = text(out.bytes);
      expect(part.startsWith(headerLine)).toBe(true);
      body += part.slice(headerLine.length);
      const rows = rowsOf(part);
      expect(rows[0]).toEqual(header);
      expect(rows.slice(1)).toEqual(data.slice(i * 3, i * 3 + 3));
      expect(out.meta?.rows).toBe(rows.length - 1);
      // Every output owns its buffer: the worker transfers them one by one.
      expect(out.bytes.byteOffset).toBe(0);
      expect(out.bytes.buffer.byteLength).toBe(out.bytes.byteLength);
    });
    expect(headerLine + body).toBe(text(fixture));
    expect(new Set(outputs.map((o) => o.bytes.buffer)).size).toBe(outputs.length);
  });

  it('handles CRLF, semicolons and a quoted cell with line breaks across chunk boundaries', async () => {
    const long = 'x'.repeat(CHUNK_BYTES + 10);
    const source = `a;b\r\n1;"${long}\r\nstill one cell"\r\n2;"say ""yes"""\r\n3;4`;
    const outputs = await run('semi.csv', source, 1);
    expect(outputs.map((o) => text(o.bytes))).toEqual([
      `a;b\r\n1;"${long}\r\nstill one cell"\r\n`,
      'a;b\r\n2;"say ""yes"""\r\n',
      'a;b\r\n3;4',
    ]);
  });

  it('keeps a UTF-16 LE file in UTF-16 with its BOM', async () => {
    const source = 'név,város\nÁrpád,Győr\nΩμέγα,Москва\n';
    const bytes = new Uint8Array([0xff, 0xfe, ...encodeText(source, 'utf-16le')]);
    const outputs = await run('u16.csv', bytes, 1);
    expect(outputs).toHaveLength(2);
    for (const out of outputs) expect([...out.bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(new TextDecoder('utf-16le').decode(outputs[1].bytes.subarray(2))).toBe('név,város\nΩμέγα,Москва\n');
  });

  it('keeps a UTF-16 BE file and a UTF-8 BOM', async () => {
    const source = 'a,b\n1,Ж\n2,Ω\n';
    const be = new Uint8Array([0xfe, 0xff, ...encodeText(source, 'utf-16be')]);
    const [, second] = await run('be.csv', be, 1);
    expect(new TextDecoder('utf-16be').decode(second.bytes.subarray(2))).toBe('a,b\n2,Ω\n');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(source)]);
    const parts = await run('bom.csv', withBom, 1);
    for (const out of parts) expect([...out.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes Windows-1252 parts back in Windows-1252, byte for byte', async () => {
    // "café,€" etc. in Windows-1252: é = 0xE9, € = 0x80, ’ = 0x92.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('name,price\ncaf'), 0xe9, ...new TextEncoder().encode(',5 '), 0x80,
      ...new TextEncoder().encode('\nit'), 0x92, ...new TextEncoder().encode('s,7\n'),
    ]);
    const outputs = await run('cp.csv', bytes, 1);
    const header = new TextEncoder().encode('name,price\n');
    expect([...outputs[0].bytes]).toEqual([...header, ...bytes.subarray(header.length, header.length + 9)]);
    expect([...outputs[1].bytes]).toEqual([...header, ...bytes.subarray(header.length + 9)]);
  });

  it('attaches trailing blank lines to the last part and makes no empty part', async () => {
    const outputs = await run('blank.csv', 'h\n1\n2\n\n\n', 2);
    expect(outputs.map((o) => text(o.bytes))).toEqual(['h\n1\n2\n\n\n']);
  });

  it('keeps formula-looking cells as they are (a split must not change data)', async () => {
    const outputs = await run('f.csv', 'a\n=1+1\n@SUM(A1)\n', 5);
    expect(text(outputs[0].bytes)).toBe('a\n=1+1\n@SUM(A1)\n');
  });

  it('refuses empty, header-only, binary and unclosed-quote files with specific messages', async () => {
    await expect(run('e.csv', '', 5)).rejects.toThrow(emptyCsvMessage('e.csv'));
    await expect(run('e.csv', '\n\n', 5)).rejects.toThrow(emptyCsvMessage('e.csv'));
    await expect(run('h.csv', 'a,b\n', 5)).rejects.toThrow(headerOnlyMessage('h.csv'));
    await expect(run('x.csv', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 5)).rejects.toThrow(notCsvMessage('x.csv'));
    await expect(run('q.csv', 'a,b\n1,2\n3,"open\n4,5\n', 5)).rejects.toThrow(unclosedQuoteMessage('q.csv', 3));
  });

  it('refuses a split into more parts than it makes at once', async () => {
    const source = 'h\n' + Array.from({ length: MAX_PARTS + 5 }, (_, i) => i).join('\n');
    await expect(run('many.csv', source, 1)).rejects.toThrow(/Please choose at least 2 rows per file/);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(splitCsv.run([csv('a.csv', 'a\n1\n')], { rowsPerFile: 1 }, { signal: controller.signal, onProgress: vi.fn() })).rejects.toThrow('Cancelled');
  });
});
