/**
 * Option values from the command line, validated as the site validates them:
 * each value is read into its field's type, the page's rules that set values
 * (setWhen) and its checks apply, the zod schema the options form uses
 * checks the fields, and the processor's own schema checks them with the
 * manifest's processorSettings merged in: one call, checkRunOptions
 * (src/contract/run-options.ts), as the worker makes. A wrong value is a UsageError that names the option and what it takes.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Field, OptionValues, ToolManifest } from '../../schemas/manifest';
import { acceptedKinds, imageTooLargeMessage, imageValue } from '../contract/image-value';
import { isRequired } from '../contract/options';
import type { Facts } from '../contract/rules';
import { settleOptions } from '../core/options';
import { UsageError } from './args';
import { mimeOf } from './mime';

const list = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/** What a field takes, in words, for help and error messages. */
export function allowedValues(field: Field): string {
  switch (field.type) {
    case 'select':
    case 'radio':
      return `one of ${list(field.choices.map((c) => c.value))}`;
    case 'slider':
      return `a number from ${field.min} to ${field.max}${field.step !== 1 ? ` in steps of ${field.step}` : ''}`;
    case 'number': {
      const kind = field.integer ? 'a whole number' : 'a number';
      const max = field.maxFrom ? `the ${field.maxFrom.replace(/([A-Z])/g, ' $1').toLowerCase()}` : field.max;
      if (field.min !== undefined && max !== undefined) return `${kind} from ${field.min} to ${max}`;
      if (field.min !== undefined) return `${kind} of at least ${field.min}`;
      if (max !== undefined) return `${kind} up to ${max}`;
      return kind;
    }
    case 'toggle':
      return `on or off (--${field.name} / --no-${field.name})`;
    case 'text':
    case 'textarea': {
      const parts = [isRequired(field, 'real') ? 'text (required)' : 'text'];
      if (field.type === 'text' && field.minLength !== undefined) parts.push(`at least ${field.minLength} characters`);
      if (field.type === 'text' && field.maxLength !== undefined) parts.push(`at most ${field.maxLength} characters`);
      return parts.join(', ');
    }
    case 'color':
      return 'a colour as #rrggbb';
    case 'image':
      return `the path of a ${acceptedKinds(field)} file`;
  }
}

/** Image files already read, by path: every run of a command line takes the same image. */
const imageValues = new Map<string, string>();

/** An image field's value from the path given on the command line. */
function imageFromPath(field: Extract<Field, { type: 'image' }>, path: string): string {
  if (path.trim() === '') return '';
  const cached = imageValues.get(path);
  if (cached !== undefined) return cached;
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new UsageError(`--${field.name} takes the path of a ${acceptedKinds(field)} file; "${path}" is not a file.`);
    size = stats.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--${field.name}: the file "${path}" cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}). Please give the path of a ${acceptedKinds(field)} file.`);
  }
  // Refused before it is read, as the page refuses it before reading it.
  if (size > field.maxBytes) throw new UsageError(imageTooLargeMessage(field, basename(path), size));
  const value = imageValue(basename(path), mimeOf(path), new Uint8Array(readFileSync(path)));
  imageValues.set(path, value);
  return value;
}

/** A typed value for a field from its command-line text. */
function typed(field: Field, raw: string | boolean): OptionValues[string] {
  if (typeof raw === 'boolean') return raw;
  if (field.type === 'image') return imageFromPath(field, raw);
  if (field.type === 'slider' || field.type === 'number') {
    const n = raw.trim() === '' ? NaN : Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  return raw;
}

function invalid(field: Field, value: unknown, detail?: string, always = false): UsageError {
  const shown = typeof value === 'string' ? `"${value}"` : String(value);
  // The manifest's own words for the problem, when it has them (zod's generic texts would only repeat the rule).
  const own = [field.invalidMessage, 'requiredMessage' in field ? field.requiredMessage : undefined, 'minLengthMessage' in field ? field.minLengthMessage : undefined];
  const why = detail && (always || own.includes(detail)) ? ` ${detail}` : '';
  return new UsageError(`Invalid value ${shown} for --${field.name}: it takes ${allowedValues(field)}.${why}`);
}

/**
 * The values one tool runs with: what the command line gave, read into each
 * field's type, settled and checked by the run core (src/core/options.ts) as
 * every host settles them; a problem is a UsageError in the command's words.
 * `facts` are those of the files one run gets (one file, or all of them for a
 * tool that combines).
 */
export async function resolveOptions(
  manifest: ToolManifest,
  given: Record<string, string | boolean>,
  facts: Facts,
  preset: OptionValues = {},
  { checks = true }: { checks?: boolean } = {},
): Promise<OptionValues> {
  const fields = manifest.options;
  const typedGiven: OptionValues = {};
  for (const [name, raw] of Object.entries(given)) {
    const field = fields.find((f) => f.name === name);
    if (field) typedGiven[name] = typed(field, raw);
  }
  const checked = await settleOptions(manifest, typedGiven, facts, { preset, checks });
  if (checked.ok) return checked.values;
  const problem = checked.problems[0];
  if (problem.by === 'check') throw new UsageError(problem.message);
  const field = fields.find((f) => f.name === problem.field);
  // A processor's schema speaks for itself only in its own words; zod's generic ones would repeat the rule.
  const processorsOwnWords = problem.by === 'processor' && !/^(Invalid|Expected|Too)\b/.test(problem.message);
  // An image's problem is said in full, with the path given rather than the image's bytes.
  if (field?.type === 'image') throw new UsageError(`Invalid file for --${field.name}: ${problem.message}`);
  const values = { ...typedGiven };
  if (field) throw invalid(field, values[problem.field] ?? field.default, problem.message, processorsOwnWords);
  throw new UsageError(`${manifest.slug} cannot run with these options: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`);
}
