/**
 * The tools and workflows the command knows: every manifest and workflow
 * file, read at build time (import.meta.glob, resolved by the CLI's Vite
 * build) and validated exactly as the site's build validates them
 * (src/manifests/parse.ts).
 */
import type { ToolManifest } from '../../schemas/manifest';
import { parseManifest } from '../manifests/parse';
import { validateWorkflow, type ResolvedWorkflow } from '../core/workflow';
import { headlessProcessorName } from '../core/page-processors';

const manifestFiles = import.meta.glob('../../manifests/*/*.json', { eager: true, import: 'default' });
const workflowFiles = import.meta.glob('../../workflows/*.json', { eager: true, import: 'default' });

const CATEGORY_ORDER = ['pdf', 'image', 'audio', 'text', 'file'];

function loadTools(): ToolManifest[] {
  const tools = Object.entries(manifestFiles).map(([path, raw]) => parseManifest(path, raw));
  return tools.sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) || a.order - b.order);
}

/** Every tool, in the site's catalogue order. */
export const tools: readonly ToolManifest[] = loadTools();

/** A tool as the command runs it: a tool whose page does the work gets that work's processor (src/cli/page-tools.ts). */
const runnable = new Map(tools.map((t) => [t.slug, { ...t, processor: headlessProcessorName(t) }]));

function loadWorkflows(): ResolvedWorkflow[] {
  return Object.entries(workflowFiles)
    .map(([path, raw]) => {
      const check = validateWorkflow(raw, tools);
      if (!check.ok) throw new Error(`Invalid workflow ${path}:\n${check.errors.join('\n')}`);
      return check.workflow;
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

/** Every workflow, by slug. */
export const workflows: readonly ResolvedWorkflow[] = loadWorkflows();

const toolsBySlug = new Map(tools.map((t) => [t.slug, t]));
const workflowsBySlug = new Map(workflows.map((w) => [w.slug, w]));

export function toolBySlug(slug: string): ToolManifest | undefined {
  return toolsBySlug.get(slug);
}

/** The tool with the processor the command runs it with (its own, or its page's stand-in). */
export function runnableTool(slug: string): ToolManifest | undefined {
  return runnable.get(slug);
}

export function workflowBySlug(slug: string): ResolvedWorkflow | undefined {
  return workflowsBySlug.get(slug);
}
