/** Pure list moves shared by the sortable list and its tests. */

/** A copy of `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * The position a dragged item should take for a pointer at `y`: the number
 * of other items whose middle is above the pointer.
 */
export function dropIndex(middles: readonly number[], dragged: number, y: number): number {
  return middles.filter((middle, i) => i !== dragged && middle < y).length;
}
