import type { ComponentType } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { currentLocale, loadMessages } from '../lib/i18n/messages';
import { loadRunWords } from './run-words';

export interface ToolViewProps {
  manifest: ToolManifest;
}

/**
 * Bespoke views, discovered as src/views/<name>.tsx and loaded only when their tool opens. The pattern does
 * not reach into folders, so a view's private parts in src/views/<name>/ are never taken for views.
 */
const views = import.meta.glob<{ default: ComponentType<ToolViewProps> }>(['../views/*.tsx', '!../views/*.test.tsx']);

export const viewNames: string[] = Object.keys(views).map((p) => p.replace(/^.*\/(.+)\.tsx$/, '$1'));

/** The message namespaces of the views. */
export const VIEW_NAMESPACES = ['views', 'pdf-views'] as const;

/** A view's code and the views' messages in the page's language, loaded together. */
export function viewLoader(name: string) {
  const load = views[`../views/${name}.tsx`];
  if (!load) return undefined;
  // A view runs library code on the page: the run's words come with it.
  return () => Promise.all([load(), loadMessages(...VIEW_NAMESPACES), loadRunWords(currentLocale())]).then(([module]) => module);
}
