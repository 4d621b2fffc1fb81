/**
 * Draws a bar, line or pie chart with plain 2D canvas calls, so the same code
 * paints the live preview on the page and the PNG in the worker
 * (OffscreenCanvas). No chart library: three chart types need little code.
 */
import type { ChartData, ChartType } from './chart-data';

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export const CHART_WIDTH = 960;
export const CHART_HEIGHT = 600;
export const PALETTE = ['#2563eb', '#f97316', '#16a34a', '#dc2626', '#9333ea', '#0891b2', '#ca8a04', '#db2777', '#4b5563', '#65a30d', '#7c3aed', '#0d9488'];
const FONT = '14px "DejaVu Sans", Arial, sans-serif';
const TEXT = '#1f2937';
const GRID = '#e5e7eb';

export interface Plot {
  left: number;
  top: number;
  right: number;
  bottom: number;
  min: number;
  max: number;
  ticks: number[];
}

/** A round step (1, 2 or 5 x 10^n) giving about `count` intervals over the range. */
export function niceStep(range: number, count = 5): number {
  if (!(range > 0)) return 1;
  const raw = range / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** The plot area and value axis of a bar or line chart; the axis always includes 0. */
export function plotArea(data: ChartData, width: number, height: number): Plot {
  const all = data.values.flat();
  const low = Math.min(0, ...all);
  const high = Math.max(0, ...all);
  const step = niceStep(high - low || 1);
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { left: 80, top: 60, right: width - 30, bottom: height - 60, min, max, ticks };
}

/** The y coordinate of a value on the plot's axis. */
export function yOf(plot: Plot, value: number): number {
  return plot.bottom - ((value - plot.min) / (plot.max - plot.min)) * (plot.bottom - plot.top);
}

/** The horizontal band of row i among n rows. */
export function band(plot: Plot, i: number, n: number): { x: number; width: number } {
  const width = (plot.right - plot.left) / n;
  return { x: plot.left + i * width, width };
}

function fitLabel(ctx: Context2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function drawLegend(ctx: Context2D, names: string[], width: number): void {
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const maxEach = Math.max(60, (width - 60) / names.length - 30);
  let x = 40;
  for (let i = 0; i < names.length; i++) {
    const label = fitLabel(ctx, names[i], maxEach);
    const next = x + 20 + ctx.measureText(label).width + 24;
    // Entries that no longer fit on the line are summed up rather than drawn off the picture.
    if (next > width - 20 && i < names.length - 1) {
      ctx.fillStyle = TEXT;
      ctx.fillText(`+${names.length - i} more`, x, 29);
      return;
    }
    ctx.fillStyle = PALETTE[i % PALETTE.length];
    ctx.fillRect(x, 22, 14, 14);
    ctx.fillStyle = TEXT;
    ctx.fillText(label, x + 20, 29);
    x = next;
  }
}

function drawAxes(ctx: Context2D, data: ChartData, plot: Plot): void {
  ctx.font = FONT;
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const tick of plot.ticks) {
    const y = Math.round(yOf(plot, tick)) + 0.5;
    ctx.strokeStyle = tick === 0 ? '#9ca3af' : GRID;
    ctx.beginPath();
    ctx.moveTo(plot.left, y);
    ctx.lineTo(plot.right, y);
    ctx.stroke();
    ctx.fillStyle = TEXT;
    ctx.fillText(tick.toLocaleString('en-US'), plot.left - 10, y);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const n = data.labels.length;
  const every = Math.ceil(n / 24);
  data.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    const { x, width } = band(plot, i, n);
    ctx.fillText(fitLabel(ctx, label, Math.max(width * every - 4, 20)), x + width / 2, plot.bottom + 10);
  });
}

function drawBars(ctx: Context2D, data: ChartData, plot: Plot): void {
  const n = data.labels.length;
  const s = data.series.length;
  const zero = yOf(plot, 0);
  data.values.forEach((row, i) => {
    const { x, width } = band(plot, i, n);
    const inner = width * 0.8;
    const barWidth = inner / s;
    row.forEach((value, j) => {
      const y = yOf(plot, value);
      ctx.fillStyle = PALETTE[j % PALETTE.length];
      ctx.fillRect(x + width * 0.1 + j * barWidth, Math.min(y, zero), Math.max(barWidth - 1, 1), Math.abs(zero - y));
    });
  });
}

function drawLines(ctx: Context2D, data: ChartData, plot: Plot): void {
  const n = data.labels.length;
  data.series.forEach((_, j) => {
    const colour = PALETTE[j % PALETTE.length];
    const points = data.values.map((row, i) => {
      const { x, width } = band(plot, i, n);
      return [x + width / 2, yOf(plot, row[j])] as const;
    });
    ctx.strokeStyle = colour;
    ctx.lineWidth = 3;
    ctx.beginPath();
    points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.stroke();
    ctx.fillStyle = colour;
    for (const [x, y] of points) {
      ctx.beginPath();
      ctx.arc(x, y, 4, 0, Math.PI * 2);
      ctx.fill();
    }
  });
}

/** Centre, radius and the [start, end) angle of each slice of a pie of the first series, starting at 12 o'clock. */
export function pieSlices(data: ChartData, width: number, height: number) {
  const total = data.values.reduce((sum, row) => sum + row[0], 0);
  const cx = width / 2;
  const cy = (height + 50) / 2;
  const radius = Math.min(width, height - 50) / 2 - 30;
  let angle = -Math.PI / 2;
  const slices = data.values.map((row) => {
    const start = angle;
    angle += (row[0] / total) * Math.PI * 2;
    return { start, end: angle, share: row[0] / total };
  });
  return { cx, cy, radius, slices };
}

function drawPie(ctx: Context2D, data: ChartData, width: number, height: number): void {
  const { cx, cy, radius, slices } = pieSlices(data, width, height);
  slices.forEach(({ start, end }, i) => {
    ctx.fillStyle = PALETTE[i % PALETTE.length];
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, radius, start, end);
    ctx.closePath();
    ctx.fill();
  });
  ctx.font = FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  slices.forEach(({ start, end, share }) => {
    if (share < 0.04) return;
    const middle = (start + end) / 2;
    ctx.fillText(`${Math.round(share * 100)}%`, cx + Math.cos(middle) * radius * 0.65, cy + Math.sin(middle) * radius * 0.65);
  });
}

/** Paints the whole chart (white background, legend, axes or pie) on a width x height context. */
export function drawChart(ctx: Context2D, data: ChartData, type: ChartType, width = CHART_WIDTH, height = CHART_HEIGHT): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  if (type === 'pie') {
    drawLegend(ctx, data.labels, width);
    drawPie(ctx, data, width, height);
    return;
  }
  drawLegend(ctx, data.series, width);
  const plot = plotArea(data, width, height);
  drawAxes(ctx, data, plot);
  if (type === 'bar') drawBars(ctx, data, plot);
  else drawLines(ctx, data, plot);
}
