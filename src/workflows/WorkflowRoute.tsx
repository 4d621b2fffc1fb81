/**
 * The /workflows/$slug page: the workflow's header, then its steps run on the
 * visitor's files (ChainWork). The route loads the workflow and its tools'
 * manifests first (preloadWorkflow), with the page's messages and the workflow's
 * own texts in the page's language, so the page renders complete at build
 * time and hydrates without waiting.
 */
import { useMemo } from 'react';
import type { StepRunner } from '../core/run-chain';
import { usePageReady } from '../lib/page-ready';
import { loadMessages } from '../lib/i18n/messages';
import { ToolIcon } from '../engine/ToolIcon';
import { ChainWork, type ChainEntry } from './ChainWork';
import { WorkflowHeader } from './WorkflowHeader';
import { loadedWorkflow, loadWorkflow, type LoadedWorkflow } from './workflow-data';

export async function preloadWorkflow(slug: string): Promise<void> {
  await Promise.all([loadWorkflow(slug), loadMessages('workflow', 'engine')]);
}

/** A loaded workflow's page; tests give it a workflow and their own step runner. */
export function WorkflowPage({ chain, runStep }: { chain: LoadedWorkflow; runStep?: StepRunner }) {
  usePageReady();
  const { workflow, manifests } = chain;
  const entries: ChainEntry[] = useMemo(
    () => workflow.steps.map((step, i) => ({ key: `${i}-${step.tool}`, manifest: manifests[i], options: step.options, ask: step.ask })),
    [workflow, manifests],
  );
  return (
    <div className="tool-page">
      <WorkflowHeader icon={<ToolIcon name={workflow.icon} size={28} />} title={workflow.title} description={workflow.description} features={workflow.features} />
      <ChainWork entries={entries} name={workflow.slug} runStep={runStep} />
    </div>
  );
}

export default function WorkflowRoute({ slug }: { slug: string }) {
  const chain = loadedWorkflow(slug);
  return chain ? <WorkflowPage key={slug} chain={chain} /> : null;
}
