/**
 * The tools a chain may use, with the file types they take and make, from
 * `virtual:chain-tools` (built from the manifests at build time), so the
 * builder offers steps without loading every full manifest. Their titles here are the
 * English ones; chainToolTitle gives a tool's title in the page's language.
 */
import { chainTools as list } from 'virtual:chain-tools';
import type { FileTypes } from '../../schemas/manifest';
import { byCatalogueOrder, toolBySlug, type ToolSummary } from '../engine/catalogue-summary';
import { followers } from '../core/chain';

export interface ChainTool extends Pick<ToolSummary, 'slug' | 'category' | 'order' | 'title' | 'icon'> {
  accept: FileTypes;
  produces: FileTypes;
}

/** Every tool a chain may use, in catalogue order. */
export const chainTools: readonly ChainTool[] = [...list].sort(byCatalogueOrder);

/** The tools that take at least one of the file types `made` (what the previous step makes). */
export function toolsTaking(made: FileTypes): ChainTool[] {
  return followers({ produces: made }, chainTools);
}

/** A tool's title in the page's language (the catalogue's, which the page's locale has put in place); its slug for an unknown tool. */
export function chainToolTitle(slug: string): string {
  return toolBySlug(slug)?.title ?? chainTools.find((t) => t.slug === slug)?.title ?? slug;
}
