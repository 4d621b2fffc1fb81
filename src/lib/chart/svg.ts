/**
 * The chart as an SVG file: Chart.js draws through svgcanvas, a canvas 2D
 * context that records each drawing call as SVG elements. It needs a DOM
 * document (the page's) and a real 2D context to measure text.
 */
import { Context } from 'svgcanvas/dist/svgcanvas.esm.js';
import type { ChartData, ChartType } from '../chart-data';
import type { ChartLabels } from './config';
import { CHART_HEIGHT, CHART_WIDTH } from './size';
import { drawChart } from './render';

export interface SvgEnvironment {
  document: Document;
  /** Measures text as the browser would draw it; by default a 2D context of a new canvas of `document`. */
  measure?: unknown;
}

export function renderSvg(data: ChartData, type: ChartType, labels: ChartLabels = {}, env: SvgEnvironment = { document }): string {
  const measure = env.measure ?? env.document.createElement('canvas').getContext('2d');
  const context = new Context({ width: CHART_WIDTH, height: CHART_HEIGHT, document: env.document, ctx: measure });
  // svgcanvas writes NaN coordinates for an arc of radius 0, which Chart.js draws at a pie's centre;
  // on a canvas such an arc only adds a line to its centre, so that is drawn instead.
  const arc = context.arc.bind(context);
  context.arc = (x, y, radius, start, end, anticlockwise) => (radius > 0 ? arc(x, y, radius, start, end, anticlockwise) : context.lineTo(x, y));
  // Chart.js asks its target for a 2D context; the SVG context is its own.
  const target = Object.assign(context, { getContext: () => context });
  const chart = drawChart(target, data, type, labels);
  try {
    return `<?xml version="1.0" encoding="UTF-8"?>\n${withViewBox(dedupeRootAttributes(context.getSerializedSvg(true)))}`;
  } finally {
    chart.destroy();
  }
}

/** Some serializers write the root's xmlns:xlink twice (once per way svgcanvas sets it), which is not well-formed XML. */
export function dedupeRootAttributes(svg: string): string {
  const end = svg.indexOf('>');
  const seen = new Set<string>();
  const head = svg.slice(0, end).replace(/\s([\w:-]+)="[^"]*"/g, (attribute, name: string) => (seen.has(name) ? '' : (seen.add(name), attribute)));
  return head + svg.slice(end);
}

/** A viewBox lets the SVG scale to any size. */
function withViewBox(svg: string): string {
  return svg.replace('<svg ', `<svg viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" `);
}
