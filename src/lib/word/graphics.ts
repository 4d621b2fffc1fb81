/**
 * What PDF to Word needs from a page's drawing operations, read from
 * pdf.js's operator list in one pass that follows the graphics state:
 * where each image is drawn, the straight rules that may outline a table,
 * and the fill colour in force for every glyph shown (text items from
 * getTextContent carry no colour, so colours are matched to them by text).
 * Coordinates are PDF user space, like pdf.js's text items.
 */
import { multiply, type Matrix } from '../pdf/drawn-size';

/** An axis-aligned rectangle: x0 < x1, y0 (bottom) < y1 (top). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Where an image is drawn, and how to get its pixels: an object id or inline image data. */
export interface ImagePlacement {
  box: Box;
  objId?: string;
  inline?: unknown;
}

/** A straight horizontal or vertical line segment: x0 <= x1, y0 <= y1, one of the two spans is (nearly) zero. */
export type Rule = Box;

/** Consecutive shown text in one fill colour ("#rrggbb"). */
export interface ColourRun {
  text: string;
  colour: string;
}

export interface PageGraphics {
  images: ImagePlacement[];
  rules: Rule[];
  colours: ColourRun[];
  /** Text shown painted (fill or stroke) and shown invisible (render mode 3, as OCR layers over scans are). */
  visibleTextShows: number;
  invisibleTextShows: number;
}

/** The operator numbers this walk reads (pdf.js's OPS, passed in so the walk stays a pure function). */
export type Ops = Record<
  | 'save'
  | 'restore'
  | 'transform'
  | 'paintFormXObjectBegin'
  | 'paintFormXObjectEnd'
  | 'setFillRGBColor'
  | 'setTextRenderingMode'
  | 'showText'
  | 'showSpacedText'
  | 'nextLineShowText'
  | 'nextLineSetSpacingShowText'
  | 'constructPath'
  | 'stroke'
  | 'closeStroke'
  | 'fill'
  | 'eoFill'
  | 'fillStroke'
  | 'eoFillStroke'
  | 'closeFillStroke'
  | 'closeEOFillStroke'
  | 'paintImageXObject'
  | 'paintInlineImageXObject',
  number
>;

/** pdf.js's path commands inside constructPath data (its DrawOPS, which it keeps to itself). */
const DrawOps = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;

/** A filled rectangle no thicker than this (points) is drawn as a rule, as many writers draw table borders. */
const THIN = 2.5;
/** Segments shorter than this are ticks or glyph parts, not rules. */
const MIN_RULE = 4;
/** Images drawn smaller than this (points, either side) are bullets and specks, left out. */
const MIN_IMAGE = 3;

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function boxOf(points: [number, number][]): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** A segment as a rule when it is horizontal or vertical and long enough. */
function ruleOf(a: [number, number], b: [number, number]): Rule | null {
  const box = boxOf([a, b]);
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  if ((h < 1 && w >= MIN_RULE) || (w < 1 && h >= MIN_RULE)) return box;
  return null;
}

/** Subpaths of pdf.js path data as point lists (curves reduced to their end points), in device-independent page space. */
function subpaths(data: ArrayLike<number>, ctm: Matrix): { points: [number, number][]; closed: boolean }[] {
  const out: { points: [number, number][]; closed: boolean }[] = [];
  let current: { points: [number, number][]; closed: boolean } | undefined;
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === DrawOps.moveTo) {
      current = { points: [apply(ctm, data[i]!, data[i + 1]!)], closed: false };
      out.push(current);
      i += 2;
    } else if (op === DrawOps.lineTo) {
      current?.points.push(apply(ctm, data[i]!, data[i + 1]!));
      i += 2;
    } else if (op === DrawOps.curveTo) {
      // A curve is not a rule: breaking the subpath keeps its chord from counting as one.
      current = { points: [apply(ctm, data[i + 4]!, data[i + 5]!)], closed: false };
      out.push(current);
      i += 6;
    } else if (op === DrawOps.quadraticCurveTo) {
      current = { points: [apply(ctm, data[i + 2]!, data[i + 3]!)], closed: false };
      out.push(current);
      i += 4;
    } else if (op === DrawOps.closePath) {
      if (current) current.closed = true;
    } else {
      break;
    }
  }
  return out;
}

/** Stroked segments that are horizontal or vertical. */
function strokedRules(paths: { points: [number, number][]; closed: boolean }[]): Rule[] {
  const rules: Rule[] = [];
  for (const { points, closed } of paths) {
    const pts = closed && points.length > 2 ? [...points, points[0]!] : points;
    for (let i = 1; i < pts.length; i++) {
      const rule = ruleOf(pts[i - 1]!, pts[i]!);
      if (rule) rules.push(rule);
    }
  }
  return rules;
}

/** Thin filled axis-aligned rectangles, as the rule along their long side's middle. */
function filledRules(paths: { points: [number, number][]; closed: boolean }[]): Rule[] {
  const rules: Rule[] = [];
  for (const { points } of paths) {
    const unique = points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
    if (unique.length < 4 || unique.length > 5) continue;
    const box = boxOf(unique);
    // Every corner must sit on the bounding box, so a slanted quadrilateral is not taken for a bar.
    const onBox = unique.every((p) => (Math.abs(p[0] - box.x0) < 0.5 || Math.abs(p[0] - box.x1) < 0.5) && (Math.abs(p[1] - box.y0) < 0.5 || Math.abs(p[1] - box.y1) < 0.5));
    if (!onBox) continue;
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    if (h <= THIN && w >= MIN_RULE) rules.push({ x0: box.x0, x1: box.x1, y0: (box.y0 + box.y1) / 2, y1: (box.y0 + box.y1) / 2 });
    else if (w <= THIN && h >= MIN_RULE) rules.push({ x0: (box.x0 + box.x1) / 2, x1: (box.x0 + box.x1) / 2, y0: box.y0, y1: box.y1 });
  }
  return rules;
}

