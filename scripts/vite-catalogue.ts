/**
 * Vite plugin: `virtual:catalogue` is the light list of every tool (identity,
 * copy, icon and features) that the site shell needs, built from the
 * manifests at build time and validated there with the manifest schema, so
 * the home page ships neither zod nor the full manifests. The feature lists,
 * shown only on All Tools, are `virtual:catalogue-features`, so the home page
 * does not carry them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { manifestSchema, type ToolManifest } from '../schemas/manifest.ts';

const VIRTUAL_ID = 'virtual:catalogue';
const FEATURES_ID = 'virtual:catalogue-features';

export const SUMMARY_KEYS = ['slug', 'category', 'order', 'listed', 'title', 'description', 'icon', 'badge'] as const;

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

/** Each tool's feature list by slug. */
export function featuresModule(manifestRoot: string): string {
  const features = Object.fromEntries(readManifests(manifestRoot).map((tool) => [tool.slug, tool.features]));
  return `export const featuresBySlug = ${JSON.stringify(features)};`;
}

export function catalogue(manifestRoot: string): Plugin {
  return {
    name: 'filedesk-catalogue',
    resolveId: (id) => (id === VIRTUAL_ID || id === FEATURES_ID ? '\0' + id : undefined),
    load: (id) => {
      if (id === '\0' + VIRTUAL_ID) return catalogueModule(manifestRoot);
      if (id === '\0' + FEATURES_ID) return featuresModule(manifestRoot);
    },
  };
}
