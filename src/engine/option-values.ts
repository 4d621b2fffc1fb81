/**
 * Option values without zod: defaults, visibility and whether a field is
 * disabled, for the options form as it first renders. The zod schema of the
 * values (options.ts) loads when the form first validates (options-resolver.ts).
 */
import type { Field, OptionValues } from '../../schemas/manifest';
import { holds, type Facts } from './rules';

export function defaultOptions(fields: readonly Field[]): OptionValues {
  return Object.fromEntries(fields.map((f) => [f.name, f.default]));
}

export function isVisible(field: Field, values: OptionValues, facts: Facts): boolean {
  return !field.visibleWhen || holds(field.visibleWhen, values, facts);
}

export function isDisabled(field: Field, values: OptionValues, facts: Facts): boolean {
  return !!field.disabledWhen && holds(field.disabledWhen, values, facts);
}
