/**
 * A tool in batch mode on the site: lanes of workers that each run the
 * tool's processor on one file at a time, outputs named by the tool's own
 * rule. What a run means (admission, names, clashes, resume) is the run
 * core's (src/core/run-batch.ts); this only says how a file is run here.
 */
import type { OptionValues, ToolManifest } from '../../../schemas/manifest';
import { extensionsOf, tooLargeMessage } from '../../core/admission';
import { jobKey } from '../../core/record';
import { runChain } from '../../core/run-chain';
import { workerLane, type WorkerLane } from '../worker/bridge';
import type { FileRun } from '../../core/run-batch';

export interface BatchRunner {
  /** The job's key for the resume record. */
  key: string;
  runFile(file: File, lane: number, signal: AbortSignal, name: string): Promise<FileRun>;
  close(): void;
}

/** Starts one of `lanes` lanes: a module Web Worker on the site; a test may run the processor in place. */
export type LaneFactory = (name: string, lanes?: number) => Pick<WorkerLane, 'run' | 'close'>;

/** A lane's worker, told how many lanes share the cores. */
export const batchLane: LaneFactory = (name, lanes) => workerLane(name, { lanes });

/** What batch mode needs of a tool or a workflow. */
export interface BatchTarget {
  /** Accepted extensions, from the manifest's accept map. */
  extensions: string[];
  maxBytes: number;
  tooLarge(name: string): string;
  start(options: OptionValues, lanes: number): BatchRunner;
}

export function toolBatch(manifest: ToolManifest, lane?: LaneFactory): BatchTarget {
  return {
    extensions: extensionsOf(manifest.accept),
    maxBytes: manifest.limits.maxBytes,
    tooLarge: (name) => tooLargeMessage(name, manifest.limits.maxBytes),
    start(options, laneCount) {
      const lanes = Array.from({ length: laneCount }, () => (lane ?? batchLane)(manifest.processor!, laneCount));
      return {
        key: jobKey([{ tool: manifest.slug, options, fields: manifest.options }]),
        async runFile(file, lane, signal, name) {
          // A tool is a chain of one step; it names its outputs from the name the run core gave this file.
          const named = name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
          const run = await runChain([{ manifest, options }], [named], signal, () => undefined, (...args) => lanes[lane].run(...args));
          return { results: run.results.map((r) => ({ name: r.name, data: r.blob, note: r.note })), failures: run.failures };
        },
        close: () => lanes.forEach((l) => l.close()),
      };
    },
  };
}
