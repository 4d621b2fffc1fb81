/**
 * The objects of the Edit PDF view: boxes as fractions of the displayed page
 * from its top-left (the processor's units), and the pure geometry of
 * drawing, moving and resizing them on the page.
 */
import { t, type MessageId } from '../../lib/i18n/messages';
import type { EditKind, PdfEdit } from '../../lib/pdf/annotate';

export type { EditKind };

/** One object on a page; a line runs from (x, y) to (x + width, y + height). */
export interface EditObject {
  id: string;
  page: number;
  kind: EditKind;
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  fontSize: number;
  color: string;
  strokeWidth: number;
  /** A data: URL of a PNG or JPEG, shown on the page and sent to the processor. */
  image?: string;
}

/** The look given to new objects (the colour and size controls when nothing is selected). */
export interface EditStyle {
  color: string;
  fontSize: number;
  strokeWidth: number;
}

export interface Point {
  x: number;
  y: number;
}

export const DEFAULT_STYLE: EditStyle = { color: '#000000', fontSize: 16, strokeWidth: 2 };
const KIND_LABELS: Record<EditKind, MessageId> = {
  text: 'pdf-views.edit.kind.text',
  whiteout: 'pdf-views.edit.kind.whiteout',
  rect: 'pdf-views.edit.kind.rect',
  ellipse: 'pdf-views.edit.kind.ellipse',
  line: 'pdf-views.edit.kind.line',
  image: 'pdf-views.edit.kind.image',
};
/** The name of a kind of object, as the toolbar shows it. */
export const kindLabel = (kind: EditKind) => t(KIND_LABELS[kind]);
/** The size of an object added without a drag (a click, or Add to page). */
const DEFAULT_BOX = { width: 0.3, height: 0.08 };
/** Drags shorter than this (fraction of the page) count as clicks. */
export const MIN_DRAG = 0.01;

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

let counter = 0;
/** A fresh object id. */
export function newId(): string {
  counter += 1;
  return `obj-${Date.now().toString(36)}-${counter}`;
}

/** The object drawn by a drag from `a` to `b` (a line keeps its direction; boxes are normalised). */
export function objectFromDrag(kind: EditKind, page: number, a: Point, b: Point, style: EditStyle): EditObject {
  const p = { x: clamp(b.x, 0, 1), y: clamp(b.y, 0, 1) };
  const base = { id: newId(), page, kind, text: '', ...style };
  if (kind === 'line') return { ...base, x: a.x, y: a.y, width: p.x - a.x, height: p.y - a.y };
  const x = Math.min(a.x, p.x);
  const y = Math.min(a.y, p.y);
  return { ...base, x, y, width: Math.abs(p.x - a.x), height: Math.abs(p.y - a.y) };
}

/** True when a drag was long enough to make an object of that kind. */
export function isDrawn(o: EditObject): boolean {
  return o.kind === 'line' ? Math.hypot(o.width, o.height) >= MIN_DRAG : o.width >= MIN_DRAG && o.height >= MIN_DRAG;
}

/** An object of default size centred on `at` (kept on the page). */
export function objectAt(kind: EditKind, page: number, at: Point, style: EditStyle, aspect?: number): EditObject {
  let { width, height } = kind === 'text' || kind === 'line' ? DEFAULT_BOX : { width: 0.25, height: 0.15 };
  // An image keeps its proportions; `aspect` is its width / height on this page's scale.
  if (aspect) height = Math.min(0.6, width / aspect);
  if (aspect) width = height * aspect;
  if (kind === 'line') height = 0;
  const x = clamp(at.x - width / 2, 0, 1 - width);
  const y = clamp(at.y - height / 2, 0, 1 - height);
  return { id: newId(), page, kind, x, y, width, height, text: '', ...style };
}

/** The object's bounding box with positive width and height (lines may run in any direction). */
export function bounds(o: Pick<EditObject, 'x' | 'y' | 'width' | 'height'>) {
  return { left: Math.min(o.x, o.x + o.width), top: Math.min(o.y, o.y + o.height), width: Math.abs(o.width), height: Math.abs(o.height) };
}

/** The object moved by (dx, dy), stopped at the page edges. */
export function moved<T extends EditObject>(o: T, dx: number, dy: number): Pick<T, 'x' | 'y'> {
  const b = bounds(o);
  const nx = clamp(b.left + dx, 0, 1 - b.width) - b.left;
  const ny = clamp(b.top + dy, 0, 1 - b.height) - b.top;
  return { x: o.x + nx, y: o.y + ny };
}

/** The object with its far corner (the line's end) moved by (dx, dy), kept on the page and not flipped. */
export function resized(o: EditObject, dx: number, dy: number): Pick<EditObject, 'width' | 'height'> {
  if (o.kind === 'line') return { width: clamp(o.x + o.width + dx, 0, 1) - o.x, height: clamp(o.y + o.height + dy, 0, 1) - o.y };
  const width = clamp(o.width + dx, MIN_DRAG, 1 - o.x);
  const height = clamp(o.height + dy, MIN_DRAG, 1 - o.y);
  return { width, height };
}

/** The processor's edit for an object; empty text boxes are left out since they draw nothing. */
export function toEdits(objects: EditObject[]): PdfEdit[] {
  return objects
    .filter((o) => o.kind !== 'text' || o.text.trim() !== '')
    .map((o) => {
      const edit: PdfEdit = { page: o.page, kind: o.kind, x: o.x, y: o.y, width: o.width, height: o.height, color: o.color };
      if (o.kind === 'text') Object.assign(edit, { text: o.text, fontSize: o.fontSize });
      if (o.kind === 'rect' || o.kind === 'ellipse' || o.kind === 'line') edit.strokeWidth = o.strokeWidth;
      if (o.kind === 'image') edit.imageBase64 = o.image;
      return edit;
    });
}

/** A short name for screen readers: "Text box: Hello", "Rectangle". */
export function objectLabel(o: EditObject): string {
  if (o.kind === 'text') {
    const text = o.text.trim();
    return text ? t('pdf-views.edit.textBoxLabel', { text }) : t('pdf-views.edit.textBoxEmpty');
  }
  return kindLabel(o.kind);
}
