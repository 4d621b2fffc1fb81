/**
 * Draws SVG (an <svg> inside an XHTML chapter, or an EPUB's SVG page) onto a
 * PDF page as vector graphics: paths and basic shapes, text set in the
 * document's fonts (so it can be selected and searched), JPEG and PNG
 * images, transforms, groups, <use>, nested <svg>, simple class styles and
 * clip paths. Gradients are drawn in their middle stop's colour; filters,
 * masks, patterns and markers are left out. Nothing is fetched: images come
 * from the book through `embedImage`.
 */
import {
  appendBezierCurve, appendQuadraticCurve, clip, closePath, concatTransformationMatrix, endPath, lineTo, moveTo,
  popGraphicsState, pushGraphicsState, rectangle, rgb, type PDFFont, type PDFImage, type PDFOperator, type PDFPage,
} from 'pdf-lib';
import type { FontSet } from '../fonts/embed';
import { splitByFont } from '../fonts/shaping';
import type { HtmlElement, HtmlNode } from './parse';
import { numberList, ownStyle, parseColor, parseCss, parseLength, parseTransform, type Matrix, type Rgb } from './svg-style';

export interface SvgTarget {
  page: PDFPage;
  /** The box the drawing is fitted into, in PDF points: left, top edge (PDF y of the top) and size. */
  x: number;
  top: number;
  width: number;
  height: number;
}

export interface SvgResources {
  fonts: FontSet;
  /** Characters no font has are added here (left out of the drawing). */
  missing: Set<string>;
  embedImage: (href: string) => Promise<PDFImage | null>;
}

/** What a drawing put on the page. */
export interface SvgResult {
  /** Shapes, text runs and images drawn. */
  drawn: number;
  /** Images referenced but not drawn (missing, or in a format other than JPEG and PNG). */
  imagesLeftOut: number;
  /** The drawing had more elements than are drawn, and was cut short. */
  truncated: boolean;
}

type Style = Record<string, string>;

const NOT_DRAWN = new Set(['defs', 'clippath', 'lineargradient', 'radialgradient', 'pattern', 'mask', 'marker', 'filter', 'symbol', 'title', 'desc', 'metadata', 'style', 'script', 'foreignobject']);
const INHERITED = ['fill', 'stroke', 'stroke-width', 'fill-opacity', 'stroke-opacity', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'visibility', 'color', 'fill-rule'];
const MAX_DEPTH = 64;
/**
 * Elements drawn per drawing at most: <use> can multiply a small file into
 * billions of shapes, and pdf-lib takes about a quarter of a millisecond per path.
 */
const MAX_ELEMENTS = 20_000;

/** The natural size of an <svg> element in CSS px: width/height, else the viewBox's, else 300 x 150. */
export function svgSize(svg: HtmlElement): { width: number; height: number } {
  const box = numberList(svg.attrs.viewbox);
  const hasBox = box.length === 4 && box[2] > 0 && box[3] > 0;
  const dimension = (value: string | undefined, fromBox: number | undefined, fallback: number) =>
    value && !value.trim().endsWith('%') && parseLength(value) > 0 ? parseLength(value) : (fromBox ?? fallback);
  let width = dimension(svg.attrs.width, hasBox ? box[2] : undefined, 300);
  let height = dimension(svg.attrs.height, hasBox ? box[3] : undefined, 150);
  // Only one side given: the other follows the viewBox's proportions.
  if (hasBox && svg.attrs.width && !svg.attrs.height) height = (width * box[3]) / box[2];
  if (hasBox && svg.attrs.height && !svg.attrs.width) width = (height * box[2]) / box[3];
  return { width, height };
}

/** Where a viewBox of `box` lands in a viewport, by preserveAspectRatio (default xMidYMid meet). */
function fitViewBox(box: number[], width: number, height: number, aspect: string | undefined): Matrix {
  const [bx, by, bw, bh] = box;
  const value = (aspect ?? '').trim();
  if (value.startsWith('none')) return [width / bw, 0, 0, height / bh, -bx * (width / bw), -by * (height / bh)];
  const slice = /\bslice\b/.test(value);
  const s = slice ? Math.max(width / bw, height / bh) : Math.min(width / bw, height / bh);
  const align = /x(Min|Mid|Max)Y(Min|Mid|Max)/.exec(value);
  const share = (where: string | undefined) => (where === 'Min' ? 0 : where === 'Max' ? 1 : 0.5);
  const dx = (width - bw * s) * share(align?.[1]);
  const dy = (height - bh * s) * share(align?.[2]);
  return [s, 0, 0, s, dx - bx * s, dy - by * s];
}

