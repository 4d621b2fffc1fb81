/**
 * A chain the visitor brings (a shared link, a saved chain) checked against the
 * tools it names: their manifests are loaded one by one (never the whole
 * catalogue) and validateWorkflow decides. The result carries each step's
 * manifest, ready for its options form and for runChain.
 */
import '../contract/zod-jitless';
import type { ToolManifest } from '../../schemas/manifest';
import { loadToolManifest } from '../engine/tool-manifest';
import { validateWorkflow, type ResolvedWorkflow } from '../core/workflow';

export interface CheckedChain {
  workflow: ResolvedWorkflow;
  /** The manifest of each step's tool, in step order. */
  manifests: ToolManifest[];
}

export type ChainCheck = ({ ok: true } & CheckedChain) | { ok: false; errors: string[] };

/** The tool slugs a raw chain names, whatever else is wrong with it. */
function namedTools(raw: unknown): string[] {
  const steps = (raw as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.map((s) => (s as { tool?: unknown } | null)?.tool).filter((t): t is string => typeof t === 'string');
}

/** Validates a raw workflow against the tools it names; an unknown tool is one of the errors. */
export async function checkChain(raw: unknown): Promise<ChainCheck> {
  const loaded = await Promise.all([...new Set(namedTools(raw))].map((slug) => loadToolManifest(slug).catch(() => undefined)));
  const tools = loaded.filter((t): t is ToolManifest => !!t);
  const check = validateWorkflow(raw, tools);
  if (!check.ok) return check;
  const bySlug = new Map(tools.map((t) => [t.slug, t]));
  return { ok: true, workflow: check.workflow, manifests: check.workflow.steps.map((s) => bySlug.get(s.tool)!) };
}
