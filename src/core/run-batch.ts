/**
 * Batch mode: any number of files through a tool (or a chain of tools), with
 * bounded memory. A few lanes (one worker each) take one file at a time; a
 * file is opened only when its turn comes, and each output is written to the
 * sink (a folder, or a streamed ZIP) as soon as it is made and then released,
 * so memory does not grow with the number of files. One bad file never stops
 * the batch. Cancel stops taking new files; the files under way finish and
 * what was written stays. Run again on the same output folder and the files
 * already done are skipped.
 */
import { CancelledError } from '../lib/errors';
import type { FileFailure } from '../contract/types';

/** A file of the batch, opened only when its turn comes. */
export interface BatchInput {
  /** Path relative to the chosen folder, with "/" between folders ("trip/day1/a.heic"). */
  path: string;
  size: number;
  open(): Promise<File>;
}

/** Where outputs go. */
export interface BatchSink {
  /** Whether the input at `path` was finished by an earlier batch into this sink. */
  isDone(path: string): Promise<boolean>;
  /** Whether a file exists at `path` (an output a file would write). */
  has(path: string): Promise<boolean>;
  write(path: string, data: Blob | Uint8Array): Promise<void>;
  /** Records that the input at `path` is finished, once its outputs are written. */
  markDone(path: string): Promise<void>;
}

export type BatchStatus = 'waiting' | 'running' | 'done' | 'skipped' | 'failed' | 'cancelled';

export interface BatchRow {
  path: string;
  status: BatchStatus;
  bytesIn: number;
  bytesOut: number;
  /** Time spent on the file, ms. */
  ms: number;
  message: string;
  outputs: string[];
}

/** What a tool (or chain) makes of one file: named outputs, or the file's failure. */
export interface FileRun {
  /** Bytes go to the sink as they are: a Blob made only to be written would wait for garbage collection. */
  results: { name: string; data: Blob | Uint8Array }[];
  failures: FileFailure[];
}

export interface BatchJob {
  inputs: readonly BatchInput[];
  /** How many files run at once (one worker each). */
  lanes: number;
  /** Runs one file on a lane. */
  runFile(file: File, lane: number, signal: AbortSignal): Promise<FileRun>;
  /** The output name a file will have, when it can be known before the run (for resume). */
  expectedName?(name: string): string | null;
  /** The per-file size limit and its message. */
  maxBytes: number;
  tooLarge(name: string): string;
  sink: BatchSink;
  /** Aborted: no new file starts (the ones under way finish). */
  stop: AbortSignal;
  /** Aborted: the files under way are abandoned too (the page is closing). */
  abandon?: AbortSignal;
  onRow(index: number, row: BatchRow): void;
}

/** At most hardwareConcurrency - 1 lanes, and at most 4, so the page stays responsive. */
export function laneCount(hardwareConcurrency = 2): number {
  return Math.max(1, Math.min(4, hardwareConcurrency - 1));
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : '';
}

function withSuffix(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

export async function runBatch(job: BatchJob): Promise<BatchRow[]> {
  const rows: BatchRow[] = job.inputs.map((input) => ({ path: input.path, status: 'waiting', bytesIn: input.size, bytesOut: 0, ms: 0, message: '', outputs: [] }));
  const update = (index: number, change: Partial<BatchRow>) => {
    rows[index] = { ...rows[index], ...change };
    job.onRow(index, rows[index]);
  };
  // Two inputs of one folder that give the same output name (a.png and a.jpg to a.webp) both keep theirs.
  const claimed = new Set<string>();
  const claim = (path: string) => {
    let unique = path;
    for (let n = 2; claimed.has(unique.toLowerCase()); n++) unique = dirOf(path) + withSuffix(path.slice(dirOf(path).length), n);
    claimed.add(unique.toLowerCase());
    return unique;
  };
  const abandon = job.abandon ?? new AbortController().signal;

  async function runOne(index: number, lane: number) {
    const input = job.inputs[index];
    const name = input.path.slice(dirOf(input.path).length);
    const expected = job.expectedName?.(name);
    if ((await job.sink.isDone(input.path)) || (expected && (await job.sink.has(dirOf(input.path) + expected)))) {
      if (expected) claimed.add((dirOf(input.path) + expected).toLowerCase());
      return update(index, { status: 'skipped', message: 'Already in the output folder.' });
    }
    if (input.size > job.maxBytes) return update(index, { status: 'failed', message: job.tooLarge(name) });
    const started = performance.now();
    update(index, { status: 'running' });
    try {
      const { results, failures } = await job.runFile(await input.open(), lane, abandon);
      const outputs: string[] = [];
      let bytesOut = 0;
      for (const result of results) {
        const path = claim(dirOf(input.path) + result.name);
        await job.sink.write(path, result.data);
        outputs.push(path);
        bytesOut += result.data instanceof Blob ? result.data.size : result.data.byteLength;
      }
      if (results.length > 0) await job.sink.markDone(input.path);
      const failed = failures[0]?.message ?? (results.length === 0 ? 'Nothing was made from this file.' : '');
      update(index, { status: results.length > 0 ? 'done' : 'failed', bytesOut, outputs, message: failed, ms: performance.now() - started });
    } catch (error) {
      if (error instanceof CancelledError || abandon.aborted) return update(index, { status: 'cancelled', ms: performance.now() - started });
      update(index, { status: 'failed', message: error instanceof Error ? error.message : String(error), ms: performance.now() - started });
    }
  }

  let next = 0;
  const lane = async (laneIndex: number) => {
    while (next < job.inputs.length && !job.stop.aborted && !abandon.aborted) await runOne(next++, laneIndex);
  };
  await Promise.all(Array.from({ length: Math.max(1, job.lanes) }, (_, i) => lane(i)));
  for (const [index, row] of rows.entries()) if (row.status === 'waiting') update(index, { status: 'cancelled' });
  return rows;
}
