/**
 * The resume record of an output folder: which inputs a job has finished
 * there and the outputs each wrote, so a run resumes where an earlier one (on
 * the site or the command line) stopped. It is a file of JSON lines in the
 * output folder, appended to and never rewritten, so several processes
 * (shards) can share one folder and a run killed half way leaves every line
 * it wrote.
 *
 * An entry belongs to a job: the tool or workflow and its option values, so
 * another tool or other options into the same folder are not "already done".
 * An input's outputs are listed before they are written ("writing") and again
 * once all are ("done"): a run killed between the two leaves outputs that
 * input may replace when it runs again, and that no other input may take.
 */
import type { Field, OptionValues } from '../../schemas/manifest';

export const RECORD_FILE = '.filedesk-record.jsonl';

export interface RecordEntry {
  job: string;
  /** The input's path relative to the folder it was found in; the sorted paths, one a line, for a run that combines them. */
  input: string;
  state: 'writing' | 'done';
  /** Output paths relative to the output folder. */
  outputs: string[];
}

/** FNV-1a over UTF-8, 64 bits as two 32-bit halves with different offsets, in hex. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (const byte of new TextEncoder().encode(text)) {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte, 0x01000193) >>> 0;
    b = (b + (a >>> 7)) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** Values written with their keys in order, so equal options give equal text whatever order they were set in. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The option values a record may depend on: all but secrets (a password field's value), which no file keeps, not even hashed. */
export function recordedOptions(options: OptionValues, fields: readonly Field[] = []): OptionValues {
  const secret = new Set(fields.filter((f) => f.type === 'text' && f.password).map((f) => f.name));
  return Object.fromEntries(Object.entries(options).filter(([name]) => !secret.has(name)));
}

/**
 * A job's key: the tools it runs, in order, and each one's option values but
 * secrets (a step's `fields` say which those are). A tool is a one-step chain,
 * so a tool and a workflow of that one step with the same values are the same job on every host.
 */
export function jobKey(steps: readonly { tool: string; options: OptionValues; fields?: readonly Field[] }[]): string {
  return `${steps.map((s) => s.tool).join('>')}:${hash(stable(steps.map((s) => recordedOptions(s.options, s.fields))))}`;
}

/** The record key of a run that combines its inputs: all of them, so the same run with more inputs is another run. */
export function combinedInputKey(paths: readonly string[]): string {
  return [...paths].sort().join('\n');
}

export class RunRecord {
  private readonly last = new Map<string, RecordEntry>();
  private readonly owned = new Map<string, Set<string>>();
  private readonly written = new Set<string>();

  constructor(text = '') {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as RecordEntry;
        if (typeof entry.job === 'string' && typeof entry.input === 'string' && Array.isArray(entry.outputs)) this.add(entry);
      } catch {
        // A line cut short by a run that was killed as it wrote: the entries before it stand.
      }
    }
  }

  private add(entry: RecordEntry): void {
    const key = `${entry.job}\n${entry.input}`;
    this.last.set(key, entry);
    const mine = this.owned.get(key) ?? new Set<string>();
    for (const output of entry.outputs) {
      mine.add(output.toLowerCase());
      this.written.add(output.toLowerCase());
    }
    this.owned.set(key, mine);
  }

  /** The outputs of an input the job finished, or null when it has not finished it. */
  done(job: string, input: string): string[] | null {
    const entry = this.last.get(`${job}\n${input}`);
    return entry?.state === 'done' ? entry.outputs : null;
  }

  /** Whether an input of this job once listed this output as its own: it may write there again. */
  owns(job: string, input: string, path: string): boolean {
    return this.owned.get(`${job}\n${input}`)?.has(path.toLowerCase()) ?? false;
  }

  /** Whether any job wrote this path: such a file is an output, never an input. */
  isOutput(path: string): boolean {
    return this.written.has(path.toLowerCase());
  }

  /** Notes an entry and gives its line for the record file. */
  note(entry: RecordEntry): string {
    this.add(entry);
    return `${JSON.stringify(entry)}\n`;
  }
}
