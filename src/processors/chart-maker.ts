/**
 * Chart Maker: typed chart data to a PNG bar, line or pie chart, drawn on an
 * OffscreenCanvas in the worker.
 *
 * Options (manifests/image/chart-maker.json):
 *   data: string                     header row of series names, then one row per label
 *   chartType: 'bar' | 'line' | 'pie' default 'bar'
 */
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { checkPieData, isChartType, parseChartData } from '../lib/chart-data';
import { CHART_HEIGHT, CHART_WIDTH, drawChart } from '../lib/chart-draw';

const chartMaker: Processor = async (_inputs, options, ctx) => {
  const text = typeof options.data === 'string' ? options.data : '';
  if (text.trim() === '') throw new ToolError('Please enter chart data.');
  const type = isChartType(options.chartType) ? options.chartType : 'bar';
  const data = parseChartData(text);
  if (type === 'pie') checkPieData(data);
  throwIfAborted(ctx.signal);
  ctx.onProgress(0, 1);
  const canvas = new OffscreenCanvas(CHART_WIDTH, CHART_HEIGHT);
  const context = canvas.getContext('2d');
  if (!context) throw new ToolError('This browser cannot draw the chart. Please try another browser.');
  drawChart(context, data, type);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  throwIfAborted(ctx.signal);
  ctx.onProgress(1, 1);
  return [
    {
      bytes: new Uint8Array(await blob.arrayBuffer()),
      type: 'image/png',
      meta: { chartType: type, width: CHART_WIDTH, height: CHART_HEIGHT },
    },
  ];
};

export default chartMaker;
