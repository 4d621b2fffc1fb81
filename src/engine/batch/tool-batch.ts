/**
 * A tool in batch mode: lanes of workers that each run the tool's processor
 * on one file at a time, outputs named by the tool's own rule.
 */
import type { OptionValues, ToolManifest } from '../../../schemas/manifest';
import { megabytes } from '../../lib/format-size';
import { factsOf } from '../../core/facts';
import { namedOutputs, nameTemplate, outputName } from '../../core/naming';
import { workerLane } from '../worker/bridge';
import type { FileRun } from '../../core/run-batch';

export interface BatchRunner {
  runFile(file: File, lane: number, signal: AbortSignal): Promise<FileRun>;
  expectedName?(name: string): string | null;
  close(): void;
}

/** What batch mode needs of a tool or a workflow. */
export interface BatchTarget {
  /** Accepted extensions, from the manifest's accept map. */
  extensions: string[];
  maxBytes: number;
  tooLarge(name: string): string;
  start(options: OptionValues, lanes: number): BatchRunner;
}

/** The drop zone's words for a file over the size limit. */
export function tooLargeMessage(name: string, maxBytes: number): string {
  return `The file ${name} is too large. Maximum size is ${megabytes(maxBytes)}MB.`;
}

/**
 * The name an output will have, known before the run, or null: a name that depends on the run itself
 * (an output number, a page number a processor adds, the time) cannot be known before it.
 */
export function expectedOutputName(template: string, name: string, options: OptionValues): string | null {
  if (/\{(n|timestamp)\}/.test(template)) return null;
  const named = outputName(template, { originalName: name, n: 1, timestamp: 0, options });
  return named.includes('{') ? null : named;
}

export function toolBatch(manifest: ToolManifest): BatchTarget {
  return {
    extensions: [...new Set(Object.values(manifest.accept).flat())],
    maxBytes: manifest.limits.maxBytes,
    tooLarge: (name) => tooLargeMessage(name, manifest.limits.maxBytes),
    start(options, laneCount) {
      const lanes = Array.from({ length: laneCount }, () => workerLane(manifest.processor!));
      const settings = { ...options, ...(manifest.processorSettings ?? {}) };
      const template = nameTemplate(manifest.output, options, { fileCount: 1, totalBytes: 0 });
      return {
        async runFile(file, lane, signal) {
          const fields = { fields: manifest.options, facts: factsOf([file]) };
          const { outputs, failures } = await lanes[lane].run(manifest.processor!, [file], settings, signal, () => undefined, true, fields);
          return { results: namedOutputs(manifest, [file], outputs, options).map(({ name, output }) => ({ name, data: output.bytes })), failures };
        },
        expectedName: (name) => expectedOutputName(template, name, options),
        close: () => lanes.forEach((l) => l.close()),
      };
    },
  };
}
