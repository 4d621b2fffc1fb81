/**
 * Validation of a workflow against the tools it names: every step is a real
 * tool that runs from its options alone, its options pass the tool's own
 * option schema (and its processor's, when given), and it accepts what the
 * previous step makes. Pure data, no React and no processor code, so the
 * site, the build and the tests share it.
 */
import type { z } from 'zod';
import type { FileTypes, OptionValues, ToolManifest } from '../../schemas/manifest';
import { workflowSchema, type Workflow, type WorkflowStep } from '../../schemas/workflow';
import { acceptsAny, canFollow, describeTypes, producesWith } from './chain';
import { runsWithoutPage } from './capability';
import { defaultOptions } from '../contract/options';
import { checkRunOptions } from '../contract/run-options';

/** A step with its tool's defaults filled in. */
export interface ResolvedStep {
  tool: string;
  options: OptionValues;
  ask: string[];
}

/** A valid workflow: what its first step accepts, and what its last step makes with its options. */
export interface ResolvedWorkflow extends Omit<Workflow, 'steps'> {
  steps: ResolvedStep[];
  accept: FileTypes;
  produces: FileTypes;
}

export type WorkflowCheck = { ok: true; workflow: ResolvedWorkflow } | { ok: false; errors: string[] };

/** Options are checked as for one chosen file; facts a page adds later (a page count) are not known yet. */
const STEP_FACTS = { fileCount: 1, totalBytes: 0 };

function where(path: readonly PropertyKey[]): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const rest = path.slice(2).map(String).join('.');
    return `step ${path[1] + 1}${rest ? ` ${rest}` : ''}`;
  }
  return path.length ? path.map(String).join('.') : 'file';
}

/** The problems of one step on its own, and its options with the tool's defaults filled in. */
function checkStep(
  step: WorkflowStep,
  tool: ToolManifest,
  processorOptions?: ReadonlyMap<string, z.ZodType>,
): { problems: string[]; options: OptionValues } {
  const problems: string[] = [];
  const support = runsWithoutPage(tool);
  if (!support.ok) problems.push(`the tool ${support.reason}`);

  const names = tool.options.map((f) => f.name);
  const known = names.length ? `its options are ${names.join(', ')}` : 'it has no options';
  for (const key of Object.keys(step.options)) {
    if (!names.includes(key)) problems.push(`"${key}" is not one of its options (${known})`);
  }
  for (const key of step.ask) {
    if (!names.includes(key)) problems.push(`it asks for "${key}", which is not one of its options (${known})`);
  }

  // An asked field the step leaves unset (a password) gets its value from the visitor, so it is checked then.
  const unset = new Set(step.ask.filter((name) => !(name in step.options)));
  const options: OptionValues = { ...defaultOptions(tool.options), ...step.options };
  const fields = tool.options.filter((f) => !unset.has(f.name));
  const processorSchema = tool.processor ? processorOptions?.get(tool.processor) : undefined;
  // The run path's own check (src/contract/run-options.ts), so a step that validates here also runs.
  const checked = checkRunOptions(options, { fields, facts: STEP_FACTS }, processorSchema, tool.processorSettings);
  if (checked.ok) return { problems, options: checked.values };
  for (const problem of checked.problems) {
    if (problem.by === 'fields') problems.push(`option "${problem.field}": ${problem.message}`);
    else if (!unset.has(problem.field)) problems.push(`its processor does not take option "${problem.path}": ${problem.message}`);
  }
  return { problems, options };
}

/**
 * Validates a workflow file's content against the tools. `manifests` are the
 * tools' manifests; `processorOptions`, by processor name, adds each
 * processor's own option schema to the check (tests load them; the page
 * does not, to stay free of processor code). Every error names the workflow,
 * the step and the problem.
 */
export function validateWorkflow(
  raw: unknown,
  manifests: readonly ToolManifest[],
  processorOptions?: ReadonlyMap<string, z.ZodType>,
): WorkflowCheck {
  const slug = (raw as { slug?: unknown } | null)?.slug;
  const prefix = `Workflow "${typeof slug === 'string' ? slug : '(no slug)'}"`;
  const parsed = workflowSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => `${prefix}, ${where(i.path)}: ${i.message}`) };

  const workflow = parsed.data;
  const bySlug = new Map(manifests.map((t) => [t.slug, t]));
  const errors: string[] = [];
  const steps: ResolvedStep[] = [];
  workflow.steps.forEach((step, i) => {
    const at = `${prefix}, step ${i + 1} (${step.tool})`;
    const tool = bySlug.get(step.tool);
    if (!tool) {
      errors.push(`${at}: there is no tool with this slug`);
      steps.push({ tool: step.tool, options: step.options, ask: step.ask });
      return;
    }
    const { problems, options } = checkStep(step, tool, processorOptions);
    errors.push(...problems.map((p) => `${at}: ${p}`));
    steps.push({ tool: step.tool, options, ask: step.ask });

    const previous = i > 0 ? bySlug.get(workflow.steps[i - 1].tool) : undefined;
    if (!previous) return;
    if (!canFollow(previous, tool)) {
      errors.push(`${at}: it cannot follow step ${i} (${previous.slug}): it takes ${describeTypes(tool.accept)}, and step ${i} makes ${describeTypes(previous.produces)}`);
    } else {
      const made = producesWith(previous, steps[i - 1].options);
      if (!acceptsAny(tool.accept, made))
        errors.push(`${at}: it cannot follow step ${i} (${previous.slug}) with its options: it takes ${describeTypes(tool.accept)}, and step ${i} makes ${describeTypes(made)}`);
    }
  });
  if (errors.length) return { ok: false, errors };

  const first = bySlug.get(steps[0].tool)!;
  const last = steps[steps.length - 1];
  return {
    ok: true,
    workflow: { ...workflow, steps, accept: first.accept, produces: producesWith(bySlug.get(last.tool)!, last.options) },
  };
}
