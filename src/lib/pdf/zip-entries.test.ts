import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { isOle2, looksLikeZip, MAX_ENTRIES, readZip, zipNames } from './zip-entries';

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
});
