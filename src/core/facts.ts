/**
 * Facts about a run's input, shared by real runs and the simulation: how many
 * files and how many bytes, and the counts a finished run's messages name.
 */
import type { OptionValues } from '../../schemas/manifest';
import type { Facts } from '../contract/rules';

export interface FileLike {
  name: string;
  size: number;
}

/**
 * Facts about the input. A tool that works from typed text alone has no
 * files; its input size is then the UTF-8 size of its text fields.
 */
export function factsOf(files: readonly FileLike[], textBytes = 0): Facts {
  return { fileCount: files.length, totalBytes: files.length ? files.reduce((sum, f) => sum + f.size, 0) : textBytes };
}

/** The UTF-8 size of the text option values. */
export function textBytesOf(options: OptionValues): number {
  const encoder = new TextEncoder();
  return Object.values(options).reduce<number>((sum, v) => sum + (typeof v === 'string' ? encoder.encode(v).length : 0), 0);
}

/** Fills {n} (result count) and {files} (input count) in a message. */
export function fillMessage(message: string, counts: { n: number; files: number }): string {
  return (
    message
      // {n:part|parts}: the word for one, or for any other count.
      .replace(/\{n:([^|}]*)\|([^}]*)\}/g, (_all, one: string, many: string) => (counts.n === 1 ? one : many))
      .replace(/\{n\}/g, String(counts.n))
      .replace(/\{files\}/g, String(counts.files))
  );
}
