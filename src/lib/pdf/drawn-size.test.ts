import { describe, expect, it } from 'vitest';
import { multiply, scanContent, type Matrix } from './drawn-size';

const scan = (content: string) => {
  const calls: [string, Matrix][] = [];
  scanContent(new TextEncoder().encode(content), [1, 0, 0, 1, 0, 0], (name, ctm) => calls.push([name, ctm]));
  return calls;
};

describe('scanContent', () => {
  it('tracks cm through q/Q to each Do', () => {
    const calls = scan('q 2 0 0 2 10 10 cm q 100 0 0 50 0 0 cm /Im1 Do Q /Fm1 Do Q /Im2 Do');
    expect(calls).toEqual([
      ['Im1', [200, 0, 0, 100, 10, 10]],
      ['Fm1', [2, 0, 0, 2, 10, 10]],
      ['Im2', [1, 0, 0, 1, 0, 0]],
    ]);
  });

  it('ignores Do and cm inside strings, comments, arrays and inline images', () => {
    const calls = scan('BT (q 9 0 0 9 0 0 cm /X Do) Tj [(a) -20 (b)] TJ <4142> Tj ET % /Y Do\nBI /W 2 /H 1 /BPC 8 /CS /G ID \x00Do Q\xff EI q 3 0 0 3 0 0 cm /Im Do Q');
    expect(calls).toEqual([['Im', [3, 0, 0, 3, 0, 0]]]);
  });

  it('multiplies matrices in PDF order', () => {
    expect(multiply([2, 0, 0, 2, 0, 0], [1, 0, 0, 1, 5, 5])).toEqual([2, 0, 0, 2, 5, 5]);
    expect(multiply([0, 1, -1, 0, 0, 0], [3, 0, 0, 3, 0, 0])).toEqual([0, 3, -3, 0, 0, 0]);
  });
});
