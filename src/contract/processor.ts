/**
 * The contract of a processor module (src/processors/<name>.ts). What a
 * visitor may enter is decided once, by the schema built from the manifest's
 * fields (options.ts): the options form, the worker, workflows and the command
 * line all check values with it (run-options.ts). A processor's own zod schema
 * only states the typed shape and the defaults it reads, the manifest's
 * processorSettings and a view's extras (view-extras.ts) included, so the
 * processor receives typed values and never re-checks or clamps them. A
 * contract test checks that every manifest's defaults satisfy its processor's
 * schema, so the two cannot drift apart.
 */
import type { z } from 'zod';
import type { ProcessorContext, ToolInput, ToolOutput } from './types';

export interface ProcessorModule<S extends z.ZodType = z.ZodType> extends ProcessorTraits {
  /** The typed shape and defaults of what the processor reads: manifest fields, processorSettings and view extras. */
  options: S;
  run(inputs: ToolInput[], options: z.output<S>, ctx: ProcessorContext): Promise<ToolOutput[]>;
}

/** What a host needs to know of a processor besides its options and run function. */
export interface ProcessorTraits {
  /**
   * The processor decides the encryption of its PDF outputs itself, so the run
   * core does not put a restrictions-only input's owner restrictions back on
   * them (src/core/run-files.ts): Unlock PDF removes them, Protect PDF sets
   * its own, PDF Compressor puts them back before it measures what it saved.
   */
  ownsEncryption?: boolean;
}

/** Declares a processor: its options schema, its run function and any traits. */
export function defineProcessor<S extends z.ZodType>(
  options: S,
  run: (inputs: ToolInput[], options: z.output<S>, ctx: ProcessorContext) => Promise<ToolOutput[]>,
  traits: ProcessorTraits = {},
): ProcessorModule<S> {
  return { options, run, ...traits };
}
