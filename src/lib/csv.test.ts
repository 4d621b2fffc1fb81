import { describe, expect, it } from 'vitest';
import { decodeCsvText, detectDelimiter, forEachCsvRow, parseCsv } from './csv';
import { isToolError } from './errors';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('parseCsv', () => {
  it.each([
    ['quoted comma', 'a,"b, c",d', [['a', 'b, c', 'd']]],
    ['doubled quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    ['embedded LF and CRLF', '"one\ntwo","three\r\nfour"\r\nx,y\r\n', [['one\ntwo', 'three\r\nfour'], ['x', 'y']]],
    ['no trailing newline', 'a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['blank line kept in the middle', 'a\n\nb\n', [['a'], [''], ['b']]],
    ['ragged rows', 'a,b,c\n1\n', [['a', 'b', 'c'], ['1']]],
    ['semicolons', 'a;b;c\n1;2;3\n', [['a', 'b', 'c'], ['1', '2', '3']]],
    ['tabs', 'a\tb\n1\t2\n', [['a', 'b'], ['1', '2']]],
    ['pipes', 'a|b\n1|2\n3|4\n', [['a', 'b'], ['1', '2'], ['3', '4']]],
    ['single column', 'name\nAda\nGrace\n', [['name'], ['Ada'], ['Grace']]],
    ['unicode', 'Zoë,"Ωμέγα, 日本語"\n', [['Zoë', 'Ωμέγα, 日本語']]],
    ['formula-looking text is kept exactly', '=1+1,"\tx","\rx",@A1\n', [['=1+1', '\tx', '\rx', '@A1']]],
  ])('%s', (_label, text, rows) => {
    expect(parseCsv(text, 'data.csv')).toEqual(rows);
  });

  it.each(['', '\n', '\n\n\n', ',,,\n,,\n'])('refuses %j as empty', (text) => {
    expect(() => parseCsv(text, 'none.csv')).toThrow('The file none.csv is empty. Please choose a CSV file that contains data.');
  });

  it('refuses an unclosed quote, naming its row', () => {
    let error: unknown;
    try {
      parseCsv('a,b\n1,2\n3,"four\n5,6\n', 'q.csv');
    } catch (caught) {
      error = caught;
    }
    expect(isToolError(error)).toBe(true);
    expect((error as Error).message).toBe('The file q.csv could not be read: a quoted field starting on row 3 is never closed. Please check the quotes in the file.');
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a,b\n1,2\n', ','],
    ['a;b\n1;2\n', ';'],
    ['a\tb\n1\t2\n', '\t'],
    ['a;b\n"1,5";2\n"2,5";3\n', ';'],
    ['name\nAda\n', ','],
  ])('%j -> %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('forEachCsvRow', () => {
  it('reports rows in order with a growing cursor and stops when onRow throws', () => {
    const seen: [string[], number, number][] = [];
    const count = forEachCsvRow('a,b\nc,d\ne,f\n', 'x.csv', (row, info) => seen.push([row, info.index, info.cursor]));
    expect(count).toBe(3);
    expect(seen.map(([row, index]) => [row, index])).toEqual([[['a', 'b'], 0], [['c', 'd'], 1], [['e', 'f'], 2]]);
    expect(seen[1][2]).toBeGreaterThan(seen[0][2]);
    let calls = 0;
    expect(() =>
      forEachCsvRow('1\n2\n3\n4\n', 'x.csv', () => {
        calls += 1;
        if (calls === 2) throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(calls).toBe(2);
  });
});

describe('decodeCsvText', () => {
  it.each([
    ['UTF-8', utf8('Zoë,日本語'), 'Zoë,日本語'],
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('id,x')]), 'id,x'],
    ['UTF-16LE with BOM', new Uint8Array([0xff, 0xfe, 0x5a, 0x00, 0xeb, 0x00, 0x2c, 0x00, 0x31, 0x00]), 'Zë,1'],
    ['UTF-16BE with BOM', new Uint8Array([0xfe, 0xff, 0x00, 0x5a, 0x00, 0xeb]), 'Zë'],
    ['Windows-1252 fallback', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x2c, 0x80]), 'café,€'],
  ])('%s', (_label, bytes, text) => {
    expect(decodeCsvText(bytes, 'a.csv')).toBe(text);
  });

  it('refuses binary data', () => {
    expect(() => decodeCsvText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'book.csv')).toThrow('The file book.csv is not a text CSV file');
  });
});
