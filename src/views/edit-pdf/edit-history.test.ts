import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, editReducer, MAX_UNDO, type EditAction, type EditHistory } from './edit-history';
import { bounds, moved, objectAt, objectFromDrag, resized, toEdits, DEFAULT_STYLE, type EditObject } from './edit-objects';

const box = (id: string, x = 0.1): EditObject => ({
  id,
  page: 0,
  kind: 'rect',
  x,
  y: 0.1,
  width: 0.2,
  height: 0.2,
  text: '',
  ...DEFAULT_STYLE,
});
const play = (actions: EditAction[], from: EditHistory = EMPTY_HISTORY) => actions.reduce(editReducer, from);
const xs = (h: EditHistory) => h.present.map((o) => `${o.id}@${o.x}`);

describe('editReducer', () => {
  it('undoes and redoes adds, updates and removals in order', () => {
    const h = play([
      { type: 'add', object: box('a') },
      { type: 'add', object: box('b') },
      { type: 'update', id: 'a', changes: { x: 0.5 } },
      { type: 'remove', id: 'b' },
    ]);
    expect(xs(h)).toEqual(['a@0.5']);
    const once = editReducer(h, { type: 'undo' });
    expect(xs(once)).toEqual(['a@0.5', 'b@0.1']);
    const thrice = play([{ type: 'undo' }, { type: 'undo' }], once);
    expect(xs(thrice)).toEqual(['a@0.1']);
    expect(xs(play([{ type: 'undo' }, { type: 'undo' }], thrice))).toEqual([]);
    const again = play([{ type: 'redo' }, { type: 'redo' }, { type: 'redo' }], thrice);
    expect(xs(again)).toEqual(['a@0.5']);
    expect(editReducer(again, { type: 'redo' })).toBe(again);
  });

  it('a new change clears what could be redone', () => {
    const h = play([{ type: 'add', object: box('a') }, { type: 'undo' }, { type: 'add', object: box('c') }]);
    expect(h.future).toEqual([]);
    expect(editReducer(h, { type: 'redo' })).toBe(h);
  });

  it('joins updates of one group into a single undo step until a commit', () => {
    const h = play([
      { type: 'add', object: box('a') },
      { type: 'update', id: 'a', changes: { x: 0.2 }, group: 'drag-1' },
      { type: 'update', id: 'a', changes: { x: 0.3 }, group: 'drag-1' },
      { type: 'update', id: 'a', changes: { x: 0.4 }, group: 'drag-1' },
      { type: 'commit' },
      { type: 'update', id: 'a', changes: { x: 0.6 }, group: 'drag-1' },
    ]);
    expect(xs(h)).toEqual(['a@0.6']);
    expect(xs(editReducer(h, { type: 'undo' }))).toEqual(['a@0.4']);
    expect(xs(play([{ type: 'undo' }, { type: 'undo' }], h))).toEqual(['a@0.1']);
  });

  it('ignores unknown ids and undo with nothing to undo; reset empties everything', () => {
    const h = play([{ type: 'add', object: box('a') }]);
    expect(editReducer(h, { type: 'update', id: 'zzz', changes: { x: 0.9 } })).toBe(h);
    expect(editReducer(h, { type: 'remove', id: 'zzz' })).toBe(h);
    expect(editReducer(EMPTY_HISTORY, { type: 'undo' })).toBe(EMPTY_HISTORY);
    expect(editReducer(h, { type: 'reset' })).toEqual(EMPTY_HISTORY);
  });

  it(`keeps at most ${MAX_UNDO} undo steps`, () => {
    const h = play(Array.from({ length: MAX_UNDO + 20 }, (_, i): EditAction => ({ type: 'add', object: box(`o${i}`) })));
    expect(h.past).toHaveLength(MAX_UNDO);
    expect(h.present).toHaveLength(MAX_UNDO + 20);
  });
});

describe('edit objects', () => {
  it('draws boxes in any direction and keeps a line’s direction', () => {
    const rect = objectFromDrag('rect', 2, { x: 0.6, y: 0.5 }, { x: 0.2, y: 0.1 }, DEFAULT_STYLE);
    expect(rect).toMatchObject({ page: 2, x: 0.2, y: 0.1 });
    expect(rect.width).toBeCloseTo(0.4);
    expect(rect.height).toBeCloseTo(0.4);
    const line = objectFromDrag('line', 0, { x: 0.6, y: 0.5 }, { x: 0.2, y: 1.4 }, DEFAULT_STYLE);
    expect(line).toMatchObject({ x: 0.6, y: 0.5, height: 0.5 });
    expect(line.width).toBeCloseTo(-0.4);
    expect(bounds(line)).toMatchObject({ top: 0.5, height: 0.5 });
    expect(bounds(line).left).toBeCloseTo(0.2);
  });

  it('moves and resizes within the page', () => {
    const o = box('a');
    expect(moved(o, -0.5, 0.05)).toEqual({ x: 0, y: expect.closeTo(0.15) });
    expect(moved(o, 2, 2)).toEqual({ x: 0.8, y: 0.8 });
    expect(resized(o, 5, -5)).toEqual({ width: expect.closeTo(0.9), height: 0.01 });
  });

  it('centres a new object on a point, keeping an image’s proportions', () => {
    const image = objectAt('image', 0, { x: 0.5, y: 0.5 }, DEFAULT_STYLE, 2);
    expect(image.width / image.height).toBeCloseTo(2);
    expect(image.x + image.width / 2).toBeCloseTo(0.5);
    const corner = objectAt('rect', 0, { x: 1, y: 1 }, DEFAULT_STYLE);
    expect(corner.x + corner.width).toBeCloseTo(1);
  });

  it('sends the processor only what it draws: no empty text boxes, strokes only for shapes', () => {
    const text = { ...box('t'), kind: 'text' as const, text: 'Hi', fontSize: 20 };
    const edits = toEdits([text, { ...text, id: 'e', text: '  ' }, box('r'), { ...box('w'), kind: 'whiteout' }]);
    expect(edits).toEqual([
      { page: 0, kind: 'text', x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#000000', text: 'Hi', fontSize: 20 },
      { page: 0, kind: 'rect', x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#000000', strokeWidth: 2 },
      { page: 0, kind: 'whiteout', x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#000000' },
    ]);
  });
});
