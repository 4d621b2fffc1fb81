import type { OptionValues } from '../../../schemas/manifest';
import type { ToolErrorLink } from '../../lib/errors';
import type { ToolOutput } from '../types';

export interface RunRequest {
  processor: string;
  files: File[];
  options: OptionValues;
}

export type WorkerMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; outputs: ToolOutput[] }
  | { kind: 'error'; message: string; toolError: boolean; link?: ToolErrorLink };
