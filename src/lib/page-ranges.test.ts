import { describe, expect, it } from 'vitest';
import { clampEveryN, everyN, formatRange, pageListText, pagesInList, parsePageRanges, parsePart, planSplit } from './page-ranges';

describe('parsePart', () => {
  it.each([
    ['1-3', { start: 1, end: 3 }],
    [' 2 ', { start: 2, end: 2 }],
    ['4 - 6', { start: 4, end: 6 }],
    ['3-3', { start: 3, end: 3 }],
    ['2\u20135', { start: 2, end: 5 }],
    ['5-2', null],
    ['a-3', null],
    ['3-b', null],
    ['1-', null],
    ['-3', null],
    ['0', null],
    ['0-2', null],
    ['1.5', null],
    ['1-3-5', null],
    ['x', null],
  ])('%j -> %j', (text, expected) => {
    expect(parsePart(text)).toEqual(expected);
  });
});

describe('parsePageRanges', () => {
  it.each([
    ['1-3, 4-6, 7', undefined, [[1, 3], [4, 6], [7, 7]]],
    ['', undefined, []],
    ['   ', undefined, []],
    [' 2 ', undefined, [[2, 2]]],
    ['5-2', undefined, []],
    ['a-3', undefined, []],
    ['1-2, 5-2, 4', undefined, [[1, 2], [4, 4]]],
    ['1,,3,', undefined, [[1, 1], [3, 3]]],
    // With a page count: parts past the end are cut, parts starting after it are skipped.
    ['1-3, 4-6, 7', 5, [[1, 3], [4, 5]]],
    ['6-9', 5, []],
    ['5', 5, [[5, 5]]],
  ])('%j (pages %s)', (text, pageCount, expected) => {
    const parts = parsePageRanges(text, pageCount).map((r) => [r.start, r.end]);
    expect(parts).toEqual(expected);
  });
});

describe('everyN', () => {
  it.each([
    [7, 3, [[1, 3], [4, 6], [7, 7]]],
    [6, 2, [[1, 2], [3, 4], [5, 6]]],
    [3, 1, [[1, 1], [2, 2], [3, 3]]],
    [4, 0, [[1, 1], [2, 2], [3, 3], [4, 4]]],
    [4, -5, [[1, 1], [2, 2], [3, 3], [4, 4]]],
    [4, 10, [[1, 4]]],
    [5, 2.7, [[1, 2], [3, 4], [5, 5]]],
  ])('%i pages every %s', (pageCount, n, expected) => {
    expect(everyN(pageCount, n).map((r) => [r.start, r.end])).toEqual(expected);
  });

  it('clamps the chunk size from text and junk', () => {
    expect(clampEveryN('3', 10)).toBe(3);
    expect(clampEveryN('x', 10)).toBe(1);
    expect(clampEveryN(null, 10)).toBe(1);
    expect(clampEveryN(50, 10)).toBe(10);
  });
});

describe('formatRange', () => {
  it('writes single pages without a dash', () => {
    expect(formatRange({ start: 7, end: 7 })).toBe('7');
    expect(formatRange({ start: 1, end: 3 })).toBe('1-3');
  });
});

describe('planSplit', () => {
  it('reports blank ranges and ranges with no valid part', () => {
    expect(planSplit(10, { method: 'range', ranges: '  ' })).toMatchObject({ ok: false, problem: 'blank', message: 'Please enter page ranges to split the PDF.' });
    expect(planSplit(10, { method: 'range', ranges: '5-2, a-3' })).toMatchObject({
      ok: false,
      problem: 'none-valid',
      message: 'Warning: No valid parts to split based on input.',
    });
    expect(planSplit(10, { ranges: '20-30' })).toMatchObject({ ok: false, problem: 'none-valid' });
  });

  it('plans range and every-N splits', () => {
    expect(planSplit(10, { method: 'range', ranges: '1-3, 4-6, 7' })).toEqual({
      ok: true,
      parts: [{ start: 1, end: 3 }, { start: 4, end: 6 }, { start: 7, end: 7 }],
    });
    const every = planSplit(10, { method: 'every', everyN: 4 });
    expect(every.ok && every.parts.map(formatRange)).toEqual(['1-4', '5-8', '9-10']);
  });
});

describe('pagesInList and pageListText', () => {
  it('reads a page list: blank is every page, repeats count once, pages past the last are left out', () => {
    expect(pagesInList('', 4)).toEqual([1, 2, 3, 4]);
    expect(pagesInList('  ', 2)).toEqual([1, 2]);
    expect(pagesInList('3, 1-2, 2', 5)).toEqual([1, 2, 3]);
    expect(pagesInList('4\u20139', 5)).toEqual([4, 5]);
    expect(pagesInList('7-9', 5)).toEqual([]);
    expect(pagesInList('1, ,2', 5)).toEqual([1, 2]);
  });

  it('refuses a list with a part that is not a page or a range', () => {
    for (const text of ['x', '0', '3-1', '1-', '2, a']) expect(pagesInList(text, 5), text).toBeNull();
  });

  it('writes the shortest list back, blank for every page', () => {
    expect(pageListText([5, 1, 2, 3], 6)).toBe('1-3, 5');
    expect(pageListText([2], 3)).toBe('2');
    expect(pageListText([3, 2, 1], 3)).toBe('');
    expect(pageListText([], 3)).toBe('');
    expect(pagesInList(pageListText([1, 3, 4, 6], 8), 8)).toEqual([1, 3, 4, 6]);
  });
});
