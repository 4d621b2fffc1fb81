import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesToBase64 } from './base64';

describe('base64', () => {
  it('round-trips bytes, including inputs longer than one conversion chunk', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64Bytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it('throws on text that is not base64', () => {
    expect(() => base64Bytes('not base64!')).toThrow();
  });
});
