import { describe, expect, it } from 'vitest';
import { CASE_MODES, convertCase, countCharacters, countWords, isCaseMode, type CaseMode } from './text-case';

const table: [CaseMode, string, string][] = [
  ['uppercase', 'Hello, World!', 'HELLO, WORLD!'],
  ['uppercase', 'élan vital', 'ÉLAN VITAL'],
  ['uppercase', 'καλημέρα', 'ΚΑΛΗΜΈΡΑ'],
  ['uppercase', 'привет мир', 'ПРИВЕТ МИР'],
  ['uppercase', '', ''],
  ['lowercase', 'Hello, WORLD!', 'hello, world!'],
  ['lowercase', 'ÉLAN', 'élan'],
  // The final sigma takes its word-final form.
  ['lowercase', 'ΟΔΟΣ ΚΑΙ', 'οδο\u03c2 και'],
  ['lowercase', 'ПРИВЕТ', 'привет'],
  ['titlecase', 'the quick brown fox', 'The Quick Brown Fox'],
  ['titlecase', 'élan', 'Élan'],
  ['titlecase', 'HELLO wORLD', 'Hello World'],
  ['titlecase', 'привет мир', 'Привет Мир'],
  ['titlecase', 'καλή μέρα', 'Καλή Μέρα'],
  ['titlecase', '"quoted" (words) and 3rd place', '"Quoted" (Words) And 3rd Place'],
  ['titlecase', 'tabs\tand\nnew  lines', 'Tabs\tAnd\nNew  Lines'],
  ['sentencecase', 'HELLO WORLD. THIS IS ME! is it? yes', 'Hello world. This is me! Is it? Yes'],
  ['sentencecase', '  leading space. "quoted start." 3 apples.', '  Leading space. "Quoted start." 3 apples.'],
  ['sentencecase', 'ÉLAN. ПРИВЕТ МИР', 'Élan. Привет мир'],
  ['sentencecase', 'version 1.5 is out', 'Version 1.5 is out'],
  ['alternatingcase', 'alternating case', 'aLtErNaTiNg cAsE'],
  ['alternatingcase', 'ÉLAN', 'éLaN'],
  ['inversecase', 'Hello World', 'hELLO wORLD'],
  ['inversecase', 'Élan Привет', 'éLAN пРИВЕТ'],
  ['inversecase', '123 !?', '123 !?'],
];

describe('convertCase', () => {
  it.each(table)('%s of %j is %j', (mode, input, expected) => {
    expect(convertCase(input, mode)).toBe(expected);
  });

  it('writes the Greek final sigma at the end of a word only', () => {
    expect(convertCase('ΟΔΟΣ', 'lowercase')).toBe('οδο\u03c2');
    expect(convertCase('ΣΟΦΙΑ', 'lowercase')).toBe('σοφια');
  });

  it('keeps every character (inverse twice gives the original for simple letters)', () => {
    const text = 'Mixed Case ÉLAN привет';
    expect(convertCase(convertCase(text, 'inversecase'), 'inversecase')).toBe(text);
  });

  it('knows exactly the six modes of the specification', () => {
    expect(CASE_MODES).toEqual(['uppercase', 'lowercase', 'titlecase', 'sentencecase', 'alternatingcase', 'inversecase']);
    expect(isCaseMode('titlecase')).toBe(true);
    expect(isCaseMode('camelcase')).toBe(false);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['  two   words  ', 2],
    ['tabs\tand\nnew lines', 4],
    ['élan vital привет', 3],
  ] as const)('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe('countCharacters', () => {
  it('counts what a reader sees as one character once', () => {
    expect(countCharacters('')).toBe(0);
    expect(countCharacters('abc def')).toBe(7);
    expect(countCharacters('e\u0301lan')).toBe(4);
    expect(countCharacters('👍🏽 ok')).toBe(4);
    expect(countCharacters('привет')).toBe(6);
  });
});
