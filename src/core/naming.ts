/**
 * Output names from the manifest's template. Tokens: {name} (original file
 * name), {base} (name without its last extension, matched case-insensitively),
 * {ext} (original extension without dot), {timestamp} (ms since epoch), {n}
 * (1-based output index) and any option or processor variable by name.
 */
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { holds, type Facts } from '../contract/rules';
import { factsOf, textBytesOf } from './facts';
import type { ToolOutput } from '../contract/types';
import type { ToolResult } from './tool-result';
import { nameClaims, namingNames } from './name-plan';
import { numberedName, safeFileName, splitName } from './file-names';

export interface NameContext {
  originalName: string;
  n: number;
  timestamp: number;
  options: OptionValues;
  vars?: Record<string, string | number>;
}

export { numberedName, safeFileName, splitName };

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

/** The MIME type for a file name's extension. */
export function mimeFor(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = {
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    gif: 'image/gif',
    svg: 'image/svg+xml',
    zip: 'application/zip',
    txt: 'text/plain',
    csv: 'text/csv',
    json: 'application/json',
    xml: 'application/xml',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    mp3: 'audio/mpeg',
    mp4: 'video/mp4',
  };
  return known[ext] ?? 'application/octet-stream';
}


/**
 * The one place outputs get their names, for real and demo runs alike: an
 * output made from one input (it says which, or there is one output per
 * input) takes that input's name, otherwise every output is named from the
 * first input (or the tool's slug when it works from text alone). An output
 * without a type gets the one its name implies.
 */
export function nameOutputs(
  manifest: ToolManifest,
  files: readonly { name: string; size: number }[],
  outputs: ToolOutput[],
  options: OptionValues,
  timestamp = Date.now(),
): ToolResult[] {
  return namedOutputs(manifest, files, outputs, options, timestamp).map(({ output, name, source, single }, i) => ({
    id: `${timestamp}-${i}`,
    name,
    size: output.bytes.byteLength,
    blob: new Blob([output.bytes as Uint8Array<ArrayBuffer>], { type: output.type || mimeFor(name) }),
    originalName: source?.name,
    original: single && source instanceof Blob ? source : undefined,
    meta: output.meta,
    ...(output.note ? { note: output.note } : {}),
  }));
}

/** Each output with its name and the input it came from; `single` when it is that input's only output. */
export function namedOutputs<F extends { name: string; size: number }>(
  manifest: ToolManifest,
  files: readonly F[],
  outputs: ToolOutput[],
  options: OptionValues,
  timestamp = Date.now(),
): { output: ToolOutput; name: string; source: F | undefined; single: boolean }[] {
  const oneToOne = outputs.length === files.length && outputs.every((o) => o.source === undefined);
  const sourceOf = (output: ToolOutput, i: number) => output.source ?? (oneToOne ? i : 0);
  // How many outputs each input gave: only an input's single output is shown over it.
  const perSource = new Map<number, number>();
  outputs.forEach((o, i) => perSource.set(sourceOf(o, i), (perSource.get(sourceOf(o, i)) ?? 0) + 1));
  const template = nameTemplate(manifest.output, options, factsOf(files, textBytesOf(options)));
  // Inputs that would give the same names (b.png and b.jpg) are told apart before any is named, and no two outputs share a name.
  const naming = namingNames(files.map((f) => f.name));
  const taken = nameClaims();
  return outputs.map((output, i) => {
    const index = sourceOf(output, i);
    const source = files[index];
    const single = (oneToOne || output.source !== undefined) && perSource.get(index) === 1;
    const originalName = source ? (naming[index] ?? source.name) : manifest.slug;
    const wanted = output.name !== undefined ? safeFileName(output.name) : outputName(template, { originalName, n: i + 1, timestamp, options, vars: output.vars });
    return { output, name: taken.claim(wanted), source, single };
  });
}
