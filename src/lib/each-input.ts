/**
 * Reads the inputs of a processor that combines many files into one output
 * (merge, images to PDF, collage), so that one unreadable file does not sink
 * the run: it is left out and reported to the engine, which lists it with its
 * message and ends the run with a Warning.
 */
import { CancelledError, throwIfAborted } from './errors';

export interface EachInputContext {
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
  fail?(name: string, error: unknown): void;
}

export interface ReadInput<I, T> {
  input: I;
  index: number;
  value: T;
}

/**
 * Calls `read` on each input in order, reporting progress as (files read, `total`).
 * A file whose `read` throws is left out and reported to `ctx.fail`. When fewer
 * than `min` files could be read, the run fails with the first file's own error,
 * as it would without this helper; so does every failure when the context
 * takes no reports (a caller outside the engine).
 */
export async function readEach<I extends { name: string }, T>(
  inputs: readonly I[],
  ctx: EachInputContext,
  read: (input: I, index: number) => Promise<T>,
  { min = 1, total = inputs.length }: { min?: number; total?: number } = {},
): Promise<ReadInput<I, T>[]> {
  const succeeded: ReadInput<I, T>[] = [];
  const failed: { name: string; error: unknown }[] = [];
  for (const [index, input] of inputs.entries()) {
    throwIfAborted(ctx.signal);
    try {
      succeeded.push({ input, index, value: await read(input, index) });
    } catch (error) {
      if (error instanceof CancelledError || ctx.signal.aborted || !ctx.fail) throw error;
      failed.push({ name: input.name, error });
    }
    ctx.onProgress(index + 1, total);
  }
  if (failed.length > 0 && succeeded.length < min) throw failed[0].error;
  for (const { name, error } of failed) ctx.fail!(name, error);
  return succeeded;
}
