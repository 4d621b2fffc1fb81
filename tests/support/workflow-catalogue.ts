/**
 * Every workflow, read from workflows/<slug>.json (src/manifests/read.ts)
 * like the tools' manifests, and validated against them (src/engine/workflow.ts) when this
 * module loads, so an invalid workflow fails the tests and whatever lists
 * them, never a visitor's run. It loads every full manifest (catalogue.ts),
 * so the site does not use it: pages list workflows from build-time
 * summaries (workflow-summary.ts), and a workflow page loads only its own
 * workflow and tools (src/workflows/workflow-data.ts).
 */
import { allTools } from './catalogue';
import { validateWorkflow, type ResolvedWorkflow } from '../../src/core/workflow';
import { readWorkflowFiles } from '../../src/manifests/read';

function load(): ResolvedWorkflow[] {
  const workflows = readWorkflowFiles().map(({ path, slug, raw }) => {
    const check = validateWorkflow(raw, allTools);
    if (!check.ok) throw new Error(`Invalid workflow ${path}:\n${check.errors.join('\n')}`);
    // The slug is the address, so it must be the file's name (as for tools).
    if (check.workflow.slug !== slug) throw new Error(`Workflow ${path} has the slug "${check.workflow.slug}"; it must be "${slug}"`);
    return check.workflow;
  });
  return workflows.sort((a, b) => a.title.localeCompare(b.title));
}

/** Every workflow, valid, by title. */
export const allWorkflows: readonly ResolvedWorkflow[] = load();

const bySlug = new Map(allWorkflows.map((w) => [w.slug, w]));

export function workflowBySlug(slug: string): ResolvedWorkflow | undefined {
  return bySlug.get(slug);
}
