/**
 * The MIME type of an input file, as the site's drop zone would give it: the
 * type the tools' accept maps pair with its extension, else the engine's own
 * table (src/engine/naming.ts).
 */
import { mimeFor } from '../core/naming';
import { tools } from './catalogue';

const byExtension = new Map<string, string>();
for (const tool of tools) {
  for (const [mime, extensions] of Object.entries(tool.accept)) {
    for (const extension of extensions) if (!byExtension.has(extension.toLowerCase())) byExtension.set(extension.toLowerCase(), mime);
  }
}

export function mimeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 && byExtension.get(name.slice(dot).toLowerCase())) || mimeFor(name);
}
