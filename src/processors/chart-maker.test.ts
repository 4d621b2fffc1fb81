import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { describe, expect, it, vi } from 'vitest';
import { toolBySlug } from '../engine/catalogue';
import { ToolError } from '../lib/errors';
import { parseChartData } from '../lib/chart-data';
import { band, CHART_HEIGHT, CHART_WIDTH, PALETTE, pieSlices, plotArea, yOf } from '../lib/chart-draw';
import chartMaker from './chart-maker';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const SAMPLE = String(toolBySlug('chart-maker')!.options.find((f) => f.name === 'data')!.default);

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

function pixel(image: ReturnType<typeof decodeRgba>, x: number, y: number): number[] {
  const i = (Math.round(y) * image.width + Math.round(x)) * 4;
  return Array.from(image.data.slice(i, i + 3));
}

async function render(data: string, chartType: string) {
  const [out] = await chartMaker([], { data, chartType }, ctx());
  expect(out.type).toBe('image/png');
  const image = decodeRgba(out.bytes);
  expect([image.width, image.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
  return { out, image };
}

describe('chart-maker', () => {
  it('draws the default two-series sample as grouped bars in the series colours', async () => {
    const { out, image } = await render(SAMPLE, 'bar');
    expect(out.meta).toEqual({ chartType: 'bar', width: CHART_WIDTH, height: CHART_HEIGHT });
    const data = parseChartData(SAMPLE);
    const plot = plotArea(data, CHART_WIDTH, CHART_HEIGHT);
    const n = data.labels.length;
    data.values.forEach((row, i) => {
      const { x, width } = band(plot, i, n);
      const barWidth = (width * 0.8) / 2;
      row.forEach((value, j) => {
        const cx = x + width * 0.1 + j * barWidth + barWidth / 2;
        // Inside the bar, halfway up: the series colour.
        expect(pixel(image, cx, (yOf(plot, value) + yOf(plot, 0)) / 2)).toEqual(rgb(PALETTE[j]));
      });
      // Just above the taller bar: not a bar colour.
      const cx = x + width * 0.1 + barWidth / 2;
      expect(pixel(image, cx, yOf(plot, row[0]) - 4)).not.toEqual(rgb(PALETTE[0]));
    });
  });

  it('draws a line chart with a point per row', async () => {
    const { image } = await render('Day,Visits\nMon,10\nTue,30\nWed,20', 'line');
    const data = parseChartData('Day,Visits\nMon,10\nTue,30\nWed,20');
    const plot = plotArea(data, CHART_WIDTH, CHART_HEIGHT);
    data.values.forEach((row, i) => {
      const { x, width } = band(plot, i, 3);
      expect(pixel(image, x + width / 2, yOf(plot, row[0]))).toEqual(rgb(PALETTE[0]));
    });
    // The bar area under the first point stays white: this is not a bar chart.
    const { x, width } = band(plot, 0, 3);
    expect(pixel(image, x + width / 2, (yOf(plot, 10) + yOf(plot, 0)) / 2)).toEqual([255, 255, 255]);
  });

  it('draws a pie of the first series with slices in proportion', async () => {
    const text = 'Fruit,Count\nApples,1\nPears,3';
    const { image } = await render(text, 'pie');
    const { cx, cy, radius, slices } = pieSlices(parseChartData(text), CHART_WIDTH, CHART_HEIGHT);
    expect(slices.map((s) => s.share)).toEqual([0.25, 0.75]);
    const at = (angle: number) => pixel(image, cx + Math.cos(angle) * radius * 0.35, cy + Math.sin(angle) * radius * 0.35);
    // Apples take the quarter from 12 to 3 o'clock; Pears the rest.
    expect(at(-Math.PI / 4)).toEqual(rgb(PALETTE[0]));
    expect(at((3 * Math.PI) / 4)).toEqual(rgb(PALETTE[1]));
    expect(at(Math.PI / 4)).toEqual(rgb(PALETTE[1]));
    expect(pixel(image, cx + radius + 10, cy)).toEqual([255, 255, 255]);
  });

  it('handles negative values in a bar chart with a zero line inside the axis', async () => {
    const data = parseChartData('L,V\nA,-50\nB,100');
    const plot = plotArea(data, CHART_WIDTH, CHART_HEIGHT);
    expect(plot.min).toBeLessThan(0);
    expect(plot.ticks).toContain(0);
    const { image } = await render('L,V\nA,-50\nB,100', 'bar');
    const { x, width } = band(plot, 0, 2);
    expect(pixel(image, x + width / 2, (yOf(plot, -50) + yOf(plot, 0)) / 2)).toEqual(rgb(PALETTE[0]));
  });

  it('refuses blank and malformed data with the specific message', async () => {
    await expect(chartMaker([], { data: '  ', chartType: 'bar' }, ctx())).rejects.toThrow(new ToolError('Please enter chart data.'));
    await expect(chartMaker([], { data: 'M,S\nJan,abc', chartType: 'bar' }, ctx())).rejects.toThrow(
      'Row 2, column 2 (S): "abc" is not a number. Please use plain numbers such as 1200 or 12.5.',
    );
    await expect(chartMaker([], { data: 'M,S\nJan,-1', chartType: 'pie' }, ctx())).rejects.toBeInstanceOf(ToolError);
  });

  it('stops when cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(chartMaker([], { data: SAMPLE, chartType: 'bar' }, { signal: ac.signal, onProgress: vi.fn() })).rejects.toThrow('Cancelled');
  });
});
