/**
 * Runs a chain of tools (a workflow): each step runs its tool's processor on
 * the previous step's results, named by that tool's own rule, as if the
 * visitor had downloaded them and dropped them on the next tool. A file that
 * fails at a step is listed with the step and its message, and the chain goes
 * on with the others; a step left with nothing to work on ends the chain.
 */
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { CancelledError, isToolError, throwIfAborted } from '../lib/errors';
import type { FieldsCheck } from '../contract/run-options';
import { factsOf } from './facts';
import { nameOutputs } from './naming';
import type { FilesRun } from './run-files';
import { stepCall } from './step';
import type { FileFailure } from '../contract/types';
import type { ToolResult } from './tool-result';

export interface ChainStep {
  manifest: ToolManifest;
  /** The step's option values, as its tool's form gives them. */
  options: OptionValues;
}

export interface ChainFailure extends FileFailure {
  /** 1-based number of the step where the file failed. */
  step: number;
}

export interface ChainProgress {
  /** 0-based index of the running step. */
  step: number;
  steps: number;
  /** Share of the running step done, 0 to 1. */
  share: number;
}

export interface ChainRun {
  /** The last step's results. */
  results: ToolResult[];
  failures: ChainFailure[];
}

/** Runs one tool over files: each host passes its own (the site's worker, a Node worker thread, a test in place). */
export type StepRunner = (
  processor: string,
  files: File[],
  options: OptionValues,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
  each: boolean,
  fields: FieldsCheck,
) => Promise<FilesRun>;

/** The share of the whole chain done, 0 to 1. */
export function chainShare(p: ChainProgress): number {
  return (p.step + p.share) / p.steps;
}

export async function runChain(
  steps: readonly ChainStep[],
  files: readonly File[],
  signal: AbortSignal,
  onProgress: (progress: ChainProgress) => void,
  runStep: StepRunner,
): Promise<ChainRun> {
  const failures: ChainFailure[] = [];
  let current: File[] = [...files];
  let results: ToolResult[] = [];
  for (const [index, { manifest, options }] of steps.entries()) {
    throwIfAborted(signal);
    const report = (done: number, total: number) => onProgress({ step: index, steps: steps.length, share: total > 0 ? Math.min(done / total, 1) : 0 });
    report(0, 1);
    let run: FilesRun;
    try {
      const call = stepCall(manifest, options, factsOf(current));
      run = await runStep(call.processor, current, call.options, signal, report, call.each, call.contract);
    } catch (error) {
      if (error instanceof CancelledError || signal.aborted || !isToolError(error)) throw error;
      // The step failed as a whole (one file, or too few left to combine): every file it had is listed.
      for (const file of current) failures.push({ name: file.name, message: error.message, link: error.link, step: index + 1 });
      return { results: [], failures };
    }
    for (const failure of run.failures) failures.push({ ...failure, step: index + 1 });
    results = nameOutputs(manifest, current, run.outputs, options);
    current = results.map((r) => new File([r.blob], r.name, { type: r.blob.type }));
    if (current.length === 0) return { results: [], failures };
  }
  return { results, failures };
}
