declare module 'virtual:catalogue' {
  import type { ToolSummary } from './catalogue-summary';
  export const CATEGORIES: readonly ['pdf', 'image', 'audio', 'text', 'file'];
  export const summaries: ToolSummary[];
}

declare module 'virtual:catalogue-features' {
  export const featuresBySlug: Record<string, string[]>;
}
