/**
 * One tool's full manifest, fetched when its page opens, so a tool page carries
 * its own manifest and not every tool's. Manifests are validated against their
 * zod schema at build time and in the tests (the whole set is tests/support/catalogue.ts), so
 * the page only fills in the schema's defaults (manifest-defaults.ts) and does
 * not load zod to open.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { withManifestDefaults } from './manifest-defaults';

const files = import.meta.glob<unknown>('../../manifests/*/*.json', { import: 'default' });
/** manifests/<category>/<slug>.json by slug (a test holds each file name to its slug). */
const loaders = new Map(Object.entries(files).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), load]));
const loaded = new Map<string, ToolManifest>();

export async function loadToolManifest(slug: string): Promise<ToolManifest | undefined> {
  const load = loaders.get(slug);
  if (!load || loaded.has(slug)) return loaded.get(slug);
  const manifest = withManifestDefaults(await load());
  loaded.set(slug, manifest);
  return manifest;
}

/** The manifest loadToolManifest has already loaded, if it has. */
export function loadedToolManifest(slug: string): ToolManifest | undefined {
  return loaded.get(slug);
}
