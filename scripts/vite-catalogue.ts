/**
 * Vite plugin: `virtual:catalogue` is the light list of every tool (identity,
 * copy, icon and features) and the title of every workflow, what the site
 * shell needs, built from the manifests and workflows at build time and
 * validated there, so the home page ships neither zod nor the full
 * manifests. The pages that list more load it on their own: the feature
 * lists (All Tools) are `virtual:catalogue-features`, the workflows' cards
 * and search entries (All Tools, search) `virtual:workflow-summaries`, and
 * the types the chain builder matches tools by `virtual:chain-tools`.
 */
import type { Plugin } from 'vite';
import { manifestSchema, type ToolManifest } from '../schemas/manifest.ts';
import { workflowSchema, type Workflow } from '../schemas/workflow.ts';
import { readManifests, readWorkflowFiles } from '../src/manifests/read.ts';
import { toolKind } from '../src/core/tool-kind.ts';
import { TRANSLATED_LOCALES } from '../src/lib/i18n/locales.ts';


const VIRTUAL_ID = 'virtual:catalogue';
const FEATURES_ID = 'virtual:catalogue-features';
const CHAIN_TOOLS_ID = 'virtual:chain-tools';
const WORKFLOWS_ID = 'virtual:workflow-summaries';
/** One locale's feature lists of every tool, for All Tools (virtual:catalogue-features loads it; scripts/vite-messages.ts makes it). */
export const LOCALE_FEATURES = 'virtual:catalogue-features/';

/** Paths under /workflows/ that are pages of their own, so no workflow may take them as its slug. */
export const RESERVED_WORKFLOW_SLUGS = ['new'];

/** A tool's identity in the site shell; its title, description and badge are per language (scripts/vite-messages.ts). */
export const SUMMARY_KEYS = ['slug', 'category', 'order', 'listed', 'icon'] as const;

/**
 * Every workflows/<slug>.json, by title, checked with the workflow schema and for tools that exist.
 * The full check against the tools' options and types (src/engine/workflow.ts) runs in the tests
 * and when a workflow page renders, at build time too.
 */
export function readWorkflows(workflowRoot: string, tools: readonly ToolManifest[]): Workflow[] {
  const slugs = new Set(tools.map((t) => t.slug));
  return readWorkflowFiles(workflowRoot)
    .map(({ path: file, slug, raw }) => {
      const parsed = workflowSchema.safeParse(raw);
      if (!parsed.success) throw new Error(`Invalid workflow ${file}: ${parsed.error.message}`);
      const workflow = parsed.data;
      if (workflow.slug !== slug) throw new Error(`Workflow ${file} has the slug "${workflow.slug}"; it must be "${slug}"`);
      if (RESERVED_WORKFLOW_SLUGS.includes(slug)) throw new Error(`Workflow ${file}: /workflows/${slug} is taken by a page of its own`);
      const unknown = workflow.steps.find((s) => !slugs.has(s.tool));
      if (unknown) throw new Error(`Workflow ${file}: there is no tool "${unknown.tool}"`);
      return workflow;
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** What the site shell shows of a workflow: its card, its search entry and the slugs of its steps' tools. */
export function workflowSummaries(workflows: readonly Workflow[]) {
  return workflows.map((w) => ({
    slug: w.slug,
    title: w.title,
    description: w.description,
    icon: w.icon,
    steps: w.steps.map((s) => s.tool),
  }));
}

export function catalogueModule(manifestRoot: string, workflowRoot: string): string {
  const tools = readManifests(manifestRoot);
  const summaries = tools.map((tool) => ({
    ...Object.fromEntries(SUMMARY_KEYS.map((k) => [k, tool[k]])),
    // A tool with no real processing runs only its simulation: the site marks it as a demo.
    demoOnly: toolKind(tool) === 'demo-only',
  }));
  return [
    `export const CATEGORIES = ${JSON.stringify(manifestSchema.shape.category.options)};`,
    `export const summaries = ${JSON.stringify(summaries)};`,
    // The routes need only to know a workflow; its title, card and search entry load in the page's language.
    `export const workflowSlugs = ${JSON.stringify(readWorkflows(workflowRoot, tools).map((w) => w.slug))};`,
  ].join('\n');
}

export function workflowSummariesModule(manifestRoot: string, workflowRoot: string): string {
  const tools = readManifests(manifestRoot);
  return `export const workflowSummaries = ${JSON.stringify(workflowSummaries(readWorkflows(workflowRoot, tools)))};`;
}

/**
 * The listed tools a chain may use (real processing, files in, nothing asked
 * on their own page; the rules validateWorkflow applies), with the types the
 * builder matches steps by.
 */
export function chainToolsModule(manifestRoot: string): string {
  const tools = readManifests(manifestRoot)
    .filter((t) => t.listed && toolKind(t) === 'real' && Object.keys(t.accept).length > 0 && !t.pageInput)
    .map(({ slug, category, order, title, icon, accept, produces }) => ({ slug, category, order, title, icon, accept, produces }));
  return `export const chainTools = ${JSON.stringify(tools)};`;
}

/** Each tool's feature list by slug, and a loader of each other locale's (scripts/vite-messages.ts). */
export function featuresModule(manifestRoot: string): string {
  const features = Object.fromEntries(readManifests(manifestRoot).map((tool) => [tool.slug, tool.features]));
  const loaders = TRANSLATED_LOCALES.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(LOCALE_FEATURES + l)})`);
  return `export const featuresBySlug = ${JSON.stringify(features)};\nexport const localeFeatures = {${loaders.join(', ')}};`;
}

export function catalogue(manifestRoot: string, workflowRoot: string): Plugin {
  return {
    name: 'filedesk-catalogue',
    resolveId: (id) => ([VIRTUAL_ID, FEATURES_ID, CHAIN_TOOLS_ID, WORKFLOWS_ID].includes(id) ? '\0' + id : undefined),
    load: (id) => {
      if (id === '\0' + VIRTUAL_ID) return catalogueModule(manifestRoot, workflowRoot);
      if (id === '\0' + FEATURES_ID) return featuresModule(manifestRoot);
      if (id === '\0' + CHAIN_TOOLS_ID) return chainToolsModule(manifestRoot);
      if (id === '\0' + WORKFLOWS_ID) return workflowSummariesModule(manifestRoot, workflowRoot);
    },
  };
}
