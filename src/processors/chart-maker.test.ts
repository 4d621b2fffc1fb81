import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { describe, expect, it, vi } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { ToolError } from '../lib/errors';
import { PALETTE } from '../lib/chart/config';
import { CHART_HEIGHT, CHART_WIDTH } from '../lib/chart/size';
import chartMaker from './chart-maker';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const SAMPLE = String(toolBySlug('chart-maker')!.options.find((f) => f.name === 'data')!.default);
type Image = ReturnType<typeof decodeRgba>;

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/** Whether the pixel is (nearly) this palette colour; anti-aliased edges are not. */
function is(image: Image, x: number, y: number, hex: string): boolean {
  const i = (y * image.width + x) * 4;
  return rgb(hex).every((v, k) => Math.abs(image.data[i + k] - v) <= 2);
}

/** Runs of a colour along row y: [start, end) pairs. */
function runs(image: Image, y: number, hex: string): [number, number][] {
  const found: [number, number][] = [];
  for (let x = 0; x < image.width; x++) {
    if (!is(image, x, y, hex)) continue;
    const start = x;
    while (x < image.width && is(image, x, y, hex)) x++;
    found.push([start, x]);
  }
  return found;
}

/** Height of the unbroken run of the colour through (x, y), such as a bar's. */
function columnHeight(image: Image, x: number, hex: string, y: number): number {
  let top = y;
  let bottom = y;
  while (top > 0 && is(image, x, top - 1, hex)) top--;
  while (bottom < image.height - 1 && is(image, x, bottom + 1, hex)) bottom++;
  return bottom - top + 1;
}

function count(image: Image, hex: string, x0 = 0, y0 = 0, x1 = image.width, y1 = image.height): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (is(image, x, y, hex)) n++;
  return n;
}

/** The lowest row holding the colour: the bottom of the bars. */
function lowestRow(image: Image, hex: string): number {
  for (let y = image.height - 1; y >= 0; y--) for (let x = 0; x < image.width; x++) if (is(image, x, y, hex)) return y;
  return -1;
}

