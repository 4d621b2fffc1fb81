import type { ComponentType } from 'react';
import type { ToolManifest } from '../../schemas/manifest';

export interface ToolViewProps {
  manifest: ToolManifest;
}

/**
 * Bespoke views, discovered as src/views/<name>.tsx and loaded only when their tool opens. The pattern does
 * not reach into folders, so a view's private parts in src/views/<name>/ are never taken for views.
 */
const views = import.meta.glob<{ default: ComponentType<ToolViewProps> }>(['../views/*.tsx', '!../views/*.test.tsx']);

export const viewNames: string[] = Object.keys(views).map((p) => p.replace(/^.*\/(.+)\.tsx$/, '$1'));

export function viewLoader(name: string) {
  return views[`../views/${name}.tsx`];
}
