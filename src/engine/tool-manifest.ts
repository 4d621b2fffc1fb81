/**
 * One tool's full manifest, fetched and validated when its page opens, so a
 * tool page carries its own manifest and not every tool's. (The whole set,
 * for tests and tools that list them, is catalogue.ts.)
 */
import { manifestSchema, type ToolManifest } from '../../schemas/manifest';

const files = import.meta.glob<unknown>('../../manifests/*/*.json', { import: 'default' });
/** manifests/<category>/<slug>.json by slug (a test holds each file name to its slug). */
const loaders = new Map(Object.entries(files).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), load]));
const loaded = new Map<string, ToolManifest>();

export async function loadToolManifest(slug: string): Promise<ToolManifest | undefined> {
  const load = loaders.get(slug);
  if (!load || loaded.has(slug)) return loaded.get(slug);
  const parsed = manifestSchema.safeParse(await load());
  if (!parsed.success) throw new Error(`Invalid manifest ${slug}: ${parsed.error.message}`);
  loaded.set(slug, parsed.data);
  return parsed.data;
}

/** The manifest loadToolManifest has already loaded, if it has. */
export function loadedToolManifest(slug: string): ToolManifest | undefined {
  return loaded.get(slug);
}
