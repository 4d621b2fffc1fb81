/**
 * Chart Maker: typed data and a chart type, a live preview drawn on the page
 * with the same code the worker uses for the PNG, then Create Chart (the
 * engine's run: the simulation in demo mode, else the chart-maker processor).
 */
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { OptionsForm, useToolOptions } from '../engine/OptionsForm';
import { notify } from '../engine/notify';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { checkPieData, isChartType, parseChartData, type ChartData, type ChartType } from '../lib/chart-data';
import { CHART_HEIGHT, CHART_WIDTH, drawChart } from '../lib/chart-draw';
import { isToolError } from '../lib/errors';

type Parsed = { ok: true; data: ChartData } | { ok: false; message: string } | null;

/** The data as a chart of this type, or the message saying what is wrong; null for blank data. */
function parse(text: string, type: ChartType): Parsed {
  if (text.trim() === '') return null;
  try {
    const data = parseChartData(text);
    if (type === 'pie') checkPieData(data);
    return { ok: true, data };
  } catch (error) {
    return { ok: false, message: isToolError(error) ? error.message : String(error) };
  }
}

export default function ChartMaker({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = String(form.watch('data') ?? '');
  const typeValue = form.watch('chartType');
  const type: ChartType = isChartType(typeValue) ? typeValue : 'bar';
  const parsed = useMemo(() => parse(text, type), [text, type]);
  const { setFiles } = run;
  const hasResult = run.results.length > 0;

  useEffect(() => {
    const context = parsed?.ok ? canvas.current?.getContext('2d') : null;
    if (context && parsed?.ok) drawChart(context, parsed.data, type);
  }, [parsed, type]);

  // A result made from other data is stale: editing clears it, as choosing new files does elsewhere.
  const drawn = useRef({ text, type });
  useEffect(() => {
    if (drawn.current.text === text && drawn.current.type === type) return;
    drawn.current = { text, type };
    if (hasResult) setFiles([]);
  }, [text, type, hasResult, setFiles]);

  function create() {
    const values = form.getValues();
    // Blank data is the manifest's own rule, checked by run(); bad data is explained here first.
    if (parsed && !parsed.ok) return notify.error(parsed.message);
    drawn.current = { text, type };
    void run.run(values);
  }

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <div className="tool-work">
        <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />
        <Card>
          <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
            <Heading as="h2" size="3">
              Preview
            </Heading>
            <Button type="button" variant="soft" onClick={() => run.download(run.results[0])}>
              <Download size={16} aria-hidden="true" /> Download Chart
            </Button>
          </Flex>
          {parsed?.ok ? (
            <canvas
              ref={canvas}
              width={CHART_WIDTH}
              height={CHART_HEIGHT}
              style={{ width: '100%', height: 'auto', display: 'block' }}
              role="img"
              aria-label={`${type} chart preview of ${parsed.data.series.join(', ')}`}
              data-testid="chart-preview"
            />
          ) : (
            <Text as="p" size="2" color={parsed ? 'red' : 'gray'} role="status" data-testid="chart-preview-message">
              {parsed ? parsed.message : 'Type some data to see the chart.'}
            </Text>
          )}
        </Card>
        <RunControls
          manifest={manifest}
          running={run.running}
          disabled={false}
          progress={run.progress}
          onCancel={run.cancel}
          onClick={create}
        />
      </div>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
