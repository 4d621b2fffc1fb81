import { describe, expect, it } from 'vitest';
import { cellValue } from './cell-value';

describe('cellValue', () => {
  it.each([
    ['42', 42],
    ['3.5', 3.5],
    ['3.50', 3.5],
    ['-2', -2],
    ['0', 0],
    ['0.25', 0.25],
    ['-0.0012', -0.0012],
    ['123456789012345', 123456789012345],
    ['1234567890.12345', 1234567890.12345],
    ['0.000000000000001', 1e-15],
  ])('%j is the number %d', (text, value) => {
    expect(cellValue(text)).toBe(value);
  });

  it.each([
    ['007', 'leading zero'],
    ['00', 'leading zeros'],
    ['1234567890123456', '16 significant digits'],
    ['12345678901234567890', 'long ID'],
    ['123456789012345.6', '16 significant digits with a fraction'],
    ['1e5', 'exponent'],
    ['1E-3', 'exponent'],
    ['1,234', 'thousands separator'],
    ['+1', 'leading plus'],
    ['.5', 'no whole part'],
    ['5.', 'no fraction digits'],
    [' 42', 'leading space'],
    ['42 ', 'trailing space'],
    ['-0', 'negative zero'],
    ['-0.00', 'negative zero'],
    ['0x1F', 'hexadecimal'],
    ['Infinity', 'not finite'],
    ['NaN', 'not a number'],
    ['12%', 'percentage'],
    ['2024-01-31', 'date'],
    ['TRUE', 'boolean'],
    ['=1+1', 'formula-looking'],
    ['-2+3', 'formula-looking'],
    ['@SUM(A1)', 'formula-looking'],
    ['', 'empty'],
  ])('%j stays text (%s)', (text) => {
    expect(cellValue(text)).toBe(text);
  });
});
