/** The crop rectangle in whole image pixels: read from the fields, dragged, nudged, always kept on the image. */
import type { PixelSize } from '../shared/useImagePreview';
import { arrowDelta } from '../shared/arrow-keys';

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a drag takes hold of: the whole box, or an edge or corner named by compass point. */
export type Grip = 'move' | 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export const GRIPS: Exclude<Grip, 'move'>[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The rectangle cut to the image, at least 1 x 1 pixel; null when a field is not a number. */
export function rectOnImage(values: Record<string, unknown>, size: PixelSize): PixelRect | null {
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((k) => (values[k] === '' ? NaN : Number(values[k])));
  if (![x, y, width, height].every(Number.isFinite)) return null;
  const left = clamp(Math.round(x), 0, size.width - 1);
  const top = clamp(Math.round(y), 0, size.height - 1);
  return {
    x: left,
    y: top,
    width: clamp(Math.round(width), 1, size.width - left),
    height: clamp(Math.round(height), 1, size.height - top),
  };
}

/** The rectangle after dragging `grip` by dx, dy image pixels from `start`; edges stop at the image and 1 px apart. */
export function dragRect(start: PixelRect, grip: Grip, dx: number, dy: number, size: PixelSize): PixelRect {
  dx = Math.round(dx);
  dy = Math.round(dy);
  if (grip === 'move') {
    return { ...start, x: clamp(start.x + dx, 0, size.width - start.width), y: clamp(start.y + dy, 0, size.height - start.height) };
  }
  let left = start.x;
  let top = start.y;
  let right = start.x + start.width;
  let bottom = start.y + start.height;
  if (grip.includes('w')) left = clamp(left + dx, 0, right - 1);
  if (grip.includes('e')) right = clamp(right + dx, left + 1, size.width);
  if (grip.includes('n')) top = clamp(top + dy, 0, bottom - 1);
  if (grip.includes('s')) bottom = clamp(bottom + dy, top + 1, size.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** One keyboard step: 1% of the image's side (at least a pixel), so large photos need no hundreds of presses. */
export function keyStep(size: PixelSize): { x: number; y: number } {
  return { x: Math.max(1, Math.round(size.width / 100)), y: Math.max(1, Math.round(size.height / 100)) };
}

/** The rectangle after an arrow key: moved, or with Shift resized from its bottom-right corner; null for other keys. */
export function nudgeRect(rect: PixelRect, key: string, shift: boolean, size: PixelSize): PixelRect | null {
  const arrow = arrowDelta(key);
  if (!arrow) return null;
  const step = keyStep(size);
  return dragRect(rect, shift ? 'se' : 'move', arrow[0] * step.x, arrow[1] * step.y, size);
}
