/**
 * The boxes the visitor draws to redact, as fractions of the displayed page
 * (0..1 from its top-left) on a 0-based page: what the processor's
 * `redactions` option takes. Pure helpers for drawing, moving and resizing.
 */
import type { FractionBox } from '../../contract/view-extras';

export type Redaction = FractionBox & { page: number };

/** Kept to 0.01% of the page, so steps of 1% add up without floating-point dust. */
const clamp01 = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
/** The smallest box kept: thinner ones are taken for a click, not a drag. */
const MIN_SIZE = 0.005;

/** The box spanned by two points (fractions), in any drag direction, kept on the page. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): FractionBox {
  const x = clamp01(Math.min(a.x, b.x));
  const y = clamp01(Math.min(a.y, b.y));
  return { x, y, width: clamp01(Math.max(a.x, b.x)) - x, height: clamp01(Math.max(a.y, b.y)) - y };
}

export function isDrawn(box: FractionBox): boolean {
  return box.width >= MIN_SIZE && box.height >= MIN_SIZE;
}

/** The box moved by (dx, dy), kept on the page. */
export function moveBox<B extends FractionBox>(box: B, dx: number, dy: number): B {
  return { ...box, x: clamp01(Math.min(1 - box.width, box.x + dx)), y: clamp01(Math.min(1 - box.height, box.y + dy)) };
}

/** The box with its right and bottom edges moved by (dw, dh), never thinner than the smallest box nor off the page. */
export function resizeBox<B extends FractionBox>(box: B, dw: number, dh: number): B {
  return {
    ...box,
    width: clamp01(Math.min(1 - box.x, Math.max(MIN_SIZE, box.width + dw))),
    height: clamp01(Math.min(1 - box.y, Math.max(MIN_SIZE, box.height + dh))),
  };
}

/** The box "Add a box" places: a band across the middle of the page, where a line of text would be. */
export const START_BOX: FractionBox = { x: 0.2, y: 0.45, width: 0.6, height: 0.05 };

/** Where a box sits, in whole percent of the page, for its label ("from 20% across and 45% down, 60% wide and 5% high"). */
export function boxPercents(box: FractionBox): { x: number; y: number; width: number; height: number } {
  const pct = (v: number) => Math.round(v * 100);
  return { x: pct(box.x), y: pct(box.y), width: pct(box.width), height: pct(box.height) };
}
