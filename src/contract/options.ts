/**
 * Option values: defaults, visibility and the zod schema built from a
 * manifest's fields for the values as they stand (hidden fields are not
 * validated). The one schema of a tool's options: the options form uses it
 * through react-hook-form's resolver, and every run path checks values with it
 * before a processor runs (run-options.ts).
 */
import './zod-jitless';
import { z } from 'zod';
import type { Field, OptionValues } from '../../schemas/manifest';
import { imageValueProblem, type ImageField } from './image-value';
import { isVisible } from './option-values';
import type { Facts } from './rules';
import { runText } from '../lib/i18n/run-messages';

export { defaultOptions, isDisabled, isVisible } from './option-values';

/** Whether a run happens for real (a processor) or as the specification's simulation. */
export type OptionsMode = 'real' | 'demo';

/** Whether a blank value is refused in this mode: `required`, unless the field leaves real runs to the processor. */
export function isRequired(field: Field, mode: OptionsMode): boolean {
  if (field.type !== 'text' && field.type !== 'textarea' && field.type !== 'image') return false;
  if (!field.required) return false;
  return mode === 'demo' || !('requiredWhenReal' in field) || field.requiredWhenReal !== false;
}

/** The schema of an image field's value (a data URL, image-value.ts). */
function imageValueSchema(field: ImageField, required: boolean): z.ZodType {
  return z.union([z.string(), z.null(), z.undefined()]).superRefine((value, ctx) => {
    const problem = imageValueProblem(field, value, required);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

function fieldSchema(field: Field, facts: Facts, mode: OptionsMode): z.ZodType {
  const message = field.invalidMessage;
  switch (field.type) {
    case 'select':
    case 'radio':
      return z.enum(field.choices.map((c) => c.value) as [string, ...string[]], { message });
    case 'slider':
      return z.coerce.number({ message }).min(field.min, { message }).max(field.max, { message });
    case 'number': {
      let schema = z.coerce.number({ message }).refine(Number.isFinite, { message });
      const max = field.maxFrom !== undefined ? facts[field.maxFrom] : field.max;
      if (field.integer) schema = schema.refine(Number.isInteger, { message });
      if (field.min !== undefined) schema = schema.refine((v) => v >= field.min!, { message });
      if (max !== undefined) schema = schema.refine((v) => v <= max, { message });
      return schema;
    }
    case 'toggle':
      return z.boolean();
    case 'text':
    case 'textarea': {
      let schema = z.string();
      const requiredMessage = field.requiredMessage ?? message ?? runText('run.options.required');
      if (isRequired(field, mode)) schema = schema.refine((v) => v.trim() !== '', { message: requiredMessage, abort: true });
      if (field.type === 'text' && field.minLength !== undefined)
        schema = schema.refine((v) => v.length >= field.minLength!, { message: field.minLengthMessage ?? message });
      if (field.type === 'text' && field.maxLength !== undefined)
        schema = schema.refine((v) => v.length <= field.maxLength!, { message });
      return schema;
    }
    case 'color':
      return z.string().regex(/^#[0-9a-fA-F]{6}$/, { message });
    case 'image':
      return imageValueSchema(field, isRequired(field, mode));
  }
}

/**
 * The zod schema of the options for the current values: visible fields only.
 * `mode` is 'real' for every caller that runs processors (the command line,
 * workflows); a tool page passes its own run mode.
 */
export function optionsSchema(
  fields: readonly Field[],
  values: OptionValues,
  facts: Facts,
  mode: OptionsMode = 'real',
): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    shape[field.name] = isVisible(field, values, facts) ? fieldSchema(field, facts, mode) : z.any();
  }
  return z.object(shape);
}

export type OptionsCheck = { ok: true; values: OptionValues } | { ok: false; field: string; message: string };

/** Validates option values; on failure names the first invalid field and its message. */
export function checkOptions(
  fields: readonly Field[],
  values: OptionValues,
  facts: Facts,
  mode: OptionsMode = 'real',
): OptionsCheck {
  const result = optionsSchema(fields, values, facts, mode).safeParse(values);
  if (result.success) return { ok: true, values: result.data as OptionValues };
  const issue = result.error.issues[0];
  const name = String(issue.path[0]);
  return { ok: false, field: name, message: issue.message };
}
