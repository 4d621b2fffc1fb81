/**
 * What a tool page loads with its first render, decided from the manifest
 * alone. Read by the route (ToolRoute.tsx), the build's pre-rendering
 * (scripts/vite-prerender.ts) and the size budgets (scripts/size.ts), so the
 * three agree on which pages carry their form and view from the start.
 */
import type { ToolManifest } from '../../schemas/manifest';

/**
 * Whether the page shows its options form, and its bespoke view if it has one,
 * from its first render: a tool for typed text, which needs no file to start.
 * Any other page opens as the generic page and loads these with the first files.
 */
export function formFromStart(manifest: Pick<ToolManifest, 'limits'>): boolean {
  return manifest.limits.minFiles === 0;
}
