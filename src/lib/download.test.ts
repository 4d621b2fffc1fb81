import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { uniqueNames, zipResults } from './download';

describe('zipResults', () => {
  it('builds a real ZIP holding every result under a unique name', async () => {
    const zip = await zipResults([
      { name: 'a.txt', blob: new Blob(['first']) },
      { name: 'b.txt', blob: new Blob(['second']) },
      { name: 'a.txt', blob: new Blob(['third']) },
    ]);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['a (2).txt', 'a.txt', 'b.txt']);
    expect(strFromU8(entries['a (2).txt'])).toBe('third');
    expect(strFromU8(entries['b.txt'])).toBe('second');
  });
});

describe('uniqueNames', () => {
  it('numbers repeats case-insensitively and keeps the extension', () => {
    expect(uniqueNames(['x.pdf', 'X.pdf', 'x.pdf', 'noext', 'noext'])).toEqual(['x.pdf', 'X (2).pdf', 'x (3).pdf', 'noext', 'noext (2)']);
  });
});
