import { describe, expect, it } from 'vitest';
import { groupRuns, logicalOrder } from './text-runs-lines';
import type { GlyphRun } from './text-runs-render';

function run(text: string, x: number, y: number, advance: number, size = 10, direction: [number, number] = [1, 0]): GlyphRun {
  return { text, x, y, dx: direction[0], dy: direction[1], advance, size, fontName: 'Helvetica', bold: false, italic: false, color: '000000', opacity: 1, painted: false };
}

describe('groupRuns', () => {
  it('joins runs on one baseline, with a space only where the gap is a word gap', () => {
    const lines = groupRuns([run('Ker', 0, 100, 18), run('ning', 18.2, 100, 22), run('works', 43, 100, 30)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.pieces.map((p) => p.text).join('')).toBe('Kerning works');
    expect(lines[0]!.advance).toBeCloseTo(73, 5);
  });

  it('keeps a superscript on its line but starts a new box across a column gutter, on a new line and for another direction', () => {
    const lines = groupRuns([
      run('E = mc', 0, 100, 30),
      run('2', 30, 96, 4, 6),
      run('Right column', 60, 100, 50),
      run('Next line', 0, 114, 40),
      run('Upwards', 0, 200, 40, 10, [0, -1]),
    ]);
    expect(lines.map((l) => l.pieces.map((p) => p.text).join(''))).toEqual(['E = mc2', 'Right column', 'Next line', 'Upwards']);
  });

  it('puts a right-to-left line in reading order', () => {
    const [line] = groupRuns([run('ﺔﻴﺑﺮﻌﻟا', 0, 100, 30), run('عاﻮﻧا', 33, 100, 20)]);
    expect(line!.rtl).toBe(true);
    expect(line!.pieces.map((p) => p.text).join('')).toBe('اﻧﻮاع اﻟﻌﺮﺑﻴﺔ');
  });
});

describe('logicalOrder', () => {
  it('reverses right-to-left letters but keeps numbers and Latin words as they read', () => {
    expect(logicalOrder('2024 مﺎﻋ')).toBe('ﻋﺎم 2024');
    expect(logicalOrder('PDF ﻒﻠﻣ')).toBe('ﻣﻠﻒ PDF');
  });
});
