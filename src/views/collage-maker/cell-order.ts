/** Moving pictures between the collage's cells: which cell lies in an arrow's direction, and the new file order. */
import type { Cell } from '../../lib/image/ops/collage';
import { moveItem } from '../shared/reorder';
import { arrowDelta } from '../shared/arrow-keys';

/** The nearest cell whose centre lies in the arrow's direction from cell `from`; null when there is none or the key is no arrow. */
export function neighbour(cells: readonly Cell[], from: number, key: string): number | null {
  const direction = arrowDelta(key);
  if (!direction) return null;
  const centre = (c: Cell) => [c.x + c.width / 2, c.y + c.height / 2];
  const [fx, fy] = centre(cells[from]);
  let best: number | null = null;
  let bestScore = Infinity;
  cells.forEach((cell, i) => {
    const [cx, cy] = centre(cell);
    const along = (cx - fx) * direction[0] + (cy - fy) * direction[1];
    if (i === from || along <= 0) return;
    // Straight ahead beats diagonal: distance sideways counts double.
    const across = Math.abs((cx - fx) * direction[1]) + Math.abs((cy - fy) * direction[0]);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * The files after the picture in cell `from` is put into cell `to`: the two swap places, and a picture
 * dropped on an empty cell goes to the last filled one, since cells are filled in order.
 */
export function placeIn<T>(files: readonly T[], from: number, to: number): T[] {
  const target = Math.min(to, files.length - 1);
  if (from === target || from < 0 || from >= files.length || target < 0) return [...files];
  if (to >= files.length) return moveItem(files, from, target);
  const next = [...files];
  [next[from], next[target]] = [next[target], next[from]];
  return next;
}
