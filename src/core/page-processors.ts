/**
 * Tools that have no processor because their page does the work itself
 * (`worksInPage`), with a pure function the command can call the same way:
 * each gets a processor here, named "page:<slug>", run like any other.
 */
import { z } from 'zod';
import { defineProcessor, type ProcessorModule } from '../contract/processor';
import { loadProcessor } from './processor-modules';
import { CASE_MODES, convertCase } from '../lib/text-case';

const PAGE_PROCESSORS: Record<string, ProcessorModule> = {
  // The page converts as the visitor types and offers the result as a .txt download.
  'text-case-converter': defineProcessor(z.object({ text: z.string().min(1, 'Please enter some text to convert.'), mode: z.enum(CASE_MODES) }), async (_, { text, mode }) => [
    { bytes: new TextEncoder().encode(convertCase(text, mode)), type: 'text/plain' },
  ]),
};

const PREFIX = 'page:';

/** The processor name the command uses for a tool: its own, or its page's stand-in. */
export function cliProcessorName(manifest: { slug: string; processor?: string; worksInPage?: boolean }): string | undefined {
  return manifest.processor ?? (manifest.worksInPage && PAGE_PROCESSORS[manifest.slug] ? PREFIX + manifest.slug : undefined);
}

/** Loads a processor by name, the page stand-ins included. */
export async function loadCliProcessor(name: string): Promise<ProcessorModule> {
  if (name.startsWith(PREFIX)) return PAGE_PROCESSORS[name.slice(PREFIX.length)];
  return loadProcessor(name);
}
