/**
 * Split PDF: by page ranges ("1-3, 4-6, 7") or every N pages, against the
 * page count (real, or a random mock count in demo mode). A split with no
 * valid part is stopped with the Warning before anything runs.
 */
import { Button, Text } from '@radix-ui/themes';
import { Download } from 'lucide-react';
import { useRef } from 'react';
import type { OptionValues } from '../../schemas/manifest';
import { notify } from '../engine/notify';
import { OptionsForm } from '../engine/OptionsForm';
import { planSimulation } from '../engine/demo/simulate';
import { ToolFrame } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { t } from '../lib/i18n/messages';
import { planSplit, type PageRange } from '../lib/page-ranges';
import { PageStrip } from '../engine/pdf-pages/PageStrip';
import { useEveryN } from './split-pdf/useEveryN';
import { usePageCount } from './shared/usePageCount';
import { PdfProblem } from './shared/useShownPage';

/** Mock page count drawn on choosing a file in demo mode (specification section 4). */
const DEMO_PAGES = { min: 5, max: 24 };
/** Split results list maximum height (specification section 9). */
const RESULTS_MAX_HEIGHT = 400;

export default function SplitPdfView({ manifest }: ToolViewProps) {
  const { messages } = manifest;
  // The page count is needed before the run, and the page needs the run's files: a ref breaks the circle.
  const pages = useRef<number | null>(null);
  const page = useToolPage(manifest, {
    beforeRun: (options) => {
      const pageCount = pages.current;
      if (pageCount === null) return null;
      const plan = planSplit(pageCount, options);
      if (!plan.ok) {
        if (plan.problem === 'blank') notify.error(messages.rangesBlank);
        else notify.warning(messages.noValidParts, messages.noValidPartsTitle, true);
        return null;
      }
      return page.run.real ? {} : { plan: demoPlan(plan.parts, pageCount, options) };
    },
  });
  const { run, form, values } = page;
  const pdf = usePageCount(run, run.real, DEMO_PAGES);
  const { pageCount } = pdf;
  pages.current = pageCount;
  const everyN = useEveryN(form, pageCount);

  /** One placeholder per planned part, sized by its share of the pages. */
  const demoPlan = (parts: PageRange[], total: number, options: OptionValues) => {
    const whole = planSimulation(manifest, run.files, options);
    const size = whole.parts[0]?.size ?? 0;
    const inputSize = run.files[0].size;
    return {
      delay: whole.delay,
      parts: parts.map((p, i) => {
        const share = (p.end - p.start + 1) / total;
        return { originalName: run.files[0].name, size: size * share, n: i + 1, inputSize: inputSize * share };
      }),
    };
  };

  return (
    <ToolFrame
      page={page}
      blocked={pageCount === null}
      resultsMaxHeight={RESULTS_MAX_HEIGHT}
      afterInput={
        <>
          {pageCount !== null && (
            <Text as="p" className="pdfv-aside" data-testid="page-count">
              {t(pdf.mock ? 'pdf-views.split.pageCountDemo' : 'pdf-views.split.pageCount', { count: pageCount })}
            </Text>
          )}
          <PdfProblem error={pdf.error} />
          {pdf.doc && pageCount !== null && <PageStrip doc={pdf.doc} pageCount={pageCount} />}
        </>
      }
      options={
        run.files.length > 0 && (
          <div onBlur={everyN.normalize}>
            <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />
          </div>
        )
      }
      afterOptions={
        values.method === 'every' &&
        everyN.fileCount !== null && (
          <Text as="p" className="pdfv-aside" data-testid="file-count" aria-live="polite">
            {t('pdf-views.split.fileCount', { count: everyN.fileCount })}
          </Text>
        )
      }
      afterControls={
        run.files.length > 0 &&
        run.results.length < 2 && (
          <Button type="button" variant="soft" disabled={run.running} onClick={() => void run.downloadAll()}>
            <Download size={16} aria-hidden="true" /> {t('pdf-views.split.downloadAll')}
          </Button>
        )
      }
    />
  );
}
