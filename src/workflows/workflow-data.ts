/**
 * One workflow's full data, loaded when its page opens: the file
 * workflows/<slug>.json and the manifests of its tools, each step's options
 * filled in with its tool's defaults. Workflows are checked against their
 * tools in the tests (tests/workflows.test.ts) and against their schema at
 * build time, so the page opens without zod, as tool pages do. The site
 * shell knows workflows only by their titles (catalogue-summary.ts).
 */
import type { ToolManifest } from '../../schemas/manifest';
import type { Workflow } from '../../schemas/workflow';
import { defaultOptions } from '../contract/option-values';
import { loadToolManifest } from '../engine/tool-manifest';
import type { ResolvedStep } from '../core/workflow';

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
const loaded = new Map<string, LoadedWorkflow>();

/** Loads a workflow and its tools; undefined for an unknown slug. */
export async function loadWorkflow(slug: string): Promise<LoadedWorkflow | undefined> {
  const load = loaders.get(slug);
  if (!load || loaded.has(slug)) return loaded.get(slug);
  const { title, description, icon, features, steps } = await load();
  const manifests = await Promise.all(
    steps.map(async ({ tool }) => {
      const manifest = await loadToolManifest(tool);
      if (!manifest) throw new Error(`Workflow ${slug} names the tool "${tool}", which does not exist`);
      return manifest;
    }),
  );
  const resolved = steps.map((s, i) => ({ tool: s.tool, options: { ...defaultOptions(manifests[i].options), ...s.options }, ask: s.ask ?? [] }));
  loaded.set(slug, { workflow: { slug, title, description, icon, features, steps: resolved }, manifests });
  return loaded.get(slug);
}

/** The workflow loadWorkflow has already loaded, if it has. */
export function loadedWorkflow(slug: string): LoadedWorkflow | undefined {
  return loaded.get(slug);
}
