/**
 * Every tool, discovered from manifests/<category>/<slug>.json and validated
 * with the manifest schema when the app loads. No hand-kept list of tools.
 */
import { manifestSchema, type ToolManifest } from '../../schemas/manifest';

const files = import.meta.glob('../../manifests/*/*.json', { eager: true, import: 'default' });

export const CATEGORIES = manifestSchema.shape.category.options;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  pdf: 'PDF',
  image: 'Image',
  audio: 'Audio',
  text: 'Text',
  file: 'File',
};

function load(): ToolManifest[] {
  const tools = Object.entries(files).map(([path, raw]) => {
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`Invalid manifest ${path}: ${parsed.error.message}`);
    return parsed.data;
  });
  return tools.sort(
    (a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.order - b.order,
  );
}

/** All tools, routed ones included, in catalogue order. */
export const allTools: readonly ToolManifest[] = load();

/** The public catalogue: listed tools in category order (pdf, image, audio, text, file). */
export const catalogue: readonly ToolManifest[] = allTools.filter((t) => t.listed);

const bySlug = new Map(allTools.map((t) => [t.slug, t]));

export function toolBySlug(slug: string): ToolManifest | undefined {
  return bySlug.get(slug);
}

export function toolPath(tool: Pick<ToolManifest, 'slug'>): string {
  return `/tools/${tool.slug}`;
}

/** Case-insensitive match on title, description or category; blank query matches nothing. */
export function searchTools(query: string, tools: readonly ToolManifest[] = catalogue): ToolManifest[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  return tools.filter((t) =>
    [t.title, t.description, t.category].some((text) => text.toLowerCase().includes(q)),
  );
}
