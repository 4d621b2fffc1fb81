/**
 * Every tool's full manifest, discovered from manifests/<category>/<slug>.json
 * and validated with the manifest schema, for the tests and checks that go
 * over all tools. A tool page loads only its own (tool-manifest.ts); the site
 * shell uses the light list in catalogue-summary.ts.
 */
import { manifestSchema, type ToolManifest } from '../../schemas/manifest';
import { byCatalogueOrder } from './catalogue-summary';

export { CATEGORIES, CATEGORY_LABELS, searchTools, toolPath, type Category } from './catalogue-summary';

const files = import.meta.glob('../../manifests/*/*.json', { eager: true, import: 'default' });

function load(): ToolManifest[] {
  const tools = Object.entries(files).map(([path, raw]) => {
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`Invalid manifest ${path}: ${parsed.error.message}`);
    return parsed.data;
  });
  return tools.sort(byCatalogueOrder);
}

/** All tools, routed ones included, in catalogue order. */
export const allTools: readonly ToolManifest[] = load();

/** The public catalogue: listed tools in catalogue order (pdf, image, audio, text, file). */
export const catalogue: readonly ToolManifest[] = allTools.filter((t) => t.listed);

const bySlug = new Map(allTools.map((t) => [t.slug, t]));

export function toolBySlug(slug: string): ToolManifest | undefined {
  return bySlug.get(slug);
}
