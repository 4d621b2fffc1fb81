/**
 * Split PDF: by page ranges ("1-3, 4-6, 7") or every N pages, against the
 * page count (real, or a random mock count in demo mode). A split with no
 * valid part is stopped with the Warning before anything runs.
 */
import { Button, Text } from '@radix-ui/themes';
import { Download } from 'lucide-react';
import type { FormEvent } from 'react';
import { useDemoMode } from '../engine/demo-mode';
import { DropZone } from '../engine/DropZone';
import { FileList } from '../engine/FileList';
import { notify } from '../engine/notify';
import { firstErrorMessage, OptionsForm, useResetOnFiles, useToolOptions } from '../engine/OptionsForm';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { planSimulation } from '../engine/simulate';
import { canRun, ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { planSplit, type PageRange } from '../lib/page-ranges';
import { PageStrip } from './shared/PageStrip';
import { pageCountText } from './shared/FileRow';
import { useEveryN } from './shared/useEveryN';
import { usePageCount } from './shared/usePageCount';

/** Mock page count drawn on choosing a file in demo mode (specification section 4). */
const DEMO_PAGES = { min: 5, max: 24 };
/** Split results list maximum height (specification section 9). */
const RESULTS_MAX_HEIGHT = 400;

export default function SplitPdfView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  useResetOnFiles(manifest, form, run.files);
  const real = !useDemoMode() && !!manifest.processor;
  const pdf = usePageCount(run, real, DEMO_PAGES);
  const { pageCount } = pdf;
  const values = form.watch();
  const everyN = useEveryN(form, pageCount);
  const { messages } = manifest;

  const split = (options: Record<string, unknown>) => {
    if (pageCount === null) return;
    const plan = planSplit(pageCount, options);
    if (!plan.ok) {
      if (plan.problem === 'blank') notify.error(messages.rangesBlank);
      else notify.warning(messages.noValidParts, messages.noValidPartsTitle, true);
      return;
    }
    void run.run(options as never, real ? {} : { plan: demoPlan(plan.parts, pageCount, options) });
  };
  /** One placeholder per planned part, sized by its share of the pages. */
  const demoPlan = (parts: PageRange[], pages: number, options: Record<string, unknown>) => {
    const whole = planSimulation(manifest, run.files, options as never);
    const size = whole.parts[0]?.size ?? 0;
    const inputSize = run.files[0].size;
    return {
      delay: whole.delay,
      parts: parts.map((p, i) => {
        const share = (p.end - p.start + 1) / pages;
        return { originalName: run.files[0].name, size: size * share, n: i + 1, inputSize: inputSize * share };
      }),
    };
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (run.files.length === 0) return void run.run({});
    void form.handleSubmit(split, (errors) => notify.error(firstErrorMessage(manifest, errors as never)))();
  };

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
        <FileList files={run.files} onChange={run.setFiles} disabled={run.running} />
        {pageCount !== null && (
          <Text as="p" className="pdfv-aside" data-testid="page-count">
            This PDF has {pageCountText(pageCount)}
            {pdf.mock ? ' (demo: a made-up count)' : ''}.
          </Text>
        )}
        {pdf.error && <p className="pdfv-inline-error">{pdf.error}</p>}
        {pdf.doc && pageCount !== null && <PageStrip doc={pdf.doc} pageCount={pageCount} />}
        {run.files.length > 0 && (
          <div onBlur={everyN.normalize}>
            <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />
          </div>
        )}
        {values.method === 'every' && everyN.fileCount !== null && (
          <Text as="p" className="pdfv-aside" data-testid="file-count" aria-live="polite">
            This will create {everyN.fileCount} file{everyN.fileCount === 1 ? '' : 's'}.
          </Text>
        )}
        <RunControls
          manifest={manifest}
          running={run.running}
          disabled={!canRun(run, values) || pageCount === null}
          progress={run.progress}
          onCancel={run.cancel}
        />
        {run.files.length > 0 && run.results.length < 2 && (
          <Button type="button" variant="soft" disabled={run.running} onClick={() => void run.downloadAll()}>
            <Download size={16} aria-hidden="true" /> Download All
          </Button>
        )}
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} maxHeight={RESULTS_MAX_HEIGHT} />
    </div>
  );
}
