/**
 * PDF Translator: the PDF's text is translated in the page with the
 * browser's on-device Translator (it exists on the main thread only), then
 * the processor writes the translated PDF in a worker. A browser without the
 * API, or without the language pair, is told so plainly and offered demo
 * mode, which runs the specification's simulation.
 */
import { Button, Callout, Text } from '@radix-ui/themes';
import { Info } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { setDemoMode } from '../engine/demo/demo-mode';
import { DefaultInput, ToolFrame, type ToolPageState } from '../engine/ToolPage';
import { useToolPage } from '../engine/useToolPage';
import type { ToolViewProps } from '../engine/view-modules';
import { hasTranslator } from './pdf-translator/browser-translator';
import { phaseProgress, phaseText, usePdfTranslation } from './pdf-translator/usePdfTranslation';
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
  const page = useToolPage(manifest, {
    // For real, the text is translated in the page first and the translation then starts the run.
    beforeRun: (options) => {
      if (!page.run.real) return {};
      void translation.translate(options);
      return null;
    },
  });
  const { run, values } = page;
  const { messages } = manifest;
  const translatorPresent = useHasTranslator();
  const missing = run.real && !translatorPresent;
  const translation = usePdfTranslation(run, run.real && !missing);
  const { phase, pairProblem, clearPairProblem } = translation;

  // A different target language may well be available.
  useEffect(clearPairProblem, [values.targetLanguage]);

  // While the text is translated the page is as busy as during the run, and Cancel stops the translation.
  const shown: ToolPageState = {
    ...page,
    run: { ...run, running: run.running || phase !== null, progress: phase ? phaseProgress(phase) : run.progress, cancel: translation.cancel },
  };

  return (
    <ToolFrame
      page={shown}
      input={
        <>
          {missing && <DemoOffer message={messages.translatorMissing} button={messages.tryDemo} />}
          <DefaultInput page={shown} />
        </>
      }
      afterOptions={run.real && pairProblem && <DemoOffer message={pairProblem} button={messages.tryDemo} />}
      afterControls={
        phase && (
          <Text as="p" className="pdfv-aside" aria-live="polite" data-testid="translate-status">
            {phaseText(phase, messages)}
          </Text>
        )
      }
    />
  );
}

const noSubscription = () => () => {};

/**
 * Whether this browser has the Translator API. The pre-rendered page assumes it
 * does, so hydration matches, and the browser's answer follows right after.
 */
function useHasTranslator(): boolean {
  return useSyncExternalStore(noSubscription, hasTranslator, () => true);
}
