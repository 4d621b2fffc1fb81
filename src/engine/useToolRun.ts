/**
 * The run state machine of a tool page, shared by ToolPage and every bespoke
 * view: files, run (demo simulation or real processor in a worker), progress,
 * cancel, results, downloads and the messages that go with them.
 *
 * idle (no file) -> ready (files chosen, results cleared) -> running -> done
 *
 * Files that fail on their own are listed in `failures`; the others' results are kept.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { CancelledError, isToolError, ToolError } from '../lib/errors';
import { downloadBlob, zipResults } from '../lib/download';
import { nameOutputs } from '../core/naming';
import { failedCheck, type Facts } from '../contract/rules';
import { stepCall } from '../core/step';
import { noneProcessedMessage, notify, partlyProcessedMessage, tooManyFilesTitle, tooManyFilesMessage } from './notify';
import { t } from '../lib/i18n/messages';
import { crashMessage } from '../core/run-shape';
import { simulate, type SimulationPlan } from './demo/simulate';
import { useRunMode } from './demo/useRunMode';
import { factsOf, fillMessage, textBytesOf } from '../core/facts';
import type { FileFailure } from '../contract/types';
import type { RunValues } from '../contract/view-extras';
import type { ToolResult } from '../core/tool-result';
import { runInWorker } from './worker/bridge';

export type RunStatus = 'idle' | 'ready' | 'running' | 'done';

export interface Progress {
  done: number;
  total: number;
}

export interface RunOverrides {
  /** A simulation plan decided by a view (for example split parts from ranges). */
  plan?: SimulationPlan;
  /** Replaces the manifest's demo success message for this run. */
  demoSuccess?: string;
}