/** A list of lengths (x="10 20.5px"), in user units. */
function lengthList(value: string | undefined): number[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean).map((item) => parseLength(item));
}

function cm(m: Matrix): PDFOperator {
  return concatTransformationMatrix(...m);
}

/** Path data as PDF path operators, for clipping (arcs are drawn as straight lines there). */
function pathOperators(d: string): PDFOperator[] {
  const ops: PDFOperator[] = [];
  const tokens = d.match(/[a-z]|[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? [];
  let i = 0;
  let [x, y, sx, sy] = [0, 0, 0, 0];
  let command = '';
  const num = () => Number(tokens[i++] ?? 0);
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i])) command = tokens[i++];
    const rel = command === command.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (command.toUpperCase()) {
      case 'M':
        [x, y] = [ox + num(), oy + num()];
        [sx, sy] = [x, y];
        ops.push(moveTo(x, y));
        command = rel ? 'l' : 'L';
        break;
      case 'L':
        [x, y] = [ox + num(), oy + num()];
        ops.push(lineTo(x, y));
        break;
      case 'H':
        x = ox + num();
        ops.push(lineTo(x, y));
        break;
      case 'V':
        y = oy + num();
        ops.push(lineTo(x, y));
        break;
      case 'C': {
        const [a, b, c, e, f, g] = [ox + num(), oy + num(), ox + num(), oy + num(), ox + num(), oy + num()];
        ops.push(appendBezierCurve(a, b, c, e, f, g));
        [x, y] = [f, g];
        break;
      }
      case 'S':
      case 'Q': {
        const [a, b, c, e] = [ox + num(), oy + num(), ox + num(), oy + num()];
        ops.push(appendQuadraticCurve(a, b, c, e));
        [x, y] = [c, e];
        break;
      }
      case 'T':
        [x, y] = [ox + num(), oy + num()];
        ops.push(lineTo(x, y));
        break;
      case 'A':
        i += 5;
        [x, y] = [ox + num(), oy + num()];
        ops.push(lineTo(x, y));
        break;
      case 'Z':
        ops.push(closePath());
        [x, y] = [sx, sy];
        break;
      default:
        return ops;
    }
  }
  return ops;
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx},${cy} A${rx},${ry} 0 1 0 ${cx + rx},${cy} A${rx},${ry} 0 1 0 ${cx - rx},${cy} Z`;
}

function rectPath(x: number, y: number, w: number, h: number, rx: number, ry: number): string {
  if (rx <= 0 && ry <= 0) return `M${x},${y} H${x + w} V${y + h} H${x} Z`;
  const [a, b] = [Math.min(rx || ry, w / 2), Math.min(ry || rx, h / 2)];
  return `M${x + a},${y} H${x + w - a} A${a},${b} 0 0 1 ${x + w},${y + b} V${y + h - b} A${a},${b} 0 0 1 ${x + w - a},${y + h} H${x + a} A${a},${b} 0 0 1 ${x},${y + h - b} V${y + b} A${a},${b} 0 0 1 ${x + a},${y} Z`;
}

/** One SVG drawing onto one page. */
class SvgPainter {
  private readonly ids = new Map<string, HtmlElement>();
  private readonly rules;
  readonly result: SvgResult = { drawn: 0, imagesLeftOut: 0, truncated: false };
  private budget = MAX_ELEMENTS;

  constructor(
    private readonly page: PDFPage,
    root: HtmlElement,
    css: string,
    private readonly resources: SvgResources,
  ) {
    this.rules = parseCss(css);
    const index = (node: HtmlElement) => {
      if (node.attrs.id) this.ids.set(node.attrs.id, node);
      for (const child of node.children) if (typeof child !== 'string') index(child);
    };
    index(root);
  }

  private push(...ops: PDFOperator[]): void {
    this.page.pushOperators(...ops);
  }

  private reference(value: string | undefined): HtmlElement | undefined {
    const id = /^\s*url\(\s*['"]?#([^'")\s]+)/.exec(value ?? '')?.[1] ?? /^#(.+)$/.exec(value ?? '')?.[1];
    return id ? this.ids.get(id) : undefined;
  }

  /** A paint value as a colour, a gradient as its middle stop's. */
  private paint(value: string | undefined, style: Style): Rgb | null {
    if (!value || value === 'none') return null;
    if (value === 'currentColor') return parseColor(style.color ?? 'black');
    const gradient = this.reference(value);
    if (gradient) {
      let stops: HtmlElement[] = [];
      for (let g: HtmlElement | undefined = gradient, hops = 0; g && stops.length === 0 && hops < 8; g = this.reference(g.attrs['xlink:href'] ?? g.attrs.href), hops++) {
        stops = g.children.filter((c): c is HtmlElement => typeof c !== 'string' && c.tag === 'stop');
      }
      const stop = stops[Math.floor(stops.length / 2)];
      return stop ? parseColor(ownStyle(stop, this.rules)['stop-color'] ?? 'black') : null;
    }
    return parseColor(value) ?? (value.startsWith('url(') ? parseColor(value.replace(/^url\([^)]*\)\s*/, '')) : null);
  }

  /** Draws an element and its children with the style inherited from its parent. */
  async element(node: HtmlElement, inherited: Style, opacity: number, depth: number): Promise<void> {
    if (depth > MAX_DEPTH || NOT_DRAWN.has(node.tag)) return;
    if (--this.budget < 0) {
      this.result.truncated = true;
      return;
    }
    const own = ownStyle(node, this.rules);
    if (own.display === 'none') return;
    const style: Style = {};
    for (const name of INHERITED) if (inherited[name] !== undefined) style[name] = inherited[name];
    Object.assign(style, own);
    const alpha = opacity * Math.min(1, Math.max(0, Number(own.opacity ?? 1) || 0));
    const transform = parseTransform(node.attrs.transform);
    const clipPath = this.reference(own['clip-path']);
    this.push(pushGraphicsState());
    if (transform) this.push(cm(transform));
    if (clipPath) this.clipTo(clipPath);
    try {
      await this.draw(node, style, alpha, depth);
    } finally {
      this.push(popGraphicsState());
    }
  }

  private clipTo(clipPath: HtmlElement): void {
    if (clipPath.attrs.clippathunits === 'objectBoundingBox') return;
    const ops: PDFOperator[] = [];
    for (const child of clipPath.children) {
      if (typeof child === 'string' || child.attrs.transform) continue;
      const d = this.shapePath(child);
      if (d) ops.push(...pathOperators(d));
    }
    if (ops.length) this.push(...ops, clip(), endPath());
  }

  private async children(node: HtmlElement, style: Style, opacity: number, depth: number): Promise<void> {
    for (const child of node.children) if (typeof child !== 'string') await this.element(child, style, opacity, depth + 1);
  }

  private async draw(node: HtmlElement, style: Style, opacity: number, depth: number): Promise<void> {
    const a = node.attrs;
    switch (node.tag) {
      case 'svg': {
        // A nested <svg> is its own viewport.
        const size = { width: parseLength(a.width, 0) || svgSize(node).width, height: parseLength(a.height, 0) || svgSize(node).height };
        this.push(cm([1, 0, 0, 1, parseLength(a.x), parseLength(a.y)]));
        const box = numberList(a.viewbox);
        if (box.length === 4 && box[2] > 0 && box[3] > 0) this.push(cm(fitViewBox(box, size.width, size.height, a.preserveaspectratio)));
        return this.children(node, style, opacity, depth);
      }
      case 'use': {
        const target = this.reference(a['xlink:href'] ?? a.href);
        if (!target || target === node) return;
        this.push(cm([1, 0, 0, 1, parseLength(a.x), parseLength(a.y)]));
        if (target.tag === 'symbol') return this.children(target, style, opacity, depth + 1);
        return this.element(target, style, opacity, depth + 1);
      }
      case 'switch': {
        const first = node.children.find((c): c is HtmlElement => typeof c !== 'string');
        return first ? this.element(first, style, opacity, depth + 1) : undefined;
      }
      case 'image':
        return this.image(node);
      case 'text':
        return this.text(node, style, opacity);
      default: {
        const d = this.shapePath(node);
        if (d) return this.shape(d, style, opacity);
        return this.children(node, style, opacity, depth);
      }
    }
  }

  /** The outline of a basic shape or path as path data; null for other elements. */
  private shapePath(node: HtmlElement): string | null {
    const a = node.attrs;
    const len = (v: string | undefined) => parseLength(v);
    switch (node.tag) {
      case 'path':
        return a.d?.trim() ? a.d : null;
      case 'rect': {
        const [w, h] = [len(a.width), len(a.height)];
        return w > 0 && h > 0 ? rectPath(len(a.x), len(a.y), w, h, len(a.rx), len(a.ry)) : null;
      }
      case 'circle':
        return len(a.r) > 0 ? ellipsePath(len(a.cx), len(a.cy), len(a.r), len(a.r)) : null;
      case 'ellipse':
        return len(a.rx) > 0 && len(a.ry) > 0 ? ellipsePath(len(a.cx), len(a.cy), len(a.rx), len(a.ry)) : null;
      case 'line':
        return `M${len(a.x1)},${len(a.y1)} L${len(a.x2)},${len(a.y2)}`;
      case 'polyline':
      case 'polygon': {
        const points = numberList(a.points);
        if (points.length < 4) return null;
        const pairs = [];
        for (let i = 0; i + 1 < points.length; i += 2) pairs.push(`${points[i]},${points[i + 1]}`);
        return `M${pairs.join(' L')}${node.tag === 'polygon' ? ' Z' : ''}`;
      }
      default:
        return null;
    }
  }

  private shape(d: string, style: Style, opacity: number): void {
    const fill = this.paint(style.fill ?? 'black', style);
    const stroke = this.paint(style.stroke, style);
    const strokeWidth = style['stroke-width'] === undefined ? 1 : parseLength(style['stroke-width']);
    if (!fill && !(stroke && strokeWidth > 0)) return;
    // Full opacity is left unset: each opacity given to pdf-lib adds a graphics state to the page.
    const alpha = (n: number) => {
      const value = Math.min(1, Math.max(0, Number.isFinite(n) ? n : 1));
      return value < 1 ? value : undefined;
    };
    // drawSvgPath flips y for pdf-lib's own coordinates; this space is already SVG's, so flip it back first.
    this.push(pushGraphicsState(), cm([1, 0, 0, -1, 0, 0]));
    try {
      this.page.drawSvgPath(d, {
        x: 0,
        y: 0,
        color: fill ? rgb(fill[0] / 255, fill[1] / 255, fill[2] / 255) : undefined,
        borderColor: stroke && strokeWidth > 0 ? rgb(stroke[0] / 255, stroke[1] / 255, stroke[2] / 255) : undefined,
        borderWidth: stroke ? strokeWidth : 0,
        opacity: alpha(opacity * Number(style['fill-opacity'] ?? 1)),
        borderOpacity: alpha(opacity * Number(style['stroke-opacity'] ?? 1)),
      });
      this.result.drawn++;
    } finally {
      this.push(popGraphicsState());
    }
  }

  private async image(node: HtmlElement): Promise<void> {
    const a = node.attrs;
    const href = a['xlink:href'] ?? a.href ?? '';
    const image = href ? await this.resources.embedImage(href) : null;
    if (!image) {
      this.result.imagesLeftOut++;
      return;
    }
    let [x, y, w, h] = [parseLength(a.x), parseLength(a.y), parseLength(a.width), parseLength(a.height)];
    if (!(w > 0) && !(h > 0)) [w, h] = [image.width, image.height];
    else if (!(w > 0)) w = (h * image.width) / image.height;
    else if (!(h > 0)) h = (w * image.height) / image.width;
    const [fx, , , fy, dx, dy] = fitViewBox([0, 0, image.width, image.height], w, h, a.preserveaspectratio);
    if (!(a.preserveaspectratio ?? '').startsWith('none')) [x, y, w, h] = [x + dx, y + dy, image.width * fx, image.height * fy];
    // The image is drawn upright: its top edge at y, in a space flipped back to PDF's direction.
    this.push(pushGraphicsState(), cm([1, 0, 0, -1, x, y + h]));
    this.page.drawImage(image, { x: 0, y: 0, width: w, height: h });
    this.push(popGraphicsState());
    this.result.drawn++;
  }

  private fontFor(style: Style): PDFFont {
    const fonts = this.resources.fonts;
    const bold = /bold|[6-9]00/.test(style['font-weight'] ?? '');
    const italic = /italic|oblique/.test(style['font-style'] ?? '');
    return bold && italic ? fonts.boldItalic : bold ? fonts.bold : italic ? fonts.italic : fonts.regular;
  }

  /** A <text> element: each text node at the current position, tspans moving it by x, y, dx and dy. */
  private text(node: HtmlElement, style: Style, opacity: number): void {
    const cursor = { x: 0, y: 0 };
    const walk = (element: HtmlElement, inherited: Style) => {
      const own = element === node ? {} : ownStyle(element, this.rules);
      if (own.display === 'none') return;
      const current: Style = { ...inherited, ...own };
      const xs = lengthList(element.attrs.x);
      const ys = lengthList(element.attrs.y);
      if (xs.length) cursor.x = xs[0];
      if (ys.length) cursor.y = ys[0];
      cursor.x += lengthList(element.attrs.dx)[0] ?? 0;
      cursor.y += lengthList(element.attrs.dy)[0] ?? 0;
      for (const child of element.children as HtmlNode[]) {
        if (typeof child !== 'string') {
          if (child.tag === 'tspan' || child.tag === 'a' || child.tag === 'textpath') walk(child, current);
          continue;
        }
        const value = child.replace(/[\r\n\t]+/g, ' ').replace(/ {2,}/g, ' ');
        if (!value.trim()) continue;
        // Per-character x positions give the width the text was set in: the drawn text is squeezed or stretched to it.
        const span = xs.length > 1 && xs.length >= Array.from(value).length - 1 ? xs[xs.length - 1] - xs[0] : undefined;
        cursor.x += this.run(value, current, opacity, cursor.x, cursor.y, span, xs.length > 1 ? Array.from(value).length : 0);
      }
    };
    walk(node, style);
  }

  /** Draws one run of text with its baseline at (x, y); returns its advance. */
  private run(text: string, style: Style, opacity: number, x: number, y: number, span: number | undefined, positioned: number): number {
    const fill = this.paint(style.fill ?? 'black', style);
    const size = parseLength(style['font-size'] ?? '16') || 16;
    const fonts = this.resources.fonts;
    const font = this.fontFor(style);
    const chain = font === fonts.regular ? [fonts.regular, ...(fonts.fallbacks ?? [])] : [font, fonts.regular, ...(fonts.fallbacks ?? [])];
    const parts = fonts.covers ? splitByFont(text, chain, fonts.covers, this.resources.missing) : [{ text, font }];
    const natural = parts.reduce((sum, part) => sum + part.font.widthOfTextAtSize(part.text, size), 0);
    let squeeze = 1;
    if (span !== undefined && positioned > 1 && natural > 0) {
      // The span runs to the last character's start: add that character's share of the natural width.
      const target = span + natural / positioned;
      squeeze = Math.min(2, Math.max(0.5, target / natural));
    }
    const width = natural * squeeze;
    const anchor = style['text-anchor'];
    const start = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
    if (!fill || !text.trim()) return width;
    const color = rgb(fill[0] / 255, fill[1] / 255, fill[2] / 255);
    const value = Math.min(1, Math.max(0, opacity * Number(style['fill-opacity'] ?? 1))) || 0;
    const alpha = value < 1 ? value : undefined;
    this.push(pushGraphicsState(), cm([squeeze, 0, 0, -1, start, y]));
    let advance = 0;
    for (const part of parts) {
      this.page.drawText(part.text, { x: advance, y: 0, size, font: part.font, color, opacity: alpha });
      advance += part.font.widthOfTextAtSize(part.text, size);
    }
    this.push(popGraphicsState());
    this.result.drawn++;
    return width;
  }
}

/**
 * Draws an <svg> element fitted into the target box (keeping its proportions,
 * centred). `css` is the text of the style sheets that apply to it.
 */
export async function drawSvg(svg: HtmlElement, css: string, target: SvgTarget, resources: SvgResources): Promise<SvgResult> {
  const { width, height } = svgSize(svg);
  const box = numberList(svg.attrs.viewbox);
  const viewBox = box.length === 4 && box[2] > 0 && box[3] > 0 ? box : [0, 0, width, height];
  const painter = new SvgPainter(target.page, svg, css, resources);
  // PDF space to the target box with y pointing down, then the viewBox into that box.
  const toBox: Matrix = [1, 0, 0, -1, target.x, target.top];
  const inBox = fitViewBox(viewBox, target.width, target.height, svg.attrs.preserveaspectratio);
  target.page.pushOperators(pushGraphicsState(), cm(toBox), rectangle(0, 0, target.width, target.height), clip(), endPath(), cm(inBox));
  try {
    await painter.element({ ...svg, attrs: { ...svg.attrs, transform: '', x: '0', y: '0' }, tag: 'g' }, {}, 1, 0);
  } finally {
    target.page.pushOperators(popGraphicsState());
  }
  return painter.result;
}

/** True when the SVG has something to draw (a blank page of a fixed-layout book has only a title). */
export function hasDrawing(svg: HtmlElement): boolean {
  return svg.children.some((child) => (typeof child === 'string' ? false : !NOT_DRAWN.has(child.tag) && (child.tag !== 'g' || hasDrawing(child))));
}
