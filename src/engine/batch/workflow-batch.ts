/**
 * A workflow in batch mode: each file runs through every step on its lane's
 * worker before the next file starts, so a folder of any size flows through
 * with one file in memory per lane. Only chains whose steps each work file by
 * file can run so; a chain that combines files (into one PDF) runs on its page.
 */
import type { OptionValues } from '../../../schemas/manifest';
import { nameTemplate } from '../../core/naming';
import { runChain, type ChainStep } from '../../core/run-chain';
import { runsEachFile } from '../../core/run-shape';
import { workerLane } from '../worker/bridge';
import { expectedOutputName, tooLargeMessage, type BatchTarget } from './tool-batch';

export function chainRunsEachFile(steps: readonly ChainStep[]): boolean {
  return steps.every((s) => runsEachFile(s.manifest));
}

/** The name a file ends with after every step, when each step's name is known before it runs. */
export function chainOutputName(steps: readonly ChainStep[], name: string): string | null {
  let current = name;
  for (const { manifest, options } of steps) {
    const next = expectedOutputName(nameTemplate(manifest.output, options, { fileCount: 1, totalBytes: 0 }), current, options);
    if (next === null) return null;
    current = next;
  }
  return current;
}

/** `stepsFor(options)` gives the chain for the values the page's forms hold when the batch starts. */
export function workflowBatch(first: ChainStep, stepsFor: (options: OptionValues) => ChainStep[]): BatchTarget {
  const { manifest } = first;
  return {
    extensions: [...new Set(Object.values(manifest.accept).flat())],
    maxBytes: manifest.limits.maxBytes,
    tooLarge: (name) => tooLargeMessage(name, manifest.limits.maxBytes),
    start(options, laneCount) {
      const steps = stepsFor(options);
      const lanes = Array.from({ length: laneCount }, () => workerLane('workflow'));
      return {
        async runFile(file, lane, signal) {
          const run = await runChain(steps, [file], signal, () => undefined, (...args) => lanes[lane].run(...args));
          return { results: run.results.map((r) => ({ name: r.name, data: r.blob })), failures: run.failures.map((f) => ({ ...f, message: `Step ${f.step}: ${f.message}` })) };
        },
        expectedName: (name) => chainOutputName(steps, name),
        close: () => lanes.forEach((l) => l.close()),
      };
    },
  };
}
