/**
 * The workflows as the pages that list them show them (All Tools, the
 * search): identity, copy, icon and the titles of their tools, in the page's
 * language, from `virtual:workflow-summaries`, built at build time. The site
 * shell knows only their titles (catalogue-summary.ts).
 */
import { workflowSummaries } from 'virtual:workflow-summaries';
import { toolBySlug, workflowDescription, workflowTitle } from './catalogue-summary';

export interface WorkflowSummary {
  slug: string;
  title: string;
  description: string;
  icon: string;
  /** The titles of the tools it runs, in order. */
  steps: string[];
}

/** Every workflow, by its English title, in the page's language. */
export function workflows(): WorkflowSummary[] {
  return workflowSummaries.map((w) => ({
    ...w,
    title: workflowTitle(w.slug) ?? w.title,
    description: workflowDescription(w.slug) ?? w.description,
    steps: w.steps.map((slug: string) => toolBySlug(slug)?.title ?? slug),
  }));
}

/** Case-insensitive match on a workflow's title or description; a blank query matches nothing. */
export function searchWorkflows(query: string, list: readonly WorkflowSummary[] = workflows()): WorkflowSummary[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  return list.filter((w) => [w.title, w.description].some((text) => text.toLowerCase().includes(q)));
}
