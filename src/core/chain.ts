/**
 * Which tool can take another tool's results. Every manifest declares the
 * file types it accepts and the ones it produces (react-dropzone maps of MIME
 * type to extensions), so a chain of tools is checked from data alone, before
 * anything runs. No React and no engines: this runs in tests, the build and
 * the page alike.
 */
import type { FileTypes, OptionValues, ToolManifest } from '../../schemas/manifest';
import { nameTemplate } from './naming';
import { runText } from '../lib/i18n/run-messages';

/**
 * Whether a produced MIME type is taken by an accepted one: the same type, or
 * an accepted wildcard of its family (image/* takes image/png). A produced
 * wildcard ("some image") is taken only by a wildcard, since a tool that takes
 * PNG alone cannot be sure to take every image.
 */
function mimeTaken(produced: string, accepted: string): boolean {
  if (produced === accepted) return true;
  const [family, subtype] = accepted.split('/');
  return subtype === '*' && produced.split('/')[0] === family;
}

/**
 * Whether a drop zone that accepts `accept` takes at least one of the file
 * types in `produced`. As in react-dropzone, a file is taken when its MIME
 * type or its extension matches.
 */
export function acceptsAny(accept: FileTypes, produced: FileTypes): boolean {
  const extensions = new Set(Object.values(accept).flat().map((e) => e.toLowerCase()));
  return Object.entries(produced).some(
    ([mime, exts]) =>
      Object.keys(accept).some((a) => mimeTaken(mime.toLowerCase(), a.toLowerCase())) ||
      exts.some((e) => extensions.has(e.toLowerCase())),
  );
}

/**
 * Whether `next` accepts at least one of the types `previous` produces. Only
 * the types are read, so light summaries (the chain builder's) work as well
 * as full manifests.
 */
export function canFollow(previous: Pick<ToolManifest, 'produces'>, next: Pick<ToolManifest, 'accept'>): boolean {
  return acceptsAny(next.accept, previous.produces);
}

/** The tools (of `tools`) that can take the results of `tool`, in the order given. */
export function followers<T extends Pick<ToolManifest, 'accept'>>(tool: Pick<ToolManifest, 'produces'>, tools: readonly T[]): T[] {
  return tools.filter((next) => canFollow(tool, next));
}

/**
 * The extension a naming template gives (".pdf"), or null when the name
 * keeps the input's extension ("compressed-{name}", "{base}-round.{ext}").
 */
export function templateExtension(template: string): string | null {
  const match = /\.([a-zA-Z0-9]+)$/.exec(template);
  return match ? `.${match[1].toLowerCase()}` : null;
}

/**
 * The types a tool makes with these option values. Options that pick another
 * naming template with its own extension narrow `produces` (the image
 * compressor set to WebP makes only .webp files); a template that keeps the
 * input's extension leaves all of them.
 */
export function producesWith(tool: ToolManifest, options: OptionValues): FileTypes {
  const extension = templateExtension(nameTemplate(tool.output, options, { fileCount: 1, totalBytes: 0 }));
  if (!extension) return tool.produces;
  const narrowed = Object.entries(tool.produces).filter(([, exts]) => exts.includes(extension));
  // A template whose extension produces does not list is a manifest error the contract test reports.
  return narrowed.length ? Object.fromEntries(narrowed.map(([mime]) => [mime, [extension]])) : tool.produces;
}

/** A short reading of file types for messages: ".jpg, .jpeg, .png". */
export function describeTypes(types: FileTypes): string {
  const extensions = [...new Set(Object.values(types).flat())];
  return extensions.length ? extensions.join(', ') : Object.keys(types).join(', ') || runText('run.chain.noFiles');
}
