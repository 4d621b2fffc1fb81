/**
 * Option values without zod: defaults, visibility and whether a field is
 * disabled, for the options form and for pages that need no zod. The zod
 * schema of the values is options.ts.
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
