/**
 * The light catalogue the site shell uses (home, all tools, search, footer):
 * each tool's identity, copy and icon, and each workflow's title, from
 * `virtual:catalogue`. Feature lists are in `virtual:catalogue-features`,
 * loaded by All Tools only; workflow cards in workflow-summary.ts. Full
 * manifests load only with a tool page (src/engine/tool-manifest.ts), full
 * workflows only with a workflow page.
 */
import { CATEGORIES, summaries, workflowTitles } from 'virtual:catalogue';
import type { ToolManifest } from '../../schemas/manifest';

export type ToolSummary = Pick<
  ToolManifest,
  'slug' | 'category' | 'order' | 'listed' | 'title' | 'description' | 'icon' | 'badge'
> & {
  /** No real processor yet: the tool runs only its simulation. */
  demoOnly: boolean;
};
export { CATEGORIES };
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  pdf: 'PDF',
  image: 'Image',
  audio: 'Audio',
  text: 'Text',
  file: 'File',
};

/** Catalogue order: category order (pdf, image, audio, text, file), then each tool's order. */
export function byCatalogueOrder(a: Pick<ToolSummary, 'category' | 'order'>, b: Pick<ToolSummary, 'category' | 'order'>): number {
  return CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.order - b.order;
}

/** All tools, routed ones included, in catalogue order. */
export const allTools: readonly ToolSummary[] = [...summaries].sort(byCatalogueOrder);

/** The public catalogue: listed tools in catalogue order. */
export const catalogue: readonly ToolSummary[] = allTools.filter((t) => t.listed);

const bySlug = new Map(allTools.map((t) => [t.slug, t]));

export function toolBySlug(slug: string): ToolSummary | undefined {
  return bySlug.get(slug);
}

export function toolPath(tool: Pick<ToolSummary, 'slug'>): string {
  return `/tools/${tool.slug}`;
}

/** Case-insensitive match on title, description or category; a blank query matches nothing. */
export function searchTools(query: string, tools: readonly ToolSummary[] = catalogue): ToolSummary[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  return tools.filter((t) => [t.title, t.description, t.category].some((text) => text.toLowerCase().includes(q)));
}

/** A workflow's title, or undefined when there is no workflow with this slug. */
export function workflowTitle(slug: string): string | undefined {
  return Object.hasOwn(workflowTitles, slug) ? workflowTitles[slug] : undefined;
}

/** The address of the chain builder. */
export const BUILDER_PATH = '/workflows/new';