/** The text a showText operand shows: glyph objects carry their Unicode text, numbers are spacing. */
function shownText(glyphs: unknown): string {
  if (!Array.isArray(glyphs)) return '';
  let text = '';
  for (const glyph of glyphs) {
    if (glyph && typeof glyph === 'object' && 'unicode' in glyph) text += String((glyph as { unicode: unknown }).unicode ?? '');
  }
  return text;
}

/**
 * Walks an operator list (pdf.js's fnArray and argsArray) once, following
 * q/Q, cm and form XObjects, and collects image placements, rules and the
 * colour of shown text.
 */
export function walkOperators(fnArray: ArrayLike<number>, argsArray: ArrayLike<unknown>, OPS: Ops): PageGraphics {
  const images: ImagePlacement[] = [];
  const rules: Rule[] = [];
  const colours: ColourRun[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let fill = '#000000';
  let mode = 0;
  let visibleTextShows = 0;
  let invisibleTextShows = 0;
  const stack: { ctm: Matrix; fill: string; mode: number }[] = [];
  const strokes = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const fills = new Set([OPS.fill, OPS.eoFill]);
  const shows = new Set([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = (argsArray[i] ?? []) as unknown[];
    if (fn === OPS.save) stack.push({ ctm, fill, mode });
    else if (fn === OPS.restore) ({ ctm, fill, mode } = stack.pop() ?? { ctm, fill, mode });
    else if (fn === OPS.setTextRenderingMode) mode = Number(args[0] ?? 0);
    else if (fn === OPS.transform) ctm = multiply(args.slice(0, 6).map(Number) as Matrix, ctm);
    else if (fn === OPS.paintFormXObjectBegin) {
      // A form draws with its own matrix inside a saved state, ended by paintFormXObjectEnd.
      stack.push({ ctm, fill, mode });
      const m = args[0];
      if (Array.isArray(m) || ArrayBuffer.isView(m)) ctm = multiply(Array.from(m as ArrayLike<number>).slice(0, 6) as Matrix, ctm);
    } else if (fn === OPS.paintFormXObjectEnd) ({ ctm, fill, mode } = stack.pop() ?? { ctm, fill, mode });
    else if (fn === OPS.setFillRGBColor) {
      const value = args[0];
      if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) fill = value.toLowerCase();
    } else if (shows.has(fn)) {
      const text = shownText(fn === OPS.nextLineSetSpacingShowText ? args[2] : args[0]);
      if (text === '') continue;
      // Modes 0-2 paint glyphs; 3 is invisible; 4-7 add clipping, 7 without painting.
      if (mode === 3 || mode === 7) invisibleTextShows++;
      else visibleTextShows++;
      const last = colours[colours.length - 1];
      if (last && last.colour === fill) last.text += text;
      else colours.push({ text, colour: fill });
    } else if (fn === OPS.constructPath) {
      const paint = args[0] as number;
      const data = (args[1] as unknown[] | undefined)?.[0];
      if (!data || typeof data !== 'object') continue;
      const paths = subpaths(data as ArrayLike<number>, ctm);
      if (strokes.has(paint)) rules.push(...strokedRules(paths));
      if (fills.has(paint) || paint === OPS.fillStroke || paint === OPS.eoFillStroke) rules.push(...filledRules(paths));
    } else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      // Images are drawn into the unit square of the current matrix.
      const box = boxOf([apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)]);
      if (box.x1 - box.x0 < MIN_IMAGE || box.y1 - box.y0 < MIN_IMAGE) continue;
      if (fn === OPS.paintImageXObject && typeof args[0] === 'string') images.push({ box, objId: args[0] });
      else if (fn === OPS.paintInlineImageXObject) images.push({ box, inline: args[0] });
    }
  }
  return { images, rules, colours, visibleTextShows, invisibleTextShows };
}

/** A stretch of a text item in one colour, from character `start` of its string. */
export interface ColourSpan {
  start: number;
  colour: string;
}

/**
 * The colours of each text item, by following the items' text through the
 * colour runs in order. pdf.js joins text shown in different colours on one
 * line into a single item, so an item can have several spans; spaces take
 * the colour of the character before them.
 */
export function colourItems(items: { str: string }[], runs: ColourRun[]): ColourSpan[][] {
  // One entry per visible character of the shown text, in content order.
  const chars: string[] = [];
  const colours: string[] = [];
  for (const run of runs) {
    for (const ch of run.text.normalize('NFKC')) {
      if (/\s/.test(ch)) continue;
      chars.push(ch);
      colours.push(run.colour);
    }
  }
  let at = 0;
  let previous = '#000000';
  return items.map((item) => {
    const spans: ColourSpan[] = [];
    const text = [...item.str];
    let index = 0;
    for (const ch of text) {
      const visible = ch.normalize('NFKC');
      if (!/^\s*$/.test(visible)) {
        // Look a little ahead; items and glyphs rarely drift far apart (ligatures, dropped control characters).
        for (let j = at; j < Math.min(chars.length, at + 400); j++) {
          if (chars[j] === visible[0]) {
            previous = colours[j]!;
            at = j + [...visible].length;
            break;
          }
        }
      }
      if (spans.length === 0 || spans[spans.length - 1]!.colour !== previous) spans.push({ start: index, colour: previous });
      index += ch.length;
    }
    return spans.length > 0 ? spans : [{ start: 0, colour: previous }];
  });
}
