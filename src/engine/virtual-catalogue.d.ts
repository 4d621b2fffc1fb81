declare module 'virtual:catalogue' {
  import type { ToolSummary } from './catalogue-summary';
  export const CATEGORIES: readonly ['pdf', 'image', 'audio', 'text', 'file'];
  /** Each tool's identity; its texts are put in place in the page's language (catalogue-summary.ts). */
  export const summaries: ToolSummary[];
  /** Every workflow's slug. */
  export const workflowSlugs: string[];
}

declare module 'virtual:workflow-summaries' {
  import type { WorkflowSummary } from './workflow-summary';
  /** Every workflow, by title; `steps` holds the slugs of its tools. */
  export const workflowSummaries: WorkflowSummary[];
}

declare module 'virtual:catalogue-features' {
  import type { Locale } from '../lib/i18n/locales';
  export const featuresBySlug: Record<string, string[]>;
  /** Each translated locale's feature lists by slug, loaded on demand. */
  export const localeFeatures: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Record<string, string[]> }>>;
}

declare module 'virtual:catalogue-texts' {
  import type { Locale } from '../lib/i18n/locales';
  interface Titles {
    tools: Record<string, string>;
    workflows: Record<string, string>;
  }
  interface Descriptions {
    tools: Record<string, { description: string; badge?: string }>;
    workflows: Record<string, string>;
  }
  /** Each locale's tool and workflow titles, and their descriptions, loaded on demand (scripts/vite-messages.ts). */
  export const catalogueTitles: Record<Locale, () => Promise<{ default: Titles }>>;
  export const catalogueDescriptions: Record<Locale, () => Promise<{ default: Descriptions }>>;
}

declare module 'virtual:locale-texts' {
  import type { Locale } from '../lib/i18n/locales';
  import type { Texts } from '../lib/i18n/manifest-texts';
  type Loaders = Record<string, () => Promise<Texts>>;
  /** Each translated locale's loaders of its tool and workflow texts, by slug (scripts/vite-messages.ts). */
  export const localeTexts: Record<Exclude<Locale, 'en'>, () => Promise<{ tools: Loaders; workflows: Loaders }>>;
}

declare module 'virtual:locale-offers' {
  import type { Locale } from '../lib/i18n/locales';
  /** Each language's offer of a page in it, in that language (scripts/vite-messages.ts). */
  const offers: Record<Locale, { text: string; switch: string; dismiss: string }>;
  export default offers;
}
