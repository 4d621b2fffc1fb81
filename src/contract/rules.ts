/**
 * Evaluation of the manifest's declarative rules: conditions, number
 * expressions, delays and size factors. Pure data in, numbers out; no eval.
 */
import type { Condition, Delay, Expr, OptionValues, Simulation, TextValue, ToolManifest } from '../../schemas/manifest';

/** Facts about the chosen files (and runtime facts such as pageCount that views add). */
export interface Facts {
  fileCount: number;
  totalBytes: number;
  [fact: string]: number;
}

export function holds(condition: Condition, options: OptionValues, facts: Facts): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, options, facts));
  if ('any' in condition) return condition.any.some((c) => holds(c, options, facts));
  if ('not' in condition) return !holds(condition.not, options, facts);
  if ('fileCount' in condition) {
    const { min = -Infinity, max = Infinity } = condition.fileCount;
    return facts.fileCount >= min && facts.fileCount <= max;
  }
  const value = options[condition.option];
  const text = value === null || value === undefined ? '' : String(value);
  if (condition.blank !== undefined && (text.trim() === '') !== condition.blank) return false;
  if (condition.shorterThan !== undefined && !(text.length < condition.shorterThan)) return false;
  if (condition.equals !== undefined && value !== condition.equals) return false;
  if (condition.notEquals !== undefined && value === condition.notEquals) return false;
  if (condition.in !== undefined && !condition.in.some((v) => v === value)) return false;
  return true;
}

function numeric(value: unknown): number {
  const n = typeof value === 'number' ? value : parseFloat(String(value));
  return Number.isFinite(n) ? n : 0;
}

export function evaluate(expr: Expr, options: OptionValues, facts: Facts): number {
  if (typeof expr === 'number') return expr;
  if ('option' in expr) return numeric(options[expr.option]);
  if ('fact' in expr) return facts[expr.fact] ?? 0;
  if ('lookup' in expr) return expr.values[String(options[expr.lookup])] ?? 0;
  if ('if' in expr) return evaluate(holds(expr.if, options, facts) ? expr.then : expr.else, options, facts);
  const [op, args] = Object.entries(expr)[0] as [string, Expr[]];
  const values = args.map((a) => evaluate(a, options, facts));
  switch (op) {
    case 'add':
      return values.reduce((a, b) => a + b, 0);
    case 'sub':
      return values.slice(1).reduce((a, b) => a - b, values[0]);
    case 'mul':
      return values.reduce((a, b) => a * b, 1);
    case 'div':
      return values.slice(1).reduce((a, b) => (b === 0 ? 0 : a / b), values[0]);
    case 'pow':
      return values[0] ** values[1];
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    default:
      throw new Error(`Unknown expression operator ${op}`);
  }
}

export function delayMs(delay: Delay, options: OptionValues, facts: Facts): number {
  if (typeof delay === 'number') return delay;
  if ('if' in delay) return delayMs(holds(delay.if, options, facts) ? delay.then : delay.else, options, facts);
  return delay.base + delay.perFile * facts.fileCount;
}

export function sizeFactor(simulation: Simulation, options: OptionValues, facts: Facts): number {
  const factor = simulation.sizeFactor;
  if (typeof factor === 'number') return factor;
  if ('byOption' in factor) return factor.values[String(options[factor.byOption])] ?? 1;
  return evaluate(factor.formula, options, facts);
}

/**
 * Fills {option} tokens of a template with option values; {option:30} cuts the value to 30
 * characters with an ellipsis (the specification's label and preview lengths). Unknown tokens stay visible.
 */
export function fillTemplate(template: string, options: OptionValues): string {
  return template.replace(/\{([a-zA-Z][a-zA-Z0-9]*)(?::(\d+))?\}/g, (token, key: string, cut?: string) => {
    const value = options[key];
    if (value === undefined || value === null || typeof value === 'object') return token;
    return cut === undefined ? String(value) : cutText(String(value), Number(cut));
  });
}

/** The text cut to at most `max` characters, ending with "..." when something was cut. */
export function cutText(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}...`;
}

export function textValue(value: TextValue, options: OptionValues, facts: Facts): string {
  if (typeof value === 'string') return fillTemplate(value, options);
  return textValue(holds(value.if, options, facts) ? value.then : value.else, options, facts);
}

/** A result fact from the manifest: a number expression or a text value. */
export function metaValue(value: Expr | TextValue, options: OptionValues, facts: Facts): string | number {
  if (typeof value === 'string') return fillTemplate(value, options);
  if (typeof value === 'object' && 'if' in value) {
    return metaValue(holds(value.if, options, facts) ? value.then : value.else, options, facts);
  }
  return evaluate(value, options, facts);
}

/**
 * The one reading of a manifest's checks: the first that holds for these values and facts, if any.
 * Here, with no zod, so a page can say what is wrong before a run without loading the options schema.
 */
export function failedCheck(checks: ToolManifest['checks'] | undefined, values: OptionValues, facts: Facts): ToolManifest['checks'][number] | undefined {
  return checks?.find((c) => holds(c.when, values, facts));
}
