/**
 * The tools a chain may use, with the file types they take and make, from
 * `virtual:chain-tools` (built from the manifests at build time), so the
 * builder offers steps without loading every full manifest.
 */
import { chainTools as list } from 'virtual:chain-tools';
import type { FileTypes } from '../../schemas/manifest';
import { byCatalogueOrder, type ToolSummary } from '../engine/catalogue-summary';
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
