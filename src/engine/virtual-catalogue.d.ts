declare module 'virtual:catalogue' {
  import type { ToolSummary } from './catalogue-summary';
  export const CATEGORIES: readonly ['pdf', 'image', 'audio', 'text', 'file'];
  export const summaries: ToolSummary[];
  /** Each workflow's title by slug. */
  export const workflowTitles: Record<string, string>;
}

declare module 'virtual:workflow-summaries' {
  import type { WorkflowSummary } from './workflow-summary';
  /** Every workflow, by title. */
  export const workflowSummaries: WorkflowSummary[];
}

declare module 'virtual:catalogue-features' {
  export const featuresBySlug: Record<string, string[]>;
}
