import { describe, expect, it } from 'vitest';
import { hasRtl, mirrored, paragraphDirection, visualRuns } from './bidi';

/** The runs as their text, in the order they are drawn from left to right. */
const drawn = (text: string, direction: 'ltr' | 'rtl') => visualRuns(text, direction).map((run) => [text.slice(run.start, run.end), run.rtl]);

describe('bidi', () => {
  it('takes a paragraph direction from its first strong character', () => {
    expect(paragraphDirection('Hello مرحبا')).toBe('ltr');
    expect(paragraphDirection('مرحبا Hello')).toBe('rtl');
    expect(paragraphDirection('2024: שלום')).toBe('rtl');
    expect(paragraphDirection('Ελληνικά')).toBe('ltr');
    expect(hasRtl('plain text')).toBe(false);
  });

  it('keeps an Arabic word inside an English line as one right-to-left run', () => {
    expect(drawn('The word مرحبا means hello', 'ltr')).toEqual([
      ['The word ', false],
      ['مرحبا', true],
      [' means hello', false],
    ]);
  });

  it('orders a right-to-left line from its end, with English words and numbers left to right', () => {
    expect(drawn('كلمة hello تعني 2024', 'rtl')).toEqual([
      ['2024', false],
      [' تعني ', true],
      ['hello', false],
      ['كلمة ', true],
    ]);
  });

  it('leaves a left-to-right line without right-to-left characters whole', () => {
    expect(drawn('Plain (text) 12', 'ltr')).toEqual([['Plain (text) 12', false]]);
  });

  it('mirrors paired characters', () => {
    expect(mirrored('(')).toBe(')');
    expect(mirrored('«')).toBe('»');
    expect(mirrored('a')).toBe('a');
  });
});
