/** The crop box as fractions of the displayed page (0..1 from its top-left), and as margins in percent. */

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The box spanned by two points (fractions), in any drag direction, kept on the page. */
export function boxFromPoints(a: { x: number; y: number }, b: { x: number; y: number }): CropBox {
  const x0 = clamp01(Math.min(a.x, b.x));
  const y0 = clamp01(Math.min(a.y, b.y));
  return { x: x0, y: y0, width: clamp01(Math.max(a.x, b.x)) - x0, height: clamp01(Math.max(a.y, b.y)) - y0 };
}

/** Margins in percent of the page for a box. */
export function boxToMargins(box: CropBox): Margins {
  const pct = (v: number) => Math.round(v * 1000) / 10;
  return { top: pct(box.y), left: pct(box.x), right: pct(1 - box.x - box.width), bottom: pct(1 - box.y - box.height) };
}

/** The box for margins in percent; an empty or negative area gives width or height 0. */
export function marginsToBox(m: Margins): CropBox {
  const f = (v: number) => clamp01(v / 100);
  const x = f(m.left);
  const y = f(m.top);
  return { x, y, width: Math.max(0, 1 - x - f(m.right)), height: Math.max(0, 1 - y - f(m.bottom)) };
}

/** True when the box keeps some of the page (the processor refuses anything thinner). */
export function hasArea(box: CropBox): boolean {
  return box.width > 0.001 && box.height > 0.001;
}
