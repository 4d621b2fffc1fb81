/**
 * A workflow in batch mode on the site: each file runs through every step on
 * its lane's worker before the next file starts, so a folder of any size
 * flows through with one file in memory per lane. Only chains whose steps
 * each work file by file can run so; a chain that combines files (into one
 * PDF) runs on its page.
 */
import type { OptionValues } from '../../../schemas/manifest';
import { jobKey } from '../../core/record';
import { runChain, type ChainStep } from '../../core/run-chain';
import { runsEachFile } from '../../core/run-shape';
import { extensionsOf, tooLargeMessage } from '../../core/admission';
import { batchLane, type BatchTarget, type LaneFactory } from './tool-batch';
import { t } from '../../lib/i18n/messages';

export function chainRunsEachFile(steps: readonly ChainStep[]): boolean {
  return steps.every((s) => runsEachFile(s.manifest));
}

/** `stepsFor(options)` gives the chain for the values the page's forms hold when the batch starts. */
export function workflowBatch(first: ChainStep, stepsFor: (options: OptionValues) => ChainStep[], lane?: LaneFactory): BatchTarget {
  const { manifest } = first;
  return {
    extensions: extensionsOf(manifest.accept),
    maxBytes: manifest.limits.maxBytes,
    tooLarge: (name) => tooLargeMessage(name, manifest.limits.maxBytes),
    start(options, laneCount) {
      const steps = stepsFor(options);
      const lanes = Array.from({ length: laneCount }, () => (lane ?? batchLane)('workflow', laneCount));
      return {
        key: jobKey(steps.map((s) => ({ tool: s.manifest.slug, options: s.options, fields: s.manifest.options }))),
        async runFile(file, lane, signal, name) {
          // The chain names its outputs from the name the run core gave this file (b.jpg beside b.png is "b (jpg).jpg").
          const named = name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
          const run = await runChain(steps, [named], signal, () => undefined, (...args) => lanes[lane].run(...args));
          return { results: run.results.map((r) => ({ name: r.name, data: r.blob, note: r.note })), failures: run.failures.map((f) => ({ ...f, message: t('engine.batch.stepFailed', { step: f.step, message: f.message }) })) };
        },
        close: () => lanes.forEach((l) => l.close()),
      };
    },
  };
}
