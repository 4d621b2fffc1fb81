/**
 * The one check of option values before a processor runs, the same for every
 * host (the page's worker, batch lanes, workflows, the command line): first
 * the schema the options form validates with, built from the manifest's fields
 * for a real run, then the processor's own zod schema, which states the typed
 * shape and the defaults it reads (processorSettings included).
 */
import type { z } from 'zod';
import type { Field, OptionValues, ToolManifest } from '../../schemas/manifest';
import { optionsSchema } from './options';
import { failedCheck, type Facts } from './rules';

export { failedCheck };

/**
 * What a run's values are checked against: the manifest's fields and the facts of the run's files,
 * and the manifest's checks across fields and files (the first that holds stops the run).
 */
export interface FieldsCheck {
  fields: readonly Field[];
  facts: Facts;
  checks?: ToolManifest['checks'];
  /** The manifest's message for a run with no file, for a tool that takes files; the run refuses an empty list with it. */
  noFile?: string;
}


export interface OptionProblem {
  /** 'fields' when the form would refuse the value, 'check' for a manifest check, 'processor' when only the processor's schema does. */
  by: 'fields' | 'check' | 'processor';
  /** The option's name. */
  field: string;
  /** The path inside the option, dotted, for a nested value. */
  path: string;
  message: string;
  /** A check's toast title. */
  title?: string;
}

export type RunOptionsCheck =
  | {
      ok: true;
      /** The given values with the fields' checked (coerced) values, extras kept. */
      values: OptionValues;
      /** What the processor receives: its schema's output, or `values` when no schema was given. */
      typed: unknown;
    }
  | { ok: false; problems: OptionProblem[] };

function problemsOf(by: OptionProblem['by'], error: z.ZodError): OptionProblem[] {
  return error.issues.map((issue) => ({ by, field: String(issue.path[0] ?? ''), path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Checks a run's values: by the manifest's fields when `check` is given, then
 * by the processor's schema with `settings` (the manifest's processorSettings)
 * laid over them. The processor's schema is asked only when the fields pass.
 */
export function checkRunOptions(
  values: OptionValues,
  check: FieldsCheck | undefined,
  processorOptions?: z.ZodType,
  settings: OptionValues = {},
): RunOptionsCheck {
  let checked = values;
  if (check) {
    const result = optionsSchema(check.fields, values, check.facts, 'real').safeParse(values);
    if (!result.success) return { ok: false, problems: problemsOf('fields', result.error) };
    checked = { ...values, ...(result.data as OptionValues) };
    const failed = failedCheck(check.checks, checked, check.facts);
    if (failed) return { ok: false, problems: [{ by: 'check', field: '', path: '', message: failed.message, title: failed.title }] };
  }
  const input = Object.keys(settings).length ? { ...checked, ...settings } : checked;
  if (!processorOptions) return { ok: true, values: checked, typed: input };
  const parsed = processorOptions.safeParse(input);
  if (!parsed.success) return { ok: false, problems: problemsOf('processor', parsed.error) };
  return { ok: true, values: checked, typed: parsed.data };
}
