/**
 * The run state machine of a tool page, shared by ToolPage and every bespoke
 * view: files, run (demo simulation or real processor in a worker), progress,
 * cancel, results, downloads and the messages that go with them.
 *
 * idle (no file) -> ready (files chosen, results cleared) -> running -> done
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { CancelledError, isToolError } from '../lib/errors';
import { downloadBlob, zipResults } from '../lib/download';
import { isDemoMode } from './demo-mode';
import { nameTemplate, outputName } from './naming';
import { checkOptions } from './options';
import { holds, type Facts } from './rules';
import { notify, TOO_MANY_FILES_TITLE, tooManyFilesMessage } from './notify';
import { factsOf, fillMessage, planSimulation, runSimulation, textBytesOf, type SimulationPlan } from './simulate';
import type { ToolOutput, ToolResult } from './types';
import { CRASH_MESSAGE, runInWorker } from './worker/bridge';

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

/** Names real outputs: one per input when counts match, else all from the first input. */
export function nameOutputs(
  manifest: ToolManifest,
  files: readonly { name: string; size: number }[],
  outputs: ToolOutput[],
  options: OptionValues,
  timestamp = Date.now(),
): ToolResult[] {
  const oneToOne = outputs.length === files.length;
  const template = nameTemplate(manifest.output, options, factsOf(files, textBytesOf(options)));
  return outputs.map((output, i) => {
    const source = files[oneToOne ? i : 0];
    const name =
      output.name ??
      outputName(template, { originalName: source?.name ?? manifest.slug, n: i + 1, timestamp, options, vars: output.vars });
    return {
      id: `${timestamp}-${i}`,
      name,
      size: output.bytes.byteLength,
      blob: new Blob([output.bytes as Uint8Array<ArrayBuffer>], { type: output.type }),
      originalName: source?.name,
      meta: output.meta,
    };
  });
}

export function useToolRun(manifest: ToolManifest) {
  const [files, setFilesState] = useState<File[]>([]);
  const [results, setResults] = useState<ToolResult[]>([]);
  const [status, setStatus] = useState<RunStatus>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [ranDemo, setRanDemo] = useState(false);
  const [extraFacts, setExtraFacts] = useState<Record<string, number>>({});
  const controller = useRef<AbortController | null>(null);
  const facts: Facts = useMemo(() => ({ ...factsOf(files), ...extraFacts }), [files, extraFacts]);

  /** Adds facts a view learns about the input (for example pageCount), used by conditions and limits. */
  const setFacts = useCallback((more: Record<string, number>) => setExtraFacts((old) => ({ ...old, ...more })), []);

  // Leaving the page terminates any running work.
  useEffect(() => () => controller.current?.abort(), []);

  /** Replaces the file list; any earlier result is cleared. */
  const setFiles = useCallback((next: File[]) => {
    controller.current?.abort();
    setFilesState(next);
    setExtraFacts({});
    setResults([]);
    setProgress(null);
    setStatus(next.length > 0 ? 'ready' : 'idle');
  }, []);

  /** Adds dropped files: appended and cut to the limit, or replacing the list. */
  const addFiles = useCallback(
    (added: File[]) => {
      const { appendFiles, maxFiles } = manifest.limits;
      const next = appendFiles ? [...files, ...added] : added;
      if (next.length > maxFiles) notify.error(tooManyFilesMessage(maxFiles), TOO_MANY_FILES_TITLE);
      setFiles(next.slice(0, maxFiles));
    },
    [files, manifest.limits, setFiles],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  /** Runs the tool; returns the results, or null when it did not complete. */
  const run = useCallback(
    async (options: OptionValues, overrides: RunOverrides = {}): Promise<ToolResult[] | null> => {
      const { minFiles } = manifest.limits;
      if (files.length === 0 && minFiles > 0) {
        notify.error(manifest.messages.noFile);
        return null;
      }
      if (files.length < minFiles) {
        notify.error(manifest.messages.tooFewFiles ?? manifest.messages.noFile);
        return null;
      }
      const runFacts = { ...facts, totalBytes: factsOf(files, textBytesOf(options)).totalBytes };
      const valid = checkOptions(manifest.options, options, runFacts);
      if (!valid.ok) {
        notify.error(valid.message);
        return null;
      }
      const failed = manifest.checks.find((c) => holds(c.when, options, runFacts));
      if (failed) {
        notify.error(failed.message, failed.title);
        return null;
      }
      options = { ...options, ...valid.values };
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      const demo = isDemoMode() || !manifest.processor;
      setStatus('running');
      setProgress(null);
      setResults([]);
      try {
        let produced: ToolResult[];
        if (demo) {
          const plan = overrides.plan ?? planSimulation(manifest, files, options);
          produced = await runSimulation(manifest, files, options, ac.signal, plan);
        } else {
          const outputs = await runInWorker(manifest.processor!, files, options, ac.signal, (done, total) =>
            setProgress({ done, total }),
          );
          produced = nameOutputs(manifest, files, outputs, options);
          for (const notice of new Set(outputs.map((o) => o.notice).filter(Boolean))) notify.info(notice!);
        }
        if (ac.signal.aborted) throw new CancelledError();
        setResults(produced);
        setRanDemo(demo);
        setStatus('done');
        const counts = { n: produced.length, files: files.length };
        if (demo) {
          notify.success(fillMessage(overrides.demoSuccess ?? manifest.simulation.success, counts), manifest.simulation.successTitle);
        } else {
          notify.success(fillMessage(manifest.messages.success, counts), manifest.messages.successTitle);
        }
        return produced;
      } catch (error) {
        if (error instanceof CancelledError || ac.signal.aborted) {
          if (controller.current === ac) {
            setStatus(files.length ? 'ready' : 'idle');
            notify.info('Processing cancelled. Your file was not changed.');
          }
          return null;
        }
        setStatus('ready');
        if (isToolError(error)) notify.error(error.message, 'Error', error.link);
        else notify.error(CRASH_MESSAGE);
        if (!isToolError(error)) console.error(error);
        return null;
      } finally {
        if (controller.current === ac) controller.current = null;
        setProgress(null);
      }
    },
    [files, manifest, facts],
  );

  const download = useCallback(
    (result?: ToolResult) => {
      if (results.length === 0) return notify.error(manifest.messages.downloadFirst);
      if (!result?.blob) return notify.error(manifest.messages.missingResult);
      // Some tools say, in demo mode, that a full version would download the real file.
      if (ranDemo && manifest.messages.downloadDemo) {
        notify.info(manifest.messages.downloadDemo, manifest.messages.downloadDemoTitle ?? 'Information');
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
    files,
    setFiles,
    addFiles,
    results,
    status,
    progress,
    running: status === 'running',
    demoResults: ranDemo,
    facts,
    setFacts,
    run,
    cancel,
    download,
    downloadAll,
  };
}

export type ToolRun = ReturnType<typeof useToolRun>;
