/**
 * The run state of a chain of tools (a workflow page, the builder): files,
 * the run through runChain with progress and Cancel, results, the files that
 * failed with their step, downloads, and the toast that ends each run.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CancelledError, isToolError } from '../lib/errors';
import { downloadBlob, zipResults } from '../lib/download';
import { noneProcessedMessage, notify, partlyProcessedMessage } from '../engine/notify';
import { crashMessage } from '../core/run-shape';
import { runChain, type ChainFailure, type ChainProgress, type ChainStep, type StepRunner } from '../core/run-chain';
import type { FileFailure } from '../contract/types';
import type { ToolResult } from '../core/tool-result';
import { runInWorker } from '../engine/worker/bridge';
import { t } from '../lib/i18n/messages';

export const cancelledMessage = () => t('workflow.run.cancelled');

export function doneMessage(count: number): string {
  return t('workflow.run.done', { count });
}

/** "Step 2 (PDF Compressor): message", the way a failed file names where it failed. */
export function stepMessage(failure: ChainFailure, titles: readonly string[]): string {
  return t('workflow.step.problem', { number: failure.step, tool: titles[failure.step - 1] ?? t('workflow.step.unknownTool'), problem: failure.message });
}

/**
 * How many files the failures are out of: the files that reached the step where they failed (a step
 * may make several files from one, pages of a PDF), the largest such count when failures span steps.
 */
function failedOutOf(failures: readonly ChainFailure[], inputs: readonly number[]): number {
  const reached = Math.max(...failures.map((f) => inputs[f.step - 1] ?? 0));
  return Math.max(reached, failures.length);
}

export function useChainRun(runStep: StepRunner = runInWorker) {
  const [files, setFilesState] = useState<File[]>([]);
  const [results, setResults] = useState<ToolResult[]>([]);
  const [failures, setFailures] = useState<FileFailure[]>([]);
  const [progress, setProgress] = useState<ChainProgress | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the work.
  useEffect(() => () => controller.current?.abort(), []);

  /** Replaces the file list; earlier results are cleared. */
  const setFiles = useCallback((next: File[]) => {
    controller.current?.abort();
    setFilesState(next);
    setResults([]);
    setFailures([]);
  }, []);

  /** A chain takes any number of files: chosen files are added to the list. */
  const addFiles = useCallback((added: File[]) => setFiles([...files, ...added]), [files, setFiles]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const run = useCallback(
    async (steps: ChainStep[]): Promise<void> => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      const titles = steps.map((s) => s.manifest.title);
      // The number of files each step was given, to say how many of them failed.
      const inputs: number[] = [];
      const counting: StepRunner = (processor, stepFiles, ...rest) => {
        inputs.push(stepFiles.length);
        return runStep(processor, stepFiles, ...rest);
      };
      setRunning(true);
      setResults([]);
      setFailures([]);
      setProgress({ step: 0, steps: steps.length, share: 0 });
      try {
        const done = await runChain(steps, files, ac.signal, setProgress, counting);
        if (ac.signal.aborted) throw new CancelledError();
        setResults(done.results);
        setFailures(done.failures.map((f) => ({ ...f, message: stepMessage(f, titles) })));
        const failed = done.failures.length;
        if (done.results.length === 0) {
          notify.error(failed === 1 ? stepMessage(done.failures[0], titles) : failed > 1 ? noneProcessedMessage(files.length) : crashMessage());
        } else if (failed > 0) {
          notify.warning(partlyProcessedMessage(failed, failedOutOf(done.failures, inputs)));
        } else {
          notify.success(doneMessage(done.results.length));
        }
      } catch (error) {
        if (error instanceof CancelledError || ac.signal.aborted) {
          if (controller.current === ac) notify.info(cancelledMessage());
          return;
        }
        if (isToolError(error)) notify.error(error.message, undefined, error.link);
        else {
          console.error(error);
          notify.error(crashMessage());
        }
      } finally {
        if (controller.current === ac) {
          controller.current = null;
          setRunning(false);
          setProgress(null);
        }
      }
    },
    [files, runStep],
  );

  const download = useCallback((result: ToolResult) => downloadBlob(result.blob, result.name), []);

  /** Every result in one ZIP named after the chain. */
  const downloadAll = useCallback(
    async (name: string) => downloadBlob(await zipResults(results), `${name}-${Date.now()}.zip`),
    [results],
  );

  return { files, setFiles, addFiles, results, failures, progress, running, run, cancel, download, downloadAll };
}

export type ChainRunState = ReturnType<typeof useChainRun>;
