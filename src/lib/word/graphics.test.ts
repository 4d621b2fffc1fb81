import { describe, expect, it } from 'vitest';
import { colourItems, walkOperators, type Ops } from './graphics';

const OPS = {
  save: 10,
  restore: 11,
  transform: 12,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  setFillRGBColor: 59,
  setTextRenderingMode: 38,
  showText: 44,
  showSpacedText: 45,
  nextLineShowText: 46,
  nextLineSetSpacingShowText: 47,
  constructPath: 91,
  stroke: 20,
  closeStroke: 21,
  fill: 22,
  eoFill: 23,
  fillStroke: 24,
  eoFillStroke: 25,
  closeFillStroke: 26,
  closeEOFillStroke: 27,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
} satisfies Ops;

const glyphs = (text: string) => [...text].map((unicode) => ({ unicode }));

describe('operator walk', () => {
  it('places an image by the current matrix, through save, restore and forms', () => {
    const fn = [OPS.save, OPS.transform, OPS.paintFormXObjectBegin, OPS.transform, OPS.paintImageXObject, OPS.paintFormXObjectEnd, OPS.restore, OPS.paintImageXObject];
    const args = [null, [1, 0, 0, 1, 100, 200], [[2, 0, 0, 2, 0, 0], [0, 0, 1, 1]], [50, 0, 0, 25, 0, 0], ['img_1', 10, 5], null, null, ['img_2', 1, 1]];
    const { images } = walkOperators(fn, args, OPS);
    // img_1: a 50x25 unit square, scaled 2x by the form, moved to (100, 200). img_2: back at the identity, 1x1, too small to keep.
    expect(images).toEqual([{ box: { x0: 100, y0: 200, x1: 200, y1: 250 }, objId: 'img_1' }]);
  });

  it('takes rules from stroked lines and thin filled bars, not from shapes', () => {
    const line = [0, 10, 100, 1, 210, 100];
    const bar = [0, 10, 50, 1, 210, 50, 1, 210, 51, 1, 10, 51, 4];
    const box = [0, 10, 300, 1, 110, 300, 1, 110, 400, 1, 10, 400, 4];
    const curve = [0, 0, 0, 2, 10, 10, 20, 10, 30, 0];
    const fn = [OPS.constructPath, OPS.constructPath, OPS.constructPath, OPS.constructPath];
    const args = [
      [OPS.stroke, [line], null],
      [OPS.fill, [bar], null],
      [OPS.fill, [box], null],
      [OPS.stroke, [curve], null],
    ];
    const { rules } = walkOperators(fn, args, OPS);
    expect(rules).toEqual([
      { x0: 10, x1: 210, y0: 100, y1: 100 },
      { x0: 10, x1: 210, y0: 50.5, y1: 50.5 },
    ]);
  });

  it('gives each text item the colour it was shown in', () => {
    // The colour set inside q ... Q ends with the Q.
    const fn = [OPS.showText, OPS.save, OPS.setFillRGBColor, OPS.showText, OPS.restore, OPS.showText];
    const args = [[glyphs('Plain ')], null, ['#CC0000'], [glyphs('red')], null, [glyphs(' black again')]];
    const { colours } = walkOperators(fn, args, OPS);
    expect(colours).toEqual([
      { text: 'Plain ', colour: '#000000' },
      { text: 'red', colour: '#cc0000' },
      { text: ' black again', colour: '#000000' },
    ]);
    // pdf.js splits and spaces items its own way; colours follow the characters.
    const items = [{ str: 'Plain' }, { str: ' ' }, { str: 'red' }, { str: 'black again' }];
    expect(colourItems(items, colours).map((spans) => spans.map((s) => s.colour))).toEqual([['#000000'], ['#000000'], ['#cc0000'], ['#000000']]);
    // One item over both colours is cut where the colour changes; the space goes with the text before it.
    expect(colourItems([{ str: 'Plain red black again' }], colours)).toEqual([
      [
        { start: 0, colour: '#000000' },
        { start: 6, colour: '#cc0000' },
        { start: 10, colour: '#000000' },
      ],
    ]);
  });
});
