/**
 * The light catalogue the site shell uses (home, all tools, search, footer):
 * each tool's identity, copy and icon, and each workflow's title, from
 * `virtual:catalogue`. Feature lists are in `virtual:catalogue-features`,
 * loaded by All Tools only; workflow cards in workflow-summary.ts. Full
 * manifests load only with a tool page (src/engine/tool-manifest.ts), full
 * workflows only with a workflow page.
 */
import { CATEGORIES, summaries, workflowSlugs as slugsOfWorkflows } from 'virtual:catalogue';
import { catalogueDescriptions, catalogueTitles } from 'virtual:catalogue-texts';
import type { ToolManifest } from '../../schemas/manifest';
import type { Locale } from '../lib/i18n/locales';
import { currentLocale, t } from '../lib/i18n/messages';
import { recalled, remember } from '../lib/page-data';

export type ToolSummary = Pick<ToolManifest, 'slug' | 'category' | 'order' | 'listed' | 'icon'> & {
  /** In the page's language: the title once the page's locale is prepared (localizeCatalogue), the description and badge once a page that lists tools has loaded them (loadCatalogueDescriptions). */
  title: string;
  description: string;
  badge?: string;
  /** No real processor yet: the tool runs only its simulation. */
  demoOnly: boolean;
};
export { CATEGORIES };
export type Category = (typeof CATEGORIES)[number];

/** A category's name in the page's language. */
export function categoryLabel(category: Category): string {
  return t(`common.category.${category}`);
}

/** A category's heading ("Image tools") in the page's language. */
export function categoryHeading(category: Category): string {
  return t(`common.categoryTools.${category}`);
}

const workflowTitles = new Map<string, string>();
const workflowDescriptions = new Map<string, string>();
let describedIn: Locale | undefined;
type Descriptions = Awaited<ReturnType<(typeof catalogueDescriptions)[Locale]>>['default'];
/** The descriptions in place, for the page data of a page that shows them. */
let described: Descriptions | undefined;

/**
 * Puts the tools' and workflows' titles of a locale in place: every page shows some (the
 * header's search, the footer). A page's locale is set once, before its first render; the
 * build renders each locale in turn.
 */
export async function localizeCatalogue(locale: Locale): Promise<void> {
  const key = `titles:${locale}`;
  const titles = recalled<Awaited<ReturnType<(typeof catalogueTitles)[Locale]>>['default']>(key) ?? (await catalogueTitles[locale]()).default;
  remember(key, titles);
  applyTitles(titles);
  if (describedIn !== locale) applyDescriptions(undefined, { tools: {}, workflows: {} });
}

type Titles = Awaited<ReturnType<(typeof catalogueTitles)[Locale]>>['default'];

/** Puts titles in place (localizeCatalogue; the pseudo-locale test gives its own). */
export function applyTitles(titles: Titles): void {
  for (const summary of summaries) summary.title = titles.tools[summary.slug] ?? summary.slug;
  workflowTitles.clear();
  for (const slug of slugsOfWorkflows) workflowTitles.set(slug, titles.workflows[slug] ?? slug);
}

/** Puts descriptions and badges in place, as a locale's (loadCatalogueDescriptions; the pseudo-locale test gives its own). */
export function applyDescriptions(locale: Locale | undefined, texts: Descriptions): void {
  for (const summary of summaries) Object.assign(summary, { description: texts.tools[summary.slug]?.description ?? '', badge: texts.tools[summary.slug]?.badge });
  workflowDescriptions.clear();
  for (const [slug, description] of Object.entries(texts.workflows)) workflowDescriptions.set(slug, description);
  describedIn = locale;
  described = locale ? texts : undefined;
}

/** Loads the tools' descriptions and badges, and the workflows' descriptions, in the page's language, for the pages that list them. */
export async function loadCatalogueDescriptions(): Promise<void> {
  const locale = currentLocale();
  const key = `descriptions:${locale}`;
  if (describedIn === locale) return remember(key, described);
  const texts = recalled<Descriptions>(key) ?? (await catalogueDescriptions[locale]()).default;
  remember(key, texts);
  applyDescriptions(locale, texts);
}

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
  return workflowTitles.get(slug);
}

/** Every workflow's slug. */
export function workflowSlugs(): string[] {
  return [...slugsOfWorkflows];
}

/** A workflow's description in the page's language, when it has one. */
export function workflowDescription(slug: string): string | undefined {
  return workflowDescriptions.get(slug);
}

/** The address of the chain builder. */
export const BUILDER_PATH = '/workflows/new';
