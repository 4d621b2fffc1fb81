import { describe, expect, it } from 'vitest';
import { formatBytes, formatKb, megabytes } from './format-size';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1048576, '1 MB'],
    [20971520, '20 MB'],
    [1073741824, '1 GB'],
    [1099511627776, '1 TB'],
    [5 * 1099511627776 * 1024, '5120 TB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatKb', () => {
  it('shows one decimal', () => {
    expect(formatKb(12595)).toBe('12.3 KB');
    expect(formatKb(0)).toBe('0.0 KB');
  });
});

describe('megabytes', () => {
  it('names the limit in whole MB', () => {
    expect(megabytes(20971520)).toBe('20');
    expect(megabytes(10485760)).toBe('10');
  });
});