async function render(data: string, chartType: 'bar' | 'line' | 'pie', labels: { title?: string } = {}) {
  const [out] = await chartMaker.run([], chartMaker.options.parse({ data, chartType, ...labels }), ctx());
  expect(out.type).toBe('image/png');
  const image = decodeRgba(out.bytes);
  expect([image.width, image.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
  return { out, image };
}

describe('chart-maker', () => {
  it('draws the two-series sample as grouped bars, one per row and series, as tall as their values', async () => {
    const { out, image } = await render(SAMPLE, 'bar');
    expect(out.meta).toEqual({ chartType: 'bar', width: CHART_WIDTH, height: CHART_HEIGHT });
    const row = lowestRow(image, PALETTE[0]) - 3;
    const sales = runs(image, row, PALETTE[0]);
    const expenses = runs(image, row, PALETTE[1]);
    expect([sales.length, expenses.length]).toEqual([6, 6]);
    // Grouped: each Sales bar is followed by its Expenses bar before the next month.
    sales.forEach(([, end], i) => {
      expect(expenses[i][0]).toBeGreaterThanOrEqual(end);
      if (i < 5) expect(expenses[i][1]).toBeLessThanOrEqual(sales[i + 1][0]);
    });
    const values = [
      [1200, 1500, 1700, 1400, 1900, 2100],
      [900, 1100, 1250, 1000, 1300, 1450],
    ];
    [sales, expenses].forEach((bars, j) => {
      const heights = bars.map(([start, end]) => columnHeight(image, Math.floor((start + end) / 2), PALETTE[j], row));
      heights.forEach((h, i) => expect(h / heights[0]).toBeCloseTo(values[j][i] / values[j][0], 1));
    });
  });

  it('draws a line chart: thin lines rising with the data, no filled bars', async () => {
    const { image } = await render('Day,Visits\nMon,10\nTue,30\nWed,50', 'line');
    const colour = PALETTE[0];
    const plotTop = (x0: number, x1: number) => {
      for (let y = 80; y < image.height; y++) for (let x = x0; x < x1; x++) if (is(image, x, y, colour)) return y;
      return image.height;
    };
    // The line climbs from left to right (smaller y is higher).
    expect(plotTop(100, 300)).toBeGreaterThan(plotTop(400, 560));
    expect(plotTop(400, 560)).toBeGreaterThan(plotTop(700, 940));
    const bottom = lowestRow(image, colour);
    expect(runs(image, bottom - 3, colour).every(([start, end]) => end - start < 12)).toBe(true);
  });

  it('draws a pie of the first series with slices in proportion', async () => {
    const { image } = await render('Fruit,Count,Other\nApples,1,9\nPears,3,9', 'pie');
    const apples = count(image, PALETTE[0]);
    const pears = count(image, PALETTE[1]);
    expect(pears / apples).toBeGreaterThan(2.8);
    expect(pears / apples).toBeLessThan(3.2);
    expect(count(image, PALETTE[2])).toBe(0);
  });

  it('draws the title above the chart when one is given', async () => {
    const dark = (image: Image) => {
      let n = 0;
      for (let y = 0; y < 50; y++) for (let x = 0; x < image.width; x++) if ([0, 1, 2].every((k) => image.data[(y * image.width + x) * 4 + k] < 120)) n++;
      return n;
    };
    expect(dark((await render('Fruit,Count\nApples,1\nPears,3', 'pie')).image)).toBe(0);
    expect(dark((await render('Fruit,Count\nApples,1\nPears,3', 'pie', { title: 'Fruit sold' })).image)).toBeGreaterThan(100);
  });

  it('draws negative bars below the zero line', async () => {
    const { image } = await render('L,V\nA,-50\nB,100', 'bar');
    const colour = PALETTE[0];
    const low = lowestRow(image, colour) - 2;
    // Near the bottom only the negative bar (A, on the left) is present.
    const [neg, ...others] = runs(image, low, colour);
    expect(others).toEqual([]);
    expect(neg[1]).toBeLessThan(CHART_WIDTH / 2);
    let high = 80;
    while (runs(image, high, colour).length === 0) high++;
    const [pos] = runs(image, high + 2, colour);
    expect(pos[0]).toBeGreaterThan(CHART_WIDTH / 2);
    const ratio = columnHeight(image, Math.floor((pos[0] + pos[1]) / 2), colour, high + 2) / columnHeight(image, Math.floor((neg[0] + neg[1]) / 2), colour, low);
    expect(ratio).toBeCloseTo(2, 1);
  });

  it('reads tab-separated data', async () => {
    const { image } = await render('Month\tA\tB\nJan\t1\t2\nFeb\t3\t4', 'bar');
    const row = lowestRow(image, PALETTE[0]) - 3;
    expect([runs(image, row, PALETTE[0]).length, runs(image, row, PALETTE[1]).length]).toEqual([2, 2]);
  });

  it('refuses blank and malformed data with the specific message', async () => {
    const run = (data: string, chartType: 'bar' | 'pie') => chartMaker.run([], { data, chartType }, ctx());
    await expect(run('  ', 'bar')).rejects.toThrow(new ToolError('Please enter chart data.'));
    await expect(run('M,S\nJan,abc', 'bar')).rejects.toThrow('Row 2, column 2 (S): "abc" is not a number. Please use plain numbers such as 1200 or 12.5.');
    await expect(run('M,S\nJan,-1', 'pie')).rejects.toBeInstanceOf(ToolError);
  });

  it('stops when cancelled', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(chartMaker.run([], { data: SAMPLE, chartType: 'bar' }, { signal: ac.signal, onProgress: vi.fn() })).rejects.toThrow('Cancelled');
  });
});
