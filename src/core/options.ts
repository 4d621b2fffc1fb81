/**
 * The values one tool runs with when no form gathers them (the command line,
 * a workflow step's preset): its defaults, then a preset, then the values
 * given, then the page's setWhen rules for the values left alone; checked as
 * a run checks them (fields, the manifest's checks, the processor's schema
 * with processorSettings). Hosts say a problem in their own words.
 */
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { defaultOptions } from '../contract/options';
import { checkRunOptions, type RunOptionsCheck } from '../contract/run-options';
import { holds, type Facts } from '../contract/rules';
import { loadProcessor } from './processor-modules';
import { processorValues } from './step';

export async function settleOptions(
  manifest: ToolManifest,
  given: OptionValues,
  facts: Facts,
  { preset = {}, checks = true }: { preset?: OptionValues; checks?: boolean } = {},
): Promise<RunOptionsCheck> {
  const fields = manifest.options;
  const values: OptionValues = { ...defaultOptions(fields), ...preset };
  for (const [name, value] of Object.entries(given)) if (fields.some((f) => f.name === name)) values[name] = value;
  for (const field of fields) {
    if (field.name in given) continue;
    const rule = field.setWhen?.find((r) => holds(r.when, values, facts));
    if (rule) values[field.name] = rule.value;
  }
  const processor = manifest.processor ? await loadProcessor(manifest.processor) : undefined;
  return checkRunOptions(values, { fields, facts, checks: checks ? manifest.checks : undefined }, processor?.options, processorValues(manifest, {}));
}
