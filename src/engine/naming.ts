/**
 * Output names from the manifest's template. Tokens: {name} (original file
 * name), {base} (name without its last extension, matched case-insensitively),
 * {ext} (original extension without dot), {timestamp} (ms since epoch), {n}
 * (1-based output index) and any option or processor variable by name.
 */
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { holds, type Facts } from './rules';

export interface NameContext {
  originalName: string;
  n: number;
  timestamp: number;
  options: OptionValues;
  vars?: Record<string, string | number>;
}

export function splitName(fileName: string): { base: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { base: fileName, ext: '' };
  return { base: fileName.slice(0, dot), ext: fileName.slice(dot + 1) };
}

/** Replaces characters that no common file system accepts. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned.slice(0, 240);
}

export function outputName(template: string, ctx: NameContext): string {
  const { base, ext } = splitName(ctx.originalName);
  const builtIn: Record<string, string | number> = {
    name: ctx.originalName,
    base,
    ext: ext.toLowerCase(),
    timestamp: ctx.timestamp,
    n: ctx.n,
  };
  const filled = template.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (token, key: string) => {
    const value = ctx.vars?.[key] ?? builtIn[key] ?? ctx.options[key];
    return value === undefined || value === null ? token : String(value);
  });
  return safeFileName(filled);
}

/** The manifest's naming template for these options: the first variant whose condition holds, else the default. */
export function nameTemplate(output: ToolManifest['output'], options: OptionValues, facts: Facts): string {
  return output.variants?.find((v) => holds(v.when, options, facts))?.name ?? output.name;
}
