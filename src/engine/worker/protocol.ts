import type { OptionValues } from '../../../schemas/manifest';
import type { ToolErrorLink } from '../../lib/errors';
import type { Locale } from '../../lib/i18n/locales';
import type { FieldsCheck } from '../../contract/run-options';
import type { FileFailure, ToolOutput } from '../../contract/types';

export interface RunRequest {
  kind: 'run';
  processor: string;
  files: File[];
  options: OptionValues;
  /** Run the processor once per file, each file succeeding or failing on its own. */
  each: boolean;
  /** What the page's form checked the options against, checked again here before the processor runs. */
  fields?: FieldsCheck;
  /** The page's language: the processor's messages are given in it. */
  locale?: Locale;
  /** Lanes of a batch running side by side, which share the device's cores (src/lib/threads.ts). */
  lanes?: number;
}

/** Asks the running processor to stop at its next check. */
export interface CancelRequest {
  kind: 'cancel';
}

export type WorkerRequest = RunRequest | CancelRequest;

/**
 * `memory` is the worker's JavaScript heap in bytes after the run, where the
 * browser reports it; the lane replaces a worker whose heap has grown past its mark.
 */
export type WorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; outputs: ToolOutput[]; failures: FileFailure[]; memory?: number }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string; toolError: boolean; link?: ToolErrorLink; memory?: number };
