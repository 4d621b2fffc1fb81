/**
 * Every tool's full manifest, read from manifests/ and validated
 * (src/manifests/read.ts), for the tests and checks that go over all tools.
 * A tool page loads only its own (src/engine/tool-manifest.ts); the site
 * shell uses the light list in src/engine/catalogue-summary.ts.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { byCatalogueOrder } from '../../src/engine/catalogue-summary';
import { readManifests } from '../../src/manifests/read';

/** All tools, routed ones included, in catalogue order. */
export const allTools: readonly ToolManifest[] = readManifests().sort(byCatalogueOrder);

/** The public catalogue: listed tools in catalogue order (pdf, image, audio, text, file). */
export const catalogue: readonly ToolManifest[] = allTools.filter((t) => t.listed);

const bySlug = new Map(allTools.map((t) => [t.slug, t]));

export function toolBySlug(slug: string): ToolManifest | undefined {
  return bySlug.get(slug);
}
