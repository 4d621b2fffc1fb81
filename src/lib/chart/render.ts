/**
 * Draws a chart with Chart.js on a canvas-like target: a page canvas, an
 * OffscreenCanvas in the worker, or an SVG drawing context.
 */
import type { ChartData, ChartType } from '../chart-data';
import { Chart, chartConfig, type ChartLabels } from './config';
import { CHART_HEIGHT, CHART_WIDTH } from './size';

/** Anything Chart.js can draw on with its basic (DOM-free) platform. */
export interface ChartTarget {
  width: number;
  height: number;
  getContext(kind: '2d'): unknown;
}

/** Draws the chart on the target and returns the Chart.js instance (destroy it when done). */
export function drawChart(target: ChartTarget, data: ChartData, type: ChartType, labels: ChartLabels = {}): Chart {
  // Chart.js sizes a canvas from its own attributes when it is not responsive.
  if (target.width !== CHART_WIDTH) target.width = CHART_WIDTH;
  if (target.height !== CHART_HEIGHT) target.height = CHART_HEIGHT;
  return new Chart(target as unknown as HTMLCanvasElement, chartConfig(data, type, labels));
}

/** The chart as PNG bytes, drawn on an OffscreenCanvas (worker or page). */
export async function renderPng(data: ChartData, type: ChartType, labels: ChartLabels = {}): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(CHART_WIDTH, CHART_HEIGHT);
  const chart = drawChart(canvas, data, type, labels);
  try {
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    chart.destroy();
  }
}
