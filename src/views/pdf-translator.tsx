/**
 * PDF Translator: the PDF's text is translated in the page with the
 * browser's on-device Translator (it exists on the main thread only), then
 * the processor writes the translated PDF in a worker. A browser without the
 * API, or without the language pair, is told so plainly and offered demo
 * mode, which runs the specification's simulation.
 */
import { Button, Callout, Text } from '@radix-ui/themes';
import { Info } from 'lucide-react';
import { useEffect, type FormEvent } from 'react';
import { setDemoMode, useDemoMode } from '../engine/demo-mode';
import { DropZone } from '../engine/DropZone';
import { FileList } from '../engine/FileList';
import { notify } from '../engine/notify';
import { firstErrorMessage, OptionsForm, useResetOnFiles, useToolOptions } from '../engine/OptionsForm';
import { ResultList } from '../engine/ResultList';
import { RunControls } from '../engine/RunControls';
import { canRun, ToolHeader } from '../engine/ToolPage';
import { useToolRun } from '../engine/useToolRun';
import type { ToolViewProps } from '../engine/view-modules';
import { hasTranslator } from './shared/browser-translator';
import { phaseProgress, phaseText, usePdfTranslation } from './shared/usePdfTranslation';
import './shared/pdf-views.css';

/** A plain statement of why the page cannot translate here, with the way to demo mode. */
function DemoOffer({ message, button }: { message: string; button: string }) {
  return (
    <Callout.Root color="amber" role="alert" data-testid="translator-problem">
      <Callout.Icon>
        <Info size={16} />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
      <div>
        <Button type="button" variant="soft" onClick={() => setDemoMode(true)}>
          {button}
        </Button>
      </div>
    </Callout.Root>
  );
}

export default function PdfTranslatorView({ manifest }: ToolViewProps) {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts);
  useResetOnFiles(manifest, form, run.files);
  const real = !useDemoMode() && !!manifest.processor;
  const missing = real && !hasTranslator();
  const translation = usePdfTranslation(run, real && !missing);
  const { phase, pairProblem, clearPairProblem } = translation;
  const values = form.watch();
  const messages = manifest.messages as Record<string, string>;
  const busy = run.running || phase !== null;

  // A different target language may well be available.
  useEffect(clearPairProblem, [values.targetLanguage]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (run.files.length === 0) return void run.run({});
    void form.handleSubmit(
      (options) => (real ? translation.translate(options) : run.run(options)),
      (errors) => notify.error(firstErrorMessage(manifest, errors as Record<string, { message?: unknown }>)),
    )();
  };

  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={submit} noValidate>
        {missing && <DemoOffer message={messages.translatorMissing!} button={messages.tryDemo!} />}
        <DropZone manifest={manifest} onFiles={run.addFiles} disabled={busy} />
        <FileList files={run.files} onChange={run.setFiles} disabled={busy} />
        {run.files.length > 0 && <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={busy} />}
        {real && pairProblem && <DemoOffer message={pairProblem} button={messages.tryDemo!} />}
        <RunControls
          manifest={manifest}
          running={busy}
          disabled={!canRun(run, values)}
          progress={phase ? phaseProgress(phase) : run.progress}
          onCancel={translation.cancel}
        />
        {phase && (
          <Text as="p" className="pdfv-aside" aria-live="polite" data-testid="translate-status">
            {phaseText(phase, messages)}
          </Text>
        )}
      </form>
      <ResultList results={run.results} onDownload={run.download} onDownloadAll={run.downloadAll} />
    </div>
  );
}
