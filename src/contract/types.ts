/** The processor contract: what a processor takes and gives back, below both the engine and src/lib. */
import type { OptionValues } from '../../schemas/manifest';

/** One input file, as bytes, so processors are pure and run in Node tests as in the worker. */
export interface ToolInput {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** One output of a processor; the engine names it from the manifest's rule. */
export interface ToolOutput {
  bytes: Uint8Array;
  type: string;
  /** Values for the naming template besides the built-in ones ({n}, {page} ...). */
  vars?: Record<string, string | number>;
  /** Facts shown on the result card (page count, original size, ratio ...). */
  meta?: Record<string, string | number>;
  /** Overrides the manifest's naming rule for this output (for example when the original is kept). */
  name?: string;
  /** A sentence for the visitor about this output, shown as an Info toast (for example "already optimised"). */
  notice?: string;
  /** Shows the notice as a Warning toast instead, for a result that falls short of what was asked. */
  noticeTone?: 'info' | 'warning';
  /** A short sentence shown on this output's result card, for what the figures alone do not say (the original kept). */
  note?: string;
  /** The index of the input this output was made from, when the engine ran each file on its own. */
  source?: number;
}

/** A file that could not be processed in a run that went on with the others. */
export interface FileFailure {
  name: string;
  message: string;
  link?: { href: string; label: string };
}

export interface ProcessorContext {
  signal: AbortSignal;
  /** Reports progress; done and total are in any unit (pages, files, bytes). */
  onProgress(done: number, total: number): void;
  /**
   * Reports an input a combining processor left out because it could not be read, so the run
   * goes on with the others (src/lib/each-input.ts). Without it, such an input fails the run.
   */
  fail?(name: string, error: unknown): void;
}

/** A processor module's default export. Throws ToolError for bad input. */
export type Processor = (inputs: ToolInput[], options: OptionValues, ctx: ProcessorContext) => Promise<ToolOutput[]>;
