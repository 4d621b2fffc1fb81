/** Messages between the command's main thread and its worker threads (src/cli/pool.ts, src/cli/worker.ts). */
import type { OptionValues } from '../../schemas/manifest';

/** One step of a run: a tool and its validated option values (processorSettings are added in the worker). */
export interface StepRequest {
  tool: string;
  options: OptionValues;
}

export interface RunRequest {
  kind: 'run';
  id: number;
  /** One step for a tool, several for a workflow. */
  steps: StepRequest[];
  /** The input files, read by the worker when the run starts (none for a tool that works from text). */
  files: { name: string; path: string }[];
  /** Prefix each failure with its step ("Step 2: ..."), as a workflow's batch does. */
  workflow: boolean;
}

export type WorkerRequest = RunRequest | { kind: 'cancel'; id: number };

export interface RunResult {
  name: string;
  bytes: Uint8Array;
  /** The index of the input it was made from, when known. */
  source?: number;
}

/**
 * `memory` is the worker's own heap plus the memory outside it that its
 * objects hold (ArrayBuffers, WebAssembly memories), in bytes, after the run;
 * the lane replaces a worker whose figure has passed its mark.
 */
export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; results: RunResult[]; failures: { name: string; message: string }[]; notices: string[]; memory?: number }
  | { kind: 'error'; id: number; message: string; memory?: number };

/** What a worker is given as it starts. */
export interface WorkerData {
  /** Its errors' stacks go to stderr. */
  verbose: boolean;
  /** Processor modules to load at once, before the first request arrives. */
  preload: string[];
}
