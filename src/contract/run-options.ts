/**
 * The one check of option values before a processor runs, the same for every
 * host (the page's worker, batch lanes, workflows, the command line): first
 * the schema the options form validates with, built from the manifest's fields
 * for a real run, then the processor's own zod schema, which states the typed
 * shape and the defaults it reads (processorSettings included).
 */
import type { z } from 'zod';
import type { Field, OptionValues } from '../../schemas/manifest';
import { optionsSchema } from './options';
import type { Facts } from './rules';

/** What the options form checks values against: the manifest's fields and the facts of the run's files. */
export interface FieldsCheck {
  fields: readonly Field[];
  facts: Facts;
}

export interface OptionProblem {
  /** 'fields' when the form would refuse the value, 'processor' when only the processor's schema does. */
  by: 'fields' | 'processor';
  /** The option's name. */
  field: string;
  /** The path inside the option, dotted, for a nested value. */
  path: string;
  message: string;
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
  }
  const input = Object.keys(settings).length ? { ...checked, ...settings } : checked;
  if (!processorOptions) return { ok: true, values: checked, typed: input };
  const parsed = processorOptions.safeParse(input);
  if (!parsed.success) return { ok: false, problems: problemsOf('processor', parsed.error) };
  return { ok: true, values: checked, typed: parsed.data };
}
