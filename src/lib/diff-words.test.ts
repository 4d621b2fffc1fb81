import { describe, expect, it } from 'vitest';
import { countWords, diffWords, splitWords } from './diff-words';

describe('diffWords', () => {
  it('gives a replaced word as removed then added, in place', () => {
    const changes = diffWords(splitWords('the rent is due'), splitWords('the deposit is due'));
    expect(changes).toEqual([
      { kind: 'removed', words: ['rent'] },
      { kind: 'added', words: ['deposit'] },
    ]);
    expect(countWords(changes)).toEqual({ added: 1, removed: 1 });
  });

  it('finds nothing between the same words, whatever the spacing', () => {
    expect(diffWords(splitWords('a  b\nc'), splitWords(' a b c '))).toEqual([]);
  });

  it('keeps runs of words together and leaves shared words out', () => {
    expect(diffWords(['a', 'b', 'c', 'd'], ['a', 'x', 'y', 'd', 'e'])).toEqual([
      { kind: 'removed', words: ['b', 'c'] },
      { kind: 'added', words: ['x', 'y'] },
      { kind: 'added', words: ['e'] },
    ]);
  });

  it('reports everything removed and added when the texts differ past the edit limit', () => {
    const older = Array.from({ length: 50 }, (_, i) => `old${i}`);
    const newer = Array.from({ length: 50 }, (_, i) => `new${i}`);
    expect(diffWords(older, newer, 10)).toEqual([
      { kind: 'removed', words: older },
      { kind: 'added', words: newer },
    ]);
  });
});
