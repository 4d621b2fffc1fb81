/**
 * The contract of a processor module (src/processors/<name>.ts). A processor
 * declares the type of its options as a zod schema; the worker parses the
 * page's values (plus the manifest's processorSettings) with it before the
 * run, so the processor receives typed values and never re-checks or clamps
 * them. The page validates the same values from the manifest's fields, and
 * a contract test checks that every manifest's defaults satisfy its
 * processor's schema, so the two cannot drift apart.
 */
import type { z } from 'zod';
import type { ProcessorContext, ToolInput, ToolOutput } from './types';

export interface ProcessorModule<S extends z.ZodType = z.ZodType> {
  /** The options the processor reads: manifest fields and processorSettings. */
  options: S;
  run(inputs: ToolInput[], options: z.output<S>, ctx: ProcessorContext): Promise<ToolOutput[]>;
}

/** Declares a processor: its options schema and its run function. */
export function defineProcessor<S extends z.ZodType>(
  options: S,
  run: (inputs: ToolInput[], options: z.output<S>, ctx: ProcessorContext) => Promise<ToolOutput[]>,
): ProcessorModule<S> {
  return { options, run };
}
