/**
 * Calls a processor module the way the worker does: the raw option values are
 * parsed with the processor's own schema first, so a test passes what the page
 * sends and the processor receives typed values.
 */
import type { z } from 'zod';
import type { ProcessorModule } from '../../src/contract/processor';
import type { ProcessorContext, ToolInput, ToolOutput } from '../../src/contract/types';

export type RawRun = (inputs: ToolInput[], raw: Record<string, unknown>, ctx: ProcessorContext) => Promise<ToolOutput[]>;

/** The processor as a function of raw values; a value its schema refuses rejects with the ZodError. */
export function asWorkerCalls<S extends z.ZodType>(processor: ProcessorModule<S>): RawRun {
  return async (inputs, raw, ctx) => processor.run(inputs, processor.options.parse(raw), ctx);
}
