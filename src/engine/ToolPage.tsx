/**
 * The generic tool page: renders any manifest. Bespoke views reuse its parts
 * (ToolHeader, DropZone, FileList, OptionsForm, RunControls, ResultList) and
 * the same useToolRun state machine.
 */
import { Badge, Callout, Heading, Text } from '@radix-ui/themes';
import { Info, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useCallback, type FormEvent } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { useDemoMode } from './demo-mode';
import { DropZone } from './DropZone';
import { FileList } from './FileList';
import { firstErrorMessage, OptionsForm, useResetOnFiles, useToolOptions, type FormValues } from './OptionsForm';
import { holds } from './rules';
import { notify } from './notify';
import { ResultList } from './ResultList';
import { RunControls } from './RunControls';
import { ToolIcon } from './ToolIcon';
import { useToolRun, type ToolRun } from './useToolRun';
import './engine.css';

export const DEMO_NOTE =
  'Demo mode: this tool simulates the conversion and gives you a placeholder file, not a real result.';
export const SIMULATED_NOTE =
  'This tool is a demonstration for now: it simulates the conversion and gives you a placeholder file.';
const PdfPagesPreview = lazy(() => import('../views/shared/PdfPagesPreview'));

/** Lists of results scroll above this height (the specification's 60 units). */
export const RESULT_LIST_HEIGHT = 240;

export const REAL_NOTE = 'Your files are processed on this device and never leave it: nothing is uploaded.';

/** Which note a tool page shows: real processing, demo mode, or a tool that only simulates. */
export function toolNote(manifest: ToolManifest, demoMode: boolean): string {
  if (manifest.worksInPage) return REAL_NOTE;
  if (!manifest.processor) return SIMULATED_NOTE;
  return demoMode ? DEMO_NOTE : REAL_NOTE;
}

export function ToolHeader({ manifest }: { manifest: ToolManifest }) {
  const demoMode = useDemoMode();
  const real = manifest.worksInPage || (!!manifest.processor && !demoMode);
  return (
    <header className="tool-header">
      <div className="tool-title-row">
        <span className="tool-icon">
          <ToolIcon name={manifest.icon} size={28} />
        </span>
        <Heading as="h1" size="8">
          {manifest.title}
        </Heading>
        {manifest.badge && (
          <Badge color="amber" highContrast>
            {manifest.badge}
          </Badge>
        )}
      </div>
      <Text as="p" size="4" color="gray" className="tool-description">
        {manifest.description}
      </Text>
      <section aria-labelledby="how-to" className="tool-howto">
        <Heading as="h2" size="4" id="how-to">
          How to use
        </Heading>
        <ol>
          {manifest.howTo.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <Callout.Root color={real ? 'green' : 'amber'} highContrast className="tool-note" data-testid="tool-note">
        <Callout.Icon>{real ? <ShieldCheck size={16} /> : <Info size={16} />}</Callout.Icon>
        <Callout.Text>{toolNote(manifest, demoMode)}</Callout.Text>
      </Callout.Root>
      {manifest.note && (
        <Callout.Root color="blue" className="tool-note">
          <Callout.Icon>
            <Info size={16} />
          </Callout.Icon>
          <Callout.Text>{manifest.note}</Callout.Text>
        </Callout.Root>
      )}
    </header>
  );
}

/** Submits the options form: checks files first, then options, then runs. */
export function useSubmit(run: ToolRun, form: ReturnType<typeof useToolOptions>) {
  return (event?: FormEvent) => {
    event?.preventDefault();
    const { minFiles } = run.manifest.limits;
    if ((run.files.length === 0 && minFiles > 0) || run.files.length < minFiles) {
      void run.run({});
      return;
    }
    void form.handleSubmit(
      (values) => run.run(values),
      (errors) => notify.error(firstErrorMessage(run.manifest, errors as Record<string, { message?: unknown }>)),
    )();
  };
}

/**
 * True when the action button may be pressed: a file is chosen (unless the tool takes only text) and no
 * disabling condition holds. Too few files still lets the button run, so the visitor hears why.
 */
export function canRun(run: ToolRun, values: FormValues): boolean {
  const { limits, action } = run.manifest;
  if (run.files.length === 0 && limits.minFiles > 0) return false;
  return !action.disabledWhen || !holds(action.disabledWhen, values, run.facts);
}

/** Whether the page has an upload area: tools that take only typed text accept no file types. */
export function takesFiles(manifest: ToolManifest): boolean {
  return Object.keys(manifest.accept).length > 0;
}

export function ToolPage({ manifest }: { manifest: ToolManifest }) {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  useResetOnFiles(manifest, form, run.files);
  const submit = useSubmit(run, form);
  const values = form.watch();
  const { limits } = manifest;
  const optionsShown = run.files.length > 0 || limits.minFiles === 0;
  const demoMode = useDemoMode();
  const { setFacts } = run;
  const onPageCount = useCallback((pageCount: number) => setFacts({ pageCount }), [setFacts]);
  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        {takesFiles(manifest) && (
          <>
            <DropZone manifest={manifest} onFiles={run.addFiles} disabled={run.running} />
            <FileList
              files={run.files}
              onChange={run.setFiles}
              reorder={limits.reorder}
              disabled={run.running}
              maxHeight={limits.reorder ? 300 : undefined}
            />
            {manifest.preview === 'pdf-pages' && run.files[0] && !demoMode && (
              <Suspense fallback={null}>
                <PdfPagesPreview file={run.files[0]} onPageCount={onPageCount} />
              </Suspense>
            )}
          </>
        )}
        {optionsShown && <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />}
        <RunControls
          manifest={manifest}
          running={run.running}
          disabled={!canRun(run, values)}
          progress={run.progress}
          onCancel={run.cancel}
        />
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} maxHeight={RESULT_LIST_HEIGHT} />
    </div>
  );
}
