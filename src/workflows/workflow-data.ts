/**
 * One workflow's full data, loaded when its page opens: the file
 * workflows/<slug>.json, with its title, description and features in the page's
 * language (locales/<locale>/workflows/<slug>.json, its own chunk per locale), and
 * the manifests of its tools, each step's options filled in with its tool's defaults. Workflows are checked against their
 * tools in the tests (tests/workflows.test.ts) and against their schema at
 * build time, so the page opens without zod, as tool pages do. The site
 * shell knows workflows only by their titles (catalogue-summary.ts).
 */
import type { ToolManifest } from '../../schemas/manifest';
import type { Workflow } from '../../schemas/workflow';
import { defaultOptions } from '../contract/option-values';
import { loadToolManifest } from '../engine/tool-manifest';
import type { ResolvedStep } from '../core/workflow';
import { SOURCE_LOCALE } from '../lib/i18n/locales';
import { localizeWorkflow, type Texts } from '../lib/i18n/manifest-texts';
import { recalled, remember } from '../lib/page-data';
import { localeTexts } from 'virtual:locale-texts';
import { currentLocale } from '../lib/i18n/messages';

export interface LoadedWorkflow {
  workflow: Pick<Workflow, 'slug' | 'title' | 'description' | 'icon' | 'features'> & { steps: ResolvedStep[] };
  /** The manifest of each step's tool, in step order. */
  manifests: ToolManifest[];
}

/** The file as written: options and ask may be left out. */
type WorkflowFile = Omit<Workflow, 'steps'> & { steps: { tool: string; options?: ResolvedStep['options']; ask?: string[] }[] };

const files = import.meta.glob<WorkflowFile>('../../workflows/*.json', { import: 'default' });
/** workflows/<slug>.json by slug (the build holds each file name to its slug). */
const loaders = new Map(Object.entries(files).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), load]));
/** By "<locale>:<slug>": the build renders every locale's pages in one process. */
const loaded = new Map<string, LoadedWorkflow>();
/** A locale's texts of each workflow loaded, by page-data key. */
const translations = new Map<string, Texts>();

/** Loads a workflow, in the page's language, and its tools; undefined for an unknown slug. */
export async function loadWorkflow(slug: string): Promise<LoadedWorkflow | undefined> {
  const locale = currentLocale();
  const key = `${locale}:${slug}`;
  const load = loaders.get(slug);
  const textsKey = `workflow:${locale}:${slug}`;
  if (!load || loaded.has(key)) {
    remember(textsKey, translations.get(textsKey));
    return loaded.get(key);
  }
  const translation = async (): Promise<Texts | undefined> =>
    locale === SOURCE_LOCALE ? undefined : (recalled<Texts>(textsKey) ?? (await (await localeTexts[locale]()).workflows[slug]?.()));
  const [file, texts]: [WorkflowFile, Texts | undefined] = await Promise.all([load(), translation()]);
  if (texts) translations.set(textsKey, texts);
  remember(textsKey, texts);
  const { icon, steps } = file;
  // Only the texts are the locale's; the steps are the file's.
  const { title, description, features } = localizeWorkflow({ ...file, steps: [] }, texts);
  const manifests = await Promise.all(
    steps.map(async ({ tool }) => {
      const manifest = await loadToolManifest(tool);
      if (!manifest) throw new Error(`Workflow ${slug} names the tool "${tool}", which does not exist`);
      return manifest;
    }),
  );
  const resolved = steps.map((s, i) => ({ tool: s.tool, options: { ...defaultOptions(manifests[i].options), ...s.options }, ask: s.ask ?? [] }));
  const workflow: LoadedWorkflow = { workflow: { slug, title, description, icon, features, steps: resolved }, manifests };
  loaded.set(key, workflow);
  return workflow;
}

/** The workflow loadWorkflow has already loaded, if it has, in the page's language. */
export function loadedWorkflow(slug: string): LoadedWorkflow | undefined {
  return loaded.get(`${currentLocale()}:${slug}`);
}
