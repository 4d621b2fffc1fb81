import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { isOle2, looksLikeZip, MAX_ENTRIES, readZip, streamZipEntry, zipDirectory, zipNames } from './zip';

const limits = { damaged: 'damaged', tooLarge: 'too large' };

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
