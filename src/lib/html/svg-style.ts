/**
 * The parts of SVG styling that the PDF drawing of SVG needs: colours,
 * lengths, transforms, and the cascade of presentation attributes, simple
 * <style> rules (tag, .class, #id) and style attributes.
 */
import type { HtmlElement } from './parse';

export type Matrix = [number, number, number, number, number, number];
export type Rgb = [number, number, number];

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255], yellow: [255, 255, 0],
  gray: [128, 128, 128], grey: [128, 128, 128], silver: [192, 192, 192], maroon: [128, 0, 0], purple: [128, 0, 128],
  fuchsia: [255, 0, 255], magenta: [255, 0, 255], lime: [0, 255, 0], olive: [128, 128, 0], navy: [0, 0, 128], teal: [0, 128, 128],
  aqua: [0, 255, 255], cyan: [0, 255, 255], orange: [255, 165, 0], brown: [165, 42, 42], pink: [255, 192, 203],
  gold: [255, 215, 0], darkgray: [169, 169, 169], darkgrey: [169, 169, 169], lightgray: [211, 211, 211], lightgrey: [211, 211, 211],
  darkblue: [0, 0, 139], darkgreen: [0, 100, 0], darkred: [139, 0, 0], skyblue: [135, 206, 235], beige: [245, 245, 220], tan: [210, 180, 140],
};

/** A CSS colour as 0-255 RGB; null for none, unknown values and references (url(...)), which the caller resolves. */
export function parseColor(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(v);
  if (fn) {
    const parts = fn[1].split(/[\s,/]+/).filter(Boolean).slice(0, 3);
    if (parts.length < 3) return null;
    return parts.map((p) => Math.max(0, Math.min(255, p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p) || 0))) as Rgb;
  }
  return NAMED[v] ?? null;
}

/** A length in user units (px); percentages are of `reference`, em of the font size. */
export function parseLength(value: string | undefined, reference = 0, fontSize = 16): number {
  if (!value) return 0;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z%]*)/i.exec(value);
  if (!match) return 0;
  const n = parseFloat(match[1]);
  const unit = match[2].toLowerCase();
  const scale: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96, em: fontSize, rem: 16, ex: fontSize / 2, '%': reference / 100 };
  return n * (scale[unit] ?? 1);
}

/** A list of numbers (x="1,2 3"). */
export function numberList(value: string | undefined): number[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite);
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]];
}

/** An SVG transform attribute as one matrix (the PDF cm operand: the first listed applies last). */
export function parseTransform(value: string | undefined): Matrix | null {
  if (!value) return null;
  let result: Matrix = [1, 0, 0, 1, 0, 0];
  const items = [...value.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/gi)];
  if (items.length === 0) return null;
  for (const [, name, args] of items.reverse()) {
    const n = numberList(args);
    let m: Matrix;
    switch (name.toLowerCase()) {
      case 'matrix':
        if (n.length < 6) return null;
        m = n.slice(0, 6) as Matrix;
        break;
      case 'translate':
        m = [1, 0, 0, 1, n[0] ?? 0, n[1] ?? 0];
        break;
      case 'scale':
        m = [n[0] ?? 1, 0, 0, n[1] ?? n[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const r = ((n[0] ?? 0) * Math.PI) / 180;
        const [cx, cy] = [n[1] ?? 0, n[2] ?? 0];
        const cos = Math.cos(r);
        const sin = Math.sin(r);
        m = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
        break;
      }
      case 'skewx':
        m = [1, 0, Math.tan(((n[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      default:
        m = [1, Math.tan(((n[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
    }
    result = multiply(result, m);
  }
  return result;
}

function declarations(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of source.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) out[part.slice(0, colon).trim().toLowerCase()] = part.slice(colon + 1).replace(/!important/i, '').trim();
  }
  return out;
}

interface Rule {
  tag?: string;
  id?: string;
  classes: string[];
  style: Record<string, string>;
}

/** The simple rules (tag, .class, tag.class, #id) of CSS text; other selectors are left out. */
export function parseCss(css: string): Rule[] {
  const rules: Rule[] = [];
  for (const [, selectors, body] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const style = declarations(body);
    for (const selector of selectors.split(',').map((s) => s.trim())) {
      const match = /^([a-z][\w-]*|\*)?(#[\w-]+)?((?:\.[\w-]+)*)$/i.exec(selector);
      if (!match || !selector) continue;
      rules.push({ tag: match[1] && match[1] !== '*' ? match[1].toLowerCase() : undefined, id: match[2]?.slice(1), classes: match[3].split('.').filter(Boolean), style });
    }
  }
  return rules;
}

/** The CSS text of every <style> element of an SVG or XHTML source (the parser leaves styles out). */
export function styleSheets(source: string): string {
  return [...source.matchAll(/<(?:[\w-]+:)?style[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?style>/gi)].map((m) => m[1].replace(/<!\[CDATA\[|\]\]>/g, '')).join('\n');
}

const PROPERTIES = [
  'fill', 'stroke', 'stroke-width', 'fill-opacity', 'stroke-opacity', 'opacity', 'font-size', 'font-weight', 'font-style',
  'text-anchor', 'display', 'visibility', 'color', 'clip-path', 'stop-color', 'stop-opacity', 'fill-rule',
];

/** The element's own declared properties: presentation attributes, then matching rules, then its style attribute. */
export function ownStyle(element: HtmlElement, rules: Rule[]): Record<string, string> {
  const style: Record<string, string> = {};
  for (const name of PROPERTIES) if (element.attrs[name] !== undefined) style[name] = element.attrs[name];
  const classes = (element.attrs.class ?? '').split(/\s+/).filter(Boolean);
  for (const rule of rules) {
    if (rule.tag && rule.tag !== element.tag) continue;
    if (rule.id && rule.id !== element.attrs.id) continue;
    if (!rule.classes.every((c) => classes.includes(c))) continue;
    Object.assign(style, rule.style);
  }
  if (element.attrs.style) Object.assign(style, declarations(element.attrs.style));
  return style;
}
