/**
 * Vite plugin: `virtual:catalogue` is the light list of every tool (identity,
 * copy, icon and features) that the site shell needs, built from the
 * manifests at build time and validated there with the manifest schema, so
 * the home page ships neither zod nor the full manifests.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { manifestSchema, type ToolManifest } from '../schemas/manifest.ts';

const VIRTUAL_ID = 'virtual:catalogue';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

export const SUMMARY_KEYS = ['slug', 'category', 'order', 'listed', 'title', 'description', 'icon', 'features', 'badge'] as const;

/** Every manifest under manifestRoot, validated with the manifest schema. */
export function readManifests(manifestRoot: string): ToolManifest[] {
  return readdirSync(manifestRoot).flatMap((category) =>
    readdirSync(join(manifestRoot, category))
      .filter((f) => f.endsWith('.json'))
      .map((file) => {
        const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(join(manifestRoot, category, file), 'utf8')));
        if (!parsed.success) throw new Error(`Invalid manifest ${category}/${file}: ${parsed.error.message}`);
        return parsed.data;
      }),
  );
}

export function catalogueModule(manifestRoot: string): string {
  const summaries = readManifests(manifestRoot).map((tool) => ({
    ...Object.fromEntries(SUMMARY_KEYS.map((k) => [k, tool[k]])),
    // A tool with no real processing runs only its simulation: the site marks it as a demo.
    demoOnly: !tool.processor && !tool.worksInPage,
  }));
  return [
    `export const CATEGORIES = ${JSON.stringify(manifestSchema.shape.category.options)};`,
    `export const summaries = ${JSON.stringify(summaries)};`,
  ].join('\n');
}

export function catalogue(manifestRoot: string): Plugin {
  return {
    name: 'filedesk-catalogue',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? catalogueModule(manifestRoot) : undefined),
  };
}
