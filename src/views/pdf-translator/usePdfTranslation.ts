/**
 * The translation step of PDF Translator, on the main thread: read the
 * chosen PDF's paragraphs (started as soon as a file is chosen), find the
 * source language, check the browser can translate the pair, create the
 * Translator (showing any model download), translate paragraph by
 * paragraph, then hand the result to the engine's run(), whose processor
 * writes the PDF in a worker. Messages come from the manifest.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OptionValues } from '../../../schemas/manifest';
import { notify } from '../../engine/notify';
import type { Progress, ToolRun } from '../../engine/useToolRun';
import { currentLocale } from '../../lib/i18n/messages';
import { PreviewError, previewProblem } from '../../lib/pdf/preview';
import type { TranslatedPage } from '../../lib/pdf/translate-layout';
import { detectLanguage, hasTranslator, pairAvailability, translatePages } from './browser-translator';
import { readPdfParagraphs } from './pdf-text';

export type Phase = { kind: 'reading' } | { kind: 'download'; percent: number } | { kind: 'translate'; done: number; total: number };

/** Fills {name} placeholders of a manifest message. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole));
}

/** A language's name: the manifest's label for the six targets, else the browser's name for the code in the page's language. */
export function languageName(code: string, choices: readonly { value: string; label: string }[]): string {
  const own = choices.find((c) => c.value === code)?.label;
  if (own) return own;
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The status line for a phase, from the manifest's messages. */
export function phaseText(phase: Phase, messages: Record<string, string>): string {
  if (phase.kind === 'reading') return messages.readingText ?? '';
  if (phase.kind === 'download') return fill(messages.downloadProgress ?? '', { percent: phase.percent });
  return fill(messages.translateProgress ?? '', { done: phase.done, total: phase.total });
}

/** The progress bar's value for a phase (none while reading). */
export function phaseProgress(phase: Phase): Progress | null {
  if (phase.kind === 'download') return { done: phase.percent, total: 100 };
  if (phase.kind === 'translate') return { done: phase.done, total: phase.total };
  return null;
}

function problemOf(error: unknown, name: string) {
  return error instanceof PreviewError ? error.problem : previewProblem(error, name);
}

export function usePdfTranslation(run: ToolRun, real: boolean) {
  const { manifest } = run;
  const messages = manifest.messages as Record<string, string>;
  const targetField = manifest.options.find((f) => f.name === 'targetLanguage');
  const choices = targetField && 'choices' in targetField ? targetField.choices : [];
  const [phase, setPhase] = useState<Phase | null>(null);
  const [pairProblem, setPairProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const cache = useRef<{ file: File; promise: Promise<TranslatedPage[]> } | null>(null);
  const file = run.files[0];

  const paragraphsOf = useCallback((chosen: File) => {
    if (cache.current?.file !== chosen) {
      const promise = readPdfParagraphs(chosen);
      cache.current = { file: chosen, promise };
      // A failed read is tried again on the next press.
      promise.catch(() => {
        if (cache.current?.promise === promise) cache.current = null;
      });
    }
    return cache.current.promise;
  }, []);

  // Reading starts on choosing the file, so a press goes straight to translating and a bad file is reported at once.
  useEffect(() => {
    controller.current?.abort();
    setPairProblem(null);
    if (!real || !file) return;
    let live = true;
    paragraphsOf(file).catch((error: unknown) => {
      const problem = problemOf(error, file.name);
      if (live) notify.error(problem.message, undefined, problem.link); // undefined: notify's own "Error" title
    });
    return () => {
      live = false;
    };
  }, [file, real, paragraphsOf]);

  useEffect(() => () => controller.current?.abort(), []);

  const translate = useCallback(
    async (values: OptionValues) => {
      if (!file) return void run.run({});
      if (!hasTranslator()) return notify.error(messages.translatorMissing!);
      setPairProblem(null);
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      setPhase({ kind: 'reading' });
      try {
        const pages = await paragraphsOf(file);
        const all = pages.flatMap((p) => p.paragraphs);
        if (all.length === 0) return notify.error(messages.noText!);
        const target = String(values.targetLanguage);
        const source = await detectLanguage(all.join('\n').slice(0, 4000));
        ac.signal.throwIfAborted();
        const names = { source: languageName(source, choices), target: languageName(target, choices) };
        if (source === target) return notify.error(fill(messages.sameLanguage!, names));
        const availability = await pairAvailability(source, target);
        ac.signal.throwIfAborted();
        if (availability === 'unavailable') return setPairProblem(fill(messages.pairUnavailable!, names));
        if (availability !== 'available') setPhase({ kind: 'download', percent: 0 });
        const translated = await translatePages(pages, { sourceLanguage: source, targetLanguage: target }, {
          signal: ac.signal,
          onDownload: (fraction) => setPhase({ kind: 'download', percent: Math.round(fraction * 100) }),
          onParagraph: (done, total) => setPhase({ kind: 'translate', done, total }),
        });
        ac.signal.throwIfAborted();
        setPhase(null);
        controller.current = null;
        const plain = translated.map((p) => ({ page: p.page, paragraphs: p.paragraphs }));
        await run.run({ ...values, translated: plain, sourceLanguage: source });
      } catch (error) {
        if (ac.signal.aborted) {
          // A press that replaced this translation is not a cancellation.
          if (controller.current === ac) notify.info(messages.cancelled!);
        } else if (error instanceof PreviewError) {
          notify.error(error.problem.message, undefined, error.problem.link);
        } else {
          console.error(error);
          notify.error(messages.translateFailed!);
        }
      } finally {
        if (controller.current === ac) controller.current = null;
        setPhase((current) => (controller.current ? current : null));
      }
    },
    [file, run, messages, choices, paragraphsOf],
  );

  /** Stops the translation, or the engine's run once translation is done. */
  const cancel = useCallback(() => {
    if (controller.current) controller.current.abort();
    else run.cancel();
  }, [run]);

  return { phase, pairProblem, clearPairProblem: () => setPairProblem(null), translate, cancel };
}