export function useToolRun(manifest: ToolManifest) {
  const mode = useRunMode(manifest);
  const [files, setFilesState] = useState<File[]>([]);
  const [results, setResults] = useState<ToolResult[]>([]);
  const [failures, setFailures] = useState<FileFailure[]>([]);
  const [status, setStatus] = useState<RunStatus>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [extraFacts, setExtraFacts] = useState<Record<string, number>>({});
  const controller = useRef<AbortController | null>(null);
  const facts: Facts = useMemo(() => ({ ...factsOf(files), ...extraFacts }), [files, extraFacts]);

  /** Adds facts a view learns about the input (for example pageCount), used by conditions and limits. */
  const setFacts = useCallback((more: Record<string, number>) => setExtraFacts((old) => ({ ...old, ...more })), []);

  // Leaving the page terminates any running work.
  useEffect(() => () => controller.current?.abort(), []);

  /** The list as last set, ahead of the render that shows it: files chosen again before that render add to it. */
  const latestFiles = useRef<File[]>([]);

  /** Replaces the file list; any earlier result is cleared. */
  const setFiles = useCallback((next: File[]) => {
    latestFiles.current = next;
    controller.current?.abort();
    setFilesState(next);
    setExtraFacts({});
    setResults([]);
    setFailures([]);
    setProgress(null);
    setStatus(next.length > 0 ? 'ready' : 'idle');
  }, []);

  /** Adds dropped files: appended and cut to the limit, or replacing the list. */
  const addFiles = useCallback(
    (added: File[]) => {
      const { appendFiles, maxFiles } = manifest.limits;
      const next = appendFiles ? [...latestFiles.current, ...added] : added;
      if (next.length > maxFiles) notify.error(tooManyFilesMessage(maxFiles), tooManyFilesTitle());
      setFiles(next.slice(0, maxFiles));
    },
    [manifest.limits, setFiles],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  /** Runs the tool; returns the results, or null when it did not complete. */
  const run = useCallback(
    async (options: RunValues, overrides: RunOverrides = {}): Promise<ToolResult[] | null> => {
      const { minFiles } = manifest.limits;
      if (files.length === 0 && minFiles > 0) {
        notify.error(manifest.messages.noFile);
        return null;
      }
      if (files.length < minFiles) {
        notify.error(manifest.messages.tooFewFiles ?? manifest.messages.noFile);
        return null;
      }
      // The values were validated by the options form; checks are the manifest's rules across fields and files.
      const runFacts = { ...facts, totalBytes: factsOf(files, textBytesOf(options)).totalBytes };
      const failed = failedCheck(manifest.checks, options, runFacts);
      if (failed) {
        notify.error(failed.message, failed.title);
        return null;
      }
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      const demo = mode === 'demo';
      setStatus('running');
      setProgress(null);
      setResults([]);
      setFailures([]);
      try {
        const onProgress = (done: number, total: number) => setProgress({ done, total });
        const real = demo ? null : stepCall(manifest, options, runFacts);
        const { outputs, failures: failed } = real
          ? await runInWorker(real.processor, files, real.options, ac.signal, onProgress, real.each, real.contract)
          : { outputs: await simulate(manifest, files, options, ac.signal, overrides.plan), failures: [] };
        if (ac.signal.aborted) throw new CancelledError();
        setFailures(failed);
        if (outputs.length === 0 && failed.length > 0) {
          // One file that failed is the run that failed: its own message, as the page always said it.
          throw failed.length === 1 ? new ToolError(failed[0].message, failed[0].link) : new ToolError(noneProcessedMessage(failed.length));
        }
        const produced = nameOutputs(manifest, files, outputs, options).map((r) => ({ ...r, simulated: demo }));
        const notices = new Map(outputs.filter((o) => o.notice).map((o) => [o.notice!, o.noticeTone ?? 'info']));
        for (const [notice, tone] of notices) (tone === 'warning' ? notify.warning : notify.info)(notice);
        setResults(produced);
        setStatus('done');
        const counts = { n: produced.length, files: files.length };
        if (failed.length > 0) {
          notify.warning(partlyProcessedMessage(failed.length, files.length));
        } else if (demo) {
          notify.success(fillMessage(overrides.demoSuccess ?? manifest.simulation.success, counts), manifest.simulation.successTitle);
        } else {
          notify.success(fillMessage(manifest.messages.success, counts), manifest.messages.successTitle);
        }
        return produced;
      } catch (error) {
        if (error instanceof CancelledError || ac.signal.aborted) {
          if (controller.current === ac) {
            setStatus(files.length ? 'ready' : 'idle');
            notify.info(t('engine.toast.cancelled'));
          }
          return null;
        }
        setStatus('ready');
        if (isToolError(error)) notify.error(error.message, t('engine.toast.error'), error.link);
        else notify.error(crashMessage());
        if (!isToolError(error)) console.error(error);
        return null;
      } finally {
        if (controller.current === ac) controller.current = null;
        setProgress(null);
      }
    },
    [files, manifest, facts, mode],
  );

  /**
   * Downloads a result. A result that is no longer held (its list was cleared or replaced since
   * it was shown) gets the manifest's missing-result message; no result at all, the download-first one.
   */
  const ranDemo = results[0]?.simulated ?? false;

  const download = useCallback(
    (result?: ToolResult) => {
      if (result && !results.includes(result)) return notify.error(manifest.messages.missingResult);
      if (results.length === 0) return notify.error(manifest.messages.downloadFirst);
      if (!result) return notify.error(manifest.messages.missingResult);
      // Some tools say, in demo mode, that a full version would download the real file.
      if (ranDemo && manifest.messages.downloadDemo) {
        notify.info(manifest.messages.downloadDemo, manifest.messages.downloadDemoTitle ?? t('engine.toast.information'));
      }
      downloadBlob(result.blob, result.name);
    },
    [results, ranDemo, manifest.messages],
  );

  const downloadAll = useCallback(async () => {
    if (results.length === 0) return notify.error(manifest.messages.downloadFirst);
    if (ranDemo) {
      notify.info(manifest.messages.downloadAllDemo, manifest.messages.downloadAllDemoTitle);
      return downloadBlob(results[0].blob, results[0].name);
    }
    downloadBlob(await zipResults(results), `${manifest.slug}-${Date.now()}.zip`);
  }, [results, ranDemo, manifest]);

  return {
    manifest,
    mode,
    /** True when the tool's real processor runs (not demo mode, and the tool has one). */
    real: mode === 'real',
    files,
    setFiles,
    addFiles,
    results,
    /** Files of the last run that failed on their own, each with its message. */
    failures,
    status,
    progress,
    running: status === 'running',
    facts,
    setFacts,
    run,
    cancel,
    download,
    downloadAll,
  };
}

export type ToolRun = ReturnType<typeof useToolRun>;
