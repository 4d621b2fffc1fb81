import { describe, expect, it } from 'vitest';
import { outputName, safeFileName, splitName } from './naming';

const ctx = { n: 2, timestamp: 1700000000000, options: { chartType: 'pie', sharpness: 50 } };

describe('outputName', () => {
  it.each([
    ['compressed-{name}', 'report.pdf', 'compressed-report.pdf'],
    ['{base}.png', 'photo.JPG', 'photo.png'],
    ['{base}.png', 'my.photo.JpEg', 'my.photo.png'],
    ['merged-document-{timestamp}.pdf', 'a.pdf', 'merged-document-1700000000000.pdf'],
    ['split-part-{n}-{name}', 'data.csv', 'split-part-2-data.csv'],
    ['{chartType}-chart-{timestamp}.png', 'x', 'pie-chart-1700000000000.png'],
    ['sharpened-{sharpness}-{name}', 'b.png', 'sharpened-50-b.png'],
    ['{base}.{ext}', 'noext', 'noext.'],
  ])('%s with %s gives %s', (template, original, expected) => {
    expect(outputName(template, { ...ctx, originalName: original })).toBe(expected);
  });

  it('prefers processor variables', () => {
    expect(outputName('{base}-page-{page}.jpg', { ...ctx, originalName: 'doc.pdf', vars: { page: 7 } })).toBe('doc-page-7.jpg');
  });

  it('leaves unknown tokens visible rather than inventing values', () => {
    expect(outputName('{unknown}-{name}', { ...ctx, originalName: 'a.txt' })).toBe('{unknown}-a.txt');
  });
});

describe('splitName and safeFileName', () => {
  it('splits on the last dot only', () => {
    expect(splitName('a.b.c')).toEqual({ base: 'a.b', ext: 'c' });
    expect(splitName('.hidden')).toEqual({ base: '.hidden', ext: '' });
  });
  it('removes characters file systems refuse', () => {
    expect(safeFileName('a/b:c*?.pdf')).toBe('a_b_c__.pdf');
    expect(safeFileName('..')).toBe('file');
  });
});
