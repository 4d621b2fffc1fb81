/**
 * The one place a tool and its option values become what a processor is
 * asked to do: which processor, the values with the manifest's
 * processorSettings laid over them, whether each file runs on its own, and
 * the contract the values are checked against again where it runs (fields,
 * the run's facts, the manifest's checks). The page, batch lanes, workflows
 * and the command line all ask here.
 */
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import type { FieldsCheck } from '../contract/run-options';
import type { Facts } from '../contract/rules';
import { runsEachFile, worksFromText } from './run-shape';
import { toolKind } from './tool-kind';

export interface StepCall {
  processor: string;
  /** The visitor's values with the manifest's processorSettings over them. */
  options: OptionValues;
  each: boolean;
  contract: FieldsCheck;
}

/** The manifest's processorSettings over the values: what the processor's own schema reads. */
export function processorValues(manifest: Pick<ToolManifest, 'processorSettings'>, options: OptionValues): OptionValues {
  return { ...options, ...(manifest.processorSettings ?? {}) };
}

export function stepCall(manifest: ToolManifest, options: OptionValues, facts: Facts): StepCall {
  if (toolKind(manifest) !== 'real' || !manifest.processor) throw new Error(`${manifest.slug} has no processor`);
  return {
    processor: manifest.processor,
    options: processorValues(manifest, options),
    each: runsEachFile(manifest),
    contract: { fields: manifest.options, facts, checks: manifest.checks, ...(worksFromText(manifest) ? {} : { noFile: manifest.messages.noFile }) },
  };
}
