// @vitest-environment jsdom
import { createCanvas, DOMMatrix, DOMPoint } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { parseChartData } from '../chart-data';
import { PALETTE } from './config';
import { dedupeRootAttributes, renderSvg } from './svg';

// jsdom lacks the geometry classes and 2D text measuring svgcanvas relies on; browsers have them.
Object.assign(globalThis, { DOMMatrix, DOMPoint });
const measure = createCanvas(10, 10).getContext('2d');
const SAMPLE = 'Month,Sales,Expenses\nJan,1200,900\nFeb,1500,1100\nMar,1700,1250';

function parse(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}

/** Bounding box of a path made of M/L commands (the rectangles Chart.js draws for bars). */
function box(d: string) {
  const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

const filled = (doc: Document, colour: string) => Array.from(doc.querySelectorAll(`path[fill="${colour}"]`));

describe('renderSvg', () => {
  it('writes a well-formed SVG with one rectangle per bar, as tall as its value, plus the legend swatch', () => {
    const svg = renderSvg(parseChartData(SAMPLE), 'bar', { title: 'Sales & costs' }, { document, measure });
    expect(svg).not.toContain('NaN');
    const doc = parse(svg);
    const root = doc.documentElement;
    expect([root.getAttribute('width'), root.getAttribute('height'), root.getAttribute('viewBox')]).toEqual(['960', '600', '0 0 960 600']);
    expect(root.textContent).toContain('Sales & costs');
    expect(root.textContent).toContain('Month');
    const values = [
      [1200, 1500, 1700],
      [900, 1100, 1250],
    ];
    values.forEach((series, j) => {
      const bars = filled(doc, PALETTE[j]).map((p) => box(p.getAttribute('d')!));
      // The legend swatch is the small one; the rest are the bars.
      const tall = bars.filter((b) => b.height > 20);
      expect(bars.length - tall.length).toBe(1);
      expect(tall.length).toBe(3);
      tall.forEach((b, i) => expect(b.height / tall[0].height).toBeCloseTo(series[i] / series[0], 2));
    });
  });

  it('draws a pie as one slice path per row, without NaN coordinates', () => {
    const svg = renderSvg(parseChartData(SAMPLE), 'pie', {}, { document, measure });
    expect(svg).not.toContain('NaN');
    const doc = parse(svg);
    for (let i = 0; i < 3; i++) {
      // The slice and its legend swatch.
      expect(filled(doc, PALETTE[i]).length).toBe(2);
      expect(filled(doc, PALETTE[i]).some((p) => / A /.test(p.getAttribute('d')!))).toBe(true);
    }
    expect(filled(doc, PALETTE[3])).toEqual([]);
  });

  it('draws a line chart as stroked paths in the series colours', () => {
    const doc = parse(renderSvg(parseChartData(SAMPLE), 'line', {}, { document, measure }));
    for (let j = 0; j < 2; j++) expect(doc.querySelectorAll(`path[stroke="${PALETTE[j]}"]`).length).toBeGreaterThan(0);
  });

  it('keeps one copy of each root attribute', () => {
    expect(dedupeRootAttributes('<svg a="1" b="2" a="1"><g a="3"/></svg>')).toBe('<svg a="1" b="2"><g a="3"/></svg>');
  });
});
