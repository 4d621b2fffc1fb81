/**
 * A tool in batch mode on the site: lanes of workers that each run the
 * tool's processor on one file at a time, outputs named by the tool's own
 * rule. What a run means (admission, names, clashes, resume) is the run
 * core's (src/core/run-batch.ts); this only says how a file is run here.
 */
import type { OptionValues, ToolManifest } from '../../../schemas/manifest';
import { extensionsOf, tooLargeMessage } from '../../core/admission';
import { factsOf } from '../../core/facts';
import { namedOutputs } from '../../core/naming';
import { jobKey } from '../../core/record';
import { stepCall } from '../../core/step';
import { workerLane, type WorkerLane } from '../worker/bridge';
import type { FileRun } from '../../core/run-batch';

export interface BatchRunner {
  /** The job's key for the resume record. */
  key: string;
  runFile(file: File, lane: number, signal: AbortSignal, name: string): Promise<FileRun>;
  close(): void;
}

/** Starts a lane: a module Web Worker on the site; a test may run the processor in place. */
export type LaneFactory = (name: string) => Pick<WorkerLane, 'run' | 'close'>;

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
      const lanes = Array.from({ length: laneCount }, () => (lane ?? workerLane)(manifest.processor!));
      return {
        key: jobKey([{ tool: manifest.slug, options }]),
        async runFile(file, lane, signal, name) {
          const call = stepCall(manifest, options, factsOf([file]));
          const { outputs, failures } = await lanes[lane].run(call.processor, [file], call.options, signal, () => undefined, call.each, call.contract);
          const named = namedOutputs(manifest, [{ name, size: file.size }], outputs, options);
          return { results: named.map((o) => ({ name: o.name, data: o.output.bytes })), failures };
        },
        close: () => lanes.forEach((l) => l.close()),
      };
    },
  };
}
