import { describe, expect, it } from 'vitest';
import { displayMatrix, displaySize, emptyEditsMessage, hexColor, MAX_EDITS, readEdits, wrapText, type Matrix } from './annotate';

const apply = ([a, b, c, d, e, f]: Matrix, x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];

describe('displayMatrix', () => {
  // A page whose visible box is x 10..610, y 20..820 (600 x 800 points).
  const visible = { x: 10, y: 20, width: 600, height: 800 };

  it('maps the corners of the page as shown to the matching user-space corners for each /Rotate', () => {
    // Display space: (0, 0) is the bottom-left as shown, (w, h) the top-right.
    const corners = (rotation: number) => {
      const { width, height } = displaySize(visible, rotation);
      const m = displayMatrix(visible, rotation);
      return { bottomLeft: apply(m, 0, 0), topLeft: apply(m, 0, height), topRight: apply(m, width, height) };
    };
    expect(corners(0)).toEqual({ bottomLeft: [10, 20], topLeft: [10, 820], topRight: [610, 820] });
    // Turned clockwise, the page's left edge is shown at the top.
    expect(corners(90)).toEqual({ bottomLeft: [610, 20], topLeft: [10, 20], topRight: [10, 820] });
    expect(corners(180)).toEqual({ bottomLeft: [610, 820], topLeft: [610, 20], topRight: [10, 20] });
    expect(corners(270)).toEqual({ bottomLeft: [10, 820], topLeft: [610, 820], topRight: [610, 20] });
  });

  it('swaps width and height for sideways pages', () => {
    expect(displaySize(visible, 90)).toEqual({ width: 800, height: 600 });
    expect(displaySize(visible, 180)).toEqual({ width: 600, height: 800 });
  });
});

describe('wrapText', () => {
  const measure = (s: string) => s.length; // one unit per character

  it('breaks between words at the width and keeps the text line breaks', () => {
    expect(wrapText('one two three four\nfive', measure, 9)).toEqual(['one two', 'three', 'four', 'five']);
  });

  it('breaks a word wider than the line into pieces', () => {
    expect(wrapText('abcdefghij xy', measure, 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
  });

  it('keeps empty lines', () => {
    expect(wrapText('a\n\nb', measure, 10)).toEqual(['a', '', 'b']);
  });
});

describe('readEdits', () => {
  it('fills in defaults and accepts a line drawn up and to the left', () => {
    const [line] = readEdits([{ page: 0, kind: 'line', x: 0.8, y: 0.8, width: -0.5, height: -0.6 }], 1);
    expect(line).toMatchObject({ page: 0, kind: 'line', width: -0.5, height: -0.6, color: '#000000', strokeWidth: 2, fontSize: 16 });
  });

  it('refuses nothing to do and too many edits', () => {
    expect(() => readEdits([], 1)).toThrow(emptyEditsMessage());
    expect(() => readEdits(undefined, 1)).toThrow(emptyEditsMessage());
    const many = Array.from({ length: MAX_EDITS + 1 }, () => ({ page: 0, kind: 'rect', x: 0, y: 0, width: 0.1, height: 0.1 }));
    expect(() => readEdits(many, 1)).toThrow(`There are ${MAX_EDITS + 1} edits; one save can apply at most ${MAX_EDITS}. Please save in parts.`);
  });

  it('refuses unknown kinds, boxes without size and pages that do not exist', () => {
    expect(() => readEdits([{ page: 0, kind: 'star', x: 0, y: 0, width: 0.1, height: 0.1 }], 1)).toThrow('Edit 1 is of an unknown kind.');
    expect(() => readEdits([{ page: 0, kind: 'rect', x: 0, y: 0, width: 0, height: 0.1 }], 1)).toThrow('Edit 1 has no size. Please draw it larger.');
    expect(() => readEdits([{ page: 0, kind: 'rect', x: 'a', y: 0, width: 0.1, height: 0.1 }], 1)).toThrow('Edit 1 has no valid position.');
    expect(() => readEdits([{ page: 1, kind: 'rect', x: 0, y: 0, width: 0.1, height: 0.1 }], 1)).toThrow('Edit 1 is on page 2, but this PDF has 1 page.');
  });
});

describe('hexColor', () => {
  it('reads #rrggbb', () => {
    expect(hexColor('#ff8000')).toMatchObject({ red: 1, green: 128 / 255, blue: 0 });
  });
});
