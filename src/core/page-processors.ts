/**
 * Tools that have no processor because their page does the work itself
 * (kind 'in-page'), with a pure function a host without the page (the command
 * line) can call the same way: each gets a processor, named "page:<slug>",
 * loaded and run like any other (processor-modules.ts). The stand-ins load
 * on first use, so asking whether a tool has one costs a page nothing.
 */
import type { ProcessorModule } from '../contract/processor';
import { toolKind, type KindFacts } from './tool-kind';

const STAND_INS: Record<string, () => Promise<{ default: ProcessorModule }>> = {
  'text-case-converter': () => import('./stand-ins/text-case-converter'),
};

export const PAGE_PREFIX = 'page:';

/** The processor a host without the page runs a tool with: its own, or its page's stand-in. */
export function headlessProcessorName(manifest: KindFacts & { slug: string }): string | undefined {
  if (toolKind(manifest) === 'in-page') return STAND_INS[manifest.slug] ? PAGE_PREFIX + manifest.slug : undefined;
  return manifest.processor;
}

export async function pageProcessor(name: string): Promise<ProcessorModule | undefined> {
  const load = STAND_INS[name.slice(PAGE_PREFIX.length)];
  return load ? (await load()).default : undefined;
}
