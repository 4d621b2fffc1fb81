/**
 * The Chart.js configuration of a chart: the same one draws the live preview
 * on the page, the PNG in the worker (OffscreenCanvas) and the SVG (through
 * an SVG drawing context), so the three look alike. Only the controllers,
 * elements, scales and plugins used here are registered, so the rest of
 * Chart.js is left out of the bundle.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  BasicPlatform,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Title,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';
import type { ChartData, ChartType } from '../chart-data';

Chart.register(BarController, LineController, PieController, BarElement, LineElement, PointElement, ArcElement, CategoryScale, LinearScale, Legend, Title);

export { Chart };

export const PALETTE = ['#2563eb', '#f97316', '#16a34a', '#dc2626', '#9333ea', '#0891b2', '#ca8a04', '#db2777', '#4b5563', '#65a30d', '#7c3aed', '#0d9488'];
const TEXT = '#1f2937';
const FONT_FAMILY = '"DejaVu Sans", Arial, Helvetica, sans-serif';

export interface ChartLabels {
  /** Shown above the chart; none when blank. */
  title?: string;
  /** Under the category axis; by default the header of the label column. */
  xLabel?: string;
  /** Beside the value axis; by default the series name when there is only one. */
  yLabel?: string;
}

const colour = (i: number) => PALETTE[i % PALETTE.length];

/** Paints the background white: Chart.js leaves it transparent, which looks black in some viewers. */
const whiteBackground: Plugin = {
  id: 'filedeskBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** A chart drawn once at its final size: no animation, no resizing, no events, one device pixel per pixel. */
export function chartConfig(data: ChartData, type: ChartType, labels: ChartLabels = {}): ChartConfiguration {
  const title = labels.title?.trim() ?? '';
  const xLabel = (labels.xLabel ?? data.labelHeading).trim();
  const yLabel = (labels.yLabel ?? (data.series.length === 1 ? data.series[0] : '')).trim();
  const common = {
    animation: false as const,
    responsive: false,
    devicePixelRatio: 1,
    events: [],
    font: { family: FONT_FAMILY, size: 14 },
    color: TEXT,
    layout: { padding: 16 },
  };
  const titlePlugin = { display: title !== '', text: title, color: TEXT, font: { size: 20, weight: 'bold' as const } };
  if (type === 'pie') {
    return {
      type: 'pie',
      platform: BasicPlatform,
      data: {
        labels: data.labels,
        datasets: [{ label: data.series[0], data: data.values.map((row) => row[0]), backgroundColor: data.labels.map((_, i) => colour(i)), borderColor: '#ffffff', borderWidth: 2 }],
      },
      options: { ...common, plugins: { title: titlePlugin, legend: { position: 'right', labels: { color: TEXT } } } },
      plugins: [whiteBackground],
    };
  }
  const axisTitle = (text: string) => ({ display: text !== '', text, color: TEXT, font: { size: 15, weight: 'bold' as const } });
  return {
    type,
    platform: BasicPlatform,
    data: {
      labels: data.labels,
      datasets: data.series.map((name, j) => ({
        label: name,
        data: data.values.map((row) => row[j]),
        backgroundColor: colour(j),
        borderColor: colour(j),
        ...(type === 'line' ? { borderWidth: 3, pointRadius: 4, pointBackgroundColor: colour(j), tension: 0 } : { borderWidth: 0 }),
      })),
    },
    options: {
      ...common,
      scales: {
        x: { offset: true, title: axisTitle(xLabel), ticks: { color: TEXT, autoSkip: true, maxRotation: 45 }, grid: { display: false } },
        y: { beginAtZero: true, title: axisTitle(yLabel), ticks: { color: TEXT }, grid: { color: '#e5e7eb' } },
      },
      plugins: { title: titlePlugin, legend: { position: 'top', labels: { color: TEXT } } },
    },
    plugins: [whiteBackground],
  } as ChartConfiguration;
}
