import { describe, expect, it } from 'vitest';
import { findRanges, pageText, parseWordList } from './redact-find';

const found = (text: string, search: Partial<Parameters<typeof findRanges>[1]>) =>
  findRanges(text, { emails: false, phones: false, words: [], ...search }).map((r) => text.slice(r.start, r.end));

describe('redaction search', () => {
  it('reads the word list with commas or new lines, dropping blanks and repeats', () => {
    expect(parseWordList(' Jane Doe, falcon\n\nFalcon ,  Project   X \r\n')).toEqual(['Jane Doe', 'falcon', 'Project X']);
    expect(parseWordList(' , \n ')).toEqual([]);
  });

  it('finds email addresses', () => {
    expect(found('Mail jane.doe+tax@mail.example.co.uk, or BOB@EXAMPLE.COM. Not a@b or @home.', { emails: true })).toEqual([
      'jane.doe+tax@mail.example.co.uk',
      'BOB@EXAMPLE.COM',
    ]);
  });

  it('finds phone numbers in the usual writings, but not dates, amounts or short numbers', () => {
    const text = 'Call +1 555-123-4567, (020) 7946 0958, 555.867.5309 or 0612345678. Dated 2024-10-12, paid 1,234,567.50, room 12 34, code 123456.';
    expect(found(text, { phones: true })).toEqual(['+1 555-123-4567', '(020) 7946 0958', '555.867.5309', '0612345678']);
  });

  it('finds whole words and phrases in any case, with any spacing inside a phrase', () => {
    const text = 'Project  Falcon and FALCON, not Falconry; project falcon again.';
    expect(found(text, { words: ['falcon'] })).toEqual(['Falcon', 'FALCON', 'falcon']);
    expect(found(text, { words: ['Project Falcon'] })).toEqual(['Project  Falcon', 'project falcon']);
    // Special characters in a word are taken literally.
    expect(found('Total (net): 5', { words: ['(net)'] })).toEqual(['(net)']);
  });

  it('joins overlapping finds and maps them back to the pieces of text they came from', () => {
    const page = pageText([{ str: 'Write to jane@exa' }, { str: 'mple.com today', hasEOL: true }, { str: 'Jane' }]);
    expect(page.text).toBe('Write to jane@example.com today\nJane');
    const [range] = findRanges(page.text, { emails: true, phones: false, words: ['example'] });
    expect(page.text.slice(range!.start, range!.end)).toBe('jane@example.com');
    expect([page.piece[range!.start], page.offset[range!.start], page.piece[range!.end - 1], page.offset[range!.end - 1]]).toEqual([0, 9, 1, 7]);
  });
});
