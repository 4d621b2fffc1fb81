/**
 * Chart Maker: typed data and a chart type, a live preview drawn on the page
 * with the same code the worker uses for the PNG, then Create Chart (the
 * engine's run: the simulation in demo mode, else the chart-maker processor).
 */
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { notify } from '../engine/notify';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { checkPieData, isChartType, parseChartData, type ChartData, type ChartType } from '../lib/chart-data';
import { CHART_HEIGHT, CHART_WIDTH } from '../lib/chart/size';
import { downloadBlob } from '../lib/download';
import { isToolError } from '../lib/errors';
import { t } from '../lib/i18n/messages';

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
  const page = useToolPage(manifest, {
    // Blank data is the field's own rule, checked before this; bad data is explained here.
    beforeRun: () => {
      if (parsed && !parsed.ok) {
        notify.error(parsed.message);
        return null;
      }
      drawn.current = { text, type };
      return {};
    },
  });
  const { run, form } = page;
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = String(form.watch('data') ?? '');
  const typeValue = form.watch('chartType');
  const type: ChartType = isChartType(typeValue) ? typeValue : 'bar';
  const parsed = useMemo(() => parse(text, type), [text, type]);
  const { setFiles } = run;
  const hasResult = run.results.length > 0;

  // Chart.js is loaded with the first preview, not with the site.
  useEffect(() => {
    if (!parsed?.ok) return;
    let live = true;
    let release = () => {};
    void import('../lib/chart/preview').then(({ drawPreview }) => {
      if (live && canvas.current) release = drawPreview(canvas.current, parsed.data, type);
    });
    return () => {
      live = false;
      release();
    };
  }, [parsed, type]);

  async function downloadSvg() {
    const result = run.results[0];
    if (!result || !parsed?.ok) return notify.error(manifest.messages.downloadFirst);
    const { chartSvgBlob } = await import('../lib/chart/preview');
    downloadBlob(chartSvgBlob(parsed.data, type), result.name.replace(/\.png$/i, '') + '.svg');
  }

  // A result made from other data is stale: editing clears it, as choosing new files does elsewhere.
  const drawn = useRef({ text, type });
  useEffect(() => {
    if (drawn.current.text === text && drawn.current.type === type) return;
    drawn.current = { text, type };
    if (hasResult) setFiles([]);
  }, [text, type, hasResult, setFiles]);

  return (
    <ToolFrame
      page={page}
      afterOptions={
        <Card>
          <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
            <Heading as="h2" size="3">
              {t('views.chartMaker.preview')}
            </Heading>
            <Button type="button" variant="soft" onClick={() => run.download(run.results[0])}>
              <Download size={16} aria-hidden="true" /> {t('views.chartMaker.downloadChart')}
            </Button>
            {run.real && (
              <Button type="button" variant="soft" onClick={() => void downloadSvg()}>
                <Download size={16} aria-hidden="true" /> {t('views.chartMaker.downloadSvg')}
              </Button>
            )}
          </Flex>
          {parsed?.ok ? (
            <canvas
              ref={canvas}
              width={CHART_WIDTH}
              height={CHART_HEIGHT}
              style={{ width: '100%', height: 'auto', display: 'block' }}
              role="img"
              aria-label={t('views.chartMaker.previewLabel', { type, series: parsed.data.series.join(', ') })}
              data-testid="chart-preview"
            />
          ) : (
            <Text as="p" size="2" color={parsed ? 'red' : 'gray'} role="status" data-testid="chart-preview-message">
              {parsed ? parsed.message : t('views.chartMaker.noData')}
            </Text>
          )}
        </Card>
      }
    />
  );
}
