/**
 * What the Chart Maker page draws itself, loaded on demand so Chart.js stays
 * out of the home page's bundle: the live preview on a page canvas and the
 * SVG download (which needs the page's DOM).
 */
import type { ChartData, ChartType } from '../chart-data';
import type { ChartLabels } from './config';
import { drawChart } from './render';
import { renderSvg } from './svg';

/** Draws the chart on a page canvas; returns the function that releases it. */
export function drawPreview(canvas: HTMLCanvasElement, data: ChartData, type: ChartType, labels: ChartLabels = {}): () => void {
  // A canvas without a 2D context (very old browsers, jsdom) shows nothing rather than failing.
  if (!canvas.getContext('2d')) return () => {};
  const chart = drawChart(canvas, data, type, labels);
  return () => chart.destroy();
}

/** The chart as an SVG file. */
export function chartSvgBlob(data: ChartData, type: ChartType, labels: ChartLabels = {}): Blob {
  return new Blob([renderSvg(data, type, labels, { document })], { type: 'image/svg+xml' });
}
