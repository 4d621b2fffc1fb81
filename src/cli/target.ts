/**
 * What the command runs: a tool or a workflow, seen the same way: the files
 * it takes, the option fields the command line may set, whether it combines
 * its files into one result, and the steps it runs with validated options.
 */
import type { Field, FileTypes, OptionValues, ToolManifest } from '../../schemas/manifest';
import type { ResolvedWorkflow } from '../core/workflow';
import { combinesFiles, worksFromText } from '../core/run-shape';
import type { Facts } from '../contract/rules';
import { extensionsOf, tooLargeMessage } from '../core/admission';
import { runnableTool, toolBySlug, workflowBySlug } from './catalogue';
import { resolveOptions } from './options';
import type { StepRequest } from './protocol';
import { nodeSupport } from '../core/capability';

export interface Target {
  kind: 'tool' | 'workflow';
  slug: string;
  title: string;
  accept: FileTypes;
  /** Accepted extensions, lower case with the dot. */
  extensions: string[];
  /** Fields the command line may set: a tool's options, or the fields a workflow asks for. */
  fields: Field[];
  maxBytes: number;
  limits: ToolManifest['limits'];
  /** The files of a run are combined into one result (merge, images to PDF), so they run together. */
  combines: boolean;
  /** Works from its text fields alone (no input files). */
  textOnly: boolean;
  /** Why it cannot run here, when it cannot. */
  siteOnly?: string;
  /** The processor modules its runs load. */
  processors: string[];
  /** The steps with options validated for runs with these facts (without the manifests' checks when `checks` is false). */
  steps(given: Record<string, string | boolean>, facts: Facts, checks?: boolean): Promise<StepRequest[]>;
  tooLarge(name: string): string;
  /** The page's message for too few files to combine. */
  tooFew: string;
}

/** The processor modules the tools' runs load, once each. */
function processorsOf(manifests: ToolManifest[]): string[] {
  return [...new Set(manifests.flatMap((m) => (m.processor ? [m.processor] : [])))];
}

function toolTarget(manifest: ToolManifest): Target {
  const support = nodeSupport(manifest);
  return {
    kind: 'tool',
    slug: manifest.slug,
    title: manifest.title,
    accept: manifest.accept,
    extensions: extensionsOf(manifest.accept),
    fields: manifest.options,
    maxBytes: manifest.limits.maxBytes,
    limits: manifest.limits,
    combines: combinesFiles(manifest),
    textOnly: worksFromText(manifest),
    siteOnly: support.ok ? undefined : support.reason,
    processors: processorsOf([manifest]),
    steps: async (given, facts, checks = true) => [{ tool: manifest.slug, options: await resolveOptions(manifest, given, facts, {}, { checks }) }],
    tooLarge: (name) => tooLargeMessage(name, manifest.limits.maxBytes),
    tooFew: manifest.messages.tooFewFiles ?? manifest.messages.noFile,
  };
}

function workflowTarget(workflow: ResolvedWorkflow): Target {
  const manifests = workflow.steps.map((s) => toolBySlug(s.tool)!);
  const first = manifests[0];
  // The fields a workflow asks for (a password, a language), once each.
  const fields: Field[] = [];
  workflow.steps.forEach((step, i) => {
    for (const name of step.ask) {
      const field = manifests[i].options.find((f) => f.name === name);
      if (field && !fields.some((f) => f.name === name)) fields.push({ ...field, default: (step.options[name] ?? field.default) as never });
    }
  });
  const blocked = manifests.map((m) => ({ m, s: nodeSupport(m) })).find(({ s }) => !s.ok);
  return {
    kind: 'workflow',
    slug: workflow.slug,
    title: workflow.title,
    accept: workflow.accept,
    extensions: extensionsOf(workflow.accept),
    fields,
    maxBytes: first.limits.maxBytes,
    limits: first.limits,
    combines: manifests.some(combinesFiles),
    textOnly: false,
    siteOnly: blocked && !blocked.s.ok ? `its step ${blocked.m.slug} ${blocked.s.reason}` : undefined,
    processors: processorsOf(manifests),
    async steps(given, facts, checks = true) {
      const steps: StepRequest[] = [];
      for (const [i, step] of workflow.steps.entries()) {
        const own = Object.fromEntries(Object.entries(given).filter(([name]) => step.ask.includes(name)));
        steps.push({ tool: step.tool, options: await resolveOptions(manifests[i], own, facts, step.options as OptionValues, { checks }) });
      }
      return steps;
    },
    tooLarge: (name) => tooLargeMessage(name, first.limits.maxBytes),
    tooFew: first.messages.tooFewFiles ?? first.messages.noFile,
  };
}

export function findTarget(slug: string): Target | undefined {
  const tool = runnableTool(slug);
  if (tool) return toolTarget(tool);
  const workflow = workflowBySlug(slug);
  return workflow ? workflowTarget(workflow) : undefined;
}
