import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { deflatedEntry, rawZip, zeroDeflate } from '../../tests/support/bombs';
import { isOle2, looksLikeZip, MAX_ENTRIES, readZip, streamZipEntry, zipDirectory, zipNames } from './zip';

const limits = { damaged: 'damaged', tooLarge: 'too large', bomb: 'bomb' };

describe('zip entries', () => {
  it('recognises ZIP and OLE2 signatures', () => {
    expect(looksLikeZip(zipSync({ a: strToU8('x') }))).toBe(true);
    expect(looksLikeZip(strToU8('PK'))).toBe(false);
    expect(isOle2(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(true);
  });

  it('reads selected entries and lists names without inflating', () => {
    const zip = zipSync({ 'a.txt': strToU8('alpha'), 'b/c.txt': strToU8('gamma') });
    expect(zipNames(zip, 'damaged')).toEqual(['a.txt', 'b/c.txt']);
    const files = readZip(zip, { ...limits, include: (name) => name.startsWith('b/') });
    expect(Object.keys(files)).toEqual(['b/c.txt']);
    expect(new TextDecoder().decode(files['b/c.txt'])).toBe('gamma');
  });

  it('refuses too many entries and damaged archives', () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= MAX_ENTRIES; i++) many[`f${i}`] = new Uint8Array(0);
    expect(() => readZip(zipSync(many, { level: 0 }), limits)).toThrow('too large');
    expect(() => readZip(strToU8('PK\x03\x04 broken'), limits)).toThrow('damaged');
  });

  it('lists the central directory with declared sizes, inflating nothing', () => {
    const zip = zipSync({ 'a.txt': strToU8('a'.repeat(1000)), 'b.bin': [new Uint8Array(10), { level: 0 }] });
    expect(zipDirectory(zip)).toEqual([
      { name: 'a.txt', compressedSize: expect.any(Number), size: 1000, compression: 8 },
      { name: 'b.bin', compressedSize: 10, size: 10, compression: 0 },
    ]);
    expect(zipDirectory(zip)[0]!.compressedSize).toBeLessThan(100);
    expect(() => zipDirectory(strToU8('not a zip at all, not at all'))).toThrow();
  });

  it('streams one entry in pieces, stored or deflated, and says when it is missing', () => {
    // Random digits compress to well over one streamed piece (1 MB in).
    let seed = 1;
    const text = Array.from({ length: 3_000_000 }, () => ((seed = (seed * 48271) % 2147483647) % 10).toString()).join('');
    const zip = zipSync({ 'first.txt': strToU8('x'), 'big.txt': strToU8(text), 'stored.txt': [strToU8('plain'), { level: 0 }] });
    const pieces: Uint8Array[] = [];
    let finals = 0;
    expect(streamZipEntry(zip, 'big.txt', (data, final) => (pieces.push(data), (finals += final ? 1 : 0)))).toBe(true);
    expect(pieces.length).toBeGreaterThan(1);
    expect(finals).toBe(1);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(text);
    const stored: Uint8Array[] = [];
    expect(streamZipEntry(zip, 'stored.txt', (data) => stored.push(data))).toBe(true);
    expect(Buffer.concat(stored).toString('utf8')).toBe('plain');
    expect(streamZipEntry(zip, 'absent.txt', () => undefined)).toBe(false);
  });
});

describe('zip caps', () => {
  it('stops inflating an entry that holds more than the archive may, whatever it declares', () => {
    // 300 MiB of zeros in about 300 KB, declared as 1000 bytes; a cap of 8 MiB keeps the test quick.
    const zip = rawZip([{ name: 'zeros.bin', stored: zeroDeflate(300), compression: 8, size: 1000 }]);
    expect(zip.length).toBeLessThan(400_000);
    expect(() => readZip(zip, { ...limits, maxBytes: 8 * 1024 * 1024 })).toThrow('bomb');
    // Without a cap that low, the entry is still stopped at the size it declares.
    expect(() => readZip(zip, limits)).toThrow('bomb');
    const honest = rawZip([deflatedEntry('a.txt', strToU8('alpha')), { name: 'b.bin', stored: zeroDeflate(2), compression: 8, size: 2 * 1024 * 1024 }]);
    const files = readZip(honest, limits);
    expect(new TextDecoder().decode(files['a.txt'])).toBe('alpha');
    expect(files['b.bin'].length).toBe(2 * 1024 * 1024);
    expect(files['b.bin'].some((byte) => byte !== 0)).toBe(false);
    expect(() => readZip(honest, { ...limits, maxBytes: 1024 * 1024 })).toThrow('too large');
  });

  it('refuses declared sizes past the cap before inflating anything', () => {
    const zip = rawZip([{ name: 'zeros.bin', stored: new Uint8Array([0xff]), compression: 8, size: 300 * 1024 * 1024 }]);
    // The stored byte is not DEFLATE data: inflating it would say "damaged".
    expect(() => readZip(zip, limits)).toThrow('too large');
    const many = rawZip([1, 2, 3].map((i) => ({ name: `part${i}.xml`, stored: new Uint8Array([0xff]), compression: 8 as const, size: 80 * 1024 * 1024 })));
    expect(() => readZip(many, limits)).toThrow('too large');
  });

  it('streams an entry only up to its declared size', () => {
    const zip = rawZip([{ name: 'sheet.xml', stored: zeroDeflate(8), compression: 8, size: 4096 }]);
    let seen = 0;
    expect(() => streamZipEntry(zip, 'sheet.xml', (piece) => (seen += piece.length))).toThrow(/holds more than its declared 4096 bytes/);
    expect(seen).toBe(0);
  });
});
