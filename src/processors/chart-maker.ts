/**
 * Chart Maker: chart data (CSV or TSV) to a PNG bar, line or pie chart drawn
 * by Chart.js on an OffscreenCanvas in the worker. The page draws the live
 * preview and the SVG with the same configuration (src/lib/chart).
 *
 * Options (manifests/image/chart-maker.json):
 *   data: string                      header row of series names, then one row per label
 *   chartType: 'bar' | 'line' | 'pie'  default 'bar'
 *   title, xLabel, yLabel: string     optional; the axes default to the label column's header and a lone series' name
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { CHART_TYPES, checkPieData, parseChartData } from '../lib/chart-data';
import { CHART_HEIGHT, CHART_WIDTH } from '../lib/chart/size';
import { renderPng } from '../lib/chart/render';
import { throwIfAborted, ToolError } from '../lib/errors';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({
  data: z.string(),
  chartType: z.enum(CHART_TYPES),
  title: z.string().optional(),
  xLabel: z.string().optional(),
  yLabel: z.string().optional(),
});

export default defineProcessor(options, async (_inputs, { data: text, chartType, title, xLabel, yLabel }, ctx) => {
  if (text.trim() === '') throw new ToolError(runText('processors.chartMaker.noData'));
  const data = parseChartData(text);
  if (chartType === 'pie') checkPieData(data);
  throwIfAborted(ctx.signal);
  ctx.onProgress(0, 1);
  const bytes = await renderPng(data, chartType, { title, xLabel, yLabel });
  throwIfAborted(ctx.signal);
  ctx.onProgress(1, 1);
  return [{ bytes, type: 'image/png', meta: { chartType, width: CHART_WIDTH, height: CHART_HEIGHT } }];
});
