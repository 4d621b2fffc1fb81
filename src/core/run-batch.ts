/**
 * Batch mode, the one runner every host shares (the site's folder batch and
 * workflows, the command line): any number of files through a tool or a
 * chain of tools, with bounded memory. A few lanes (one worker each) take one
 * file at a time; a file is opened only when its turn comes, and each output
 * is written to the sink (a folder, or a streamed ZIP) as soon as it is made
 * and then released. One bad file never stops the batch, and every file ends
 * with a row that says what happened to it.
 *
 * Nothing is lost and nothing is overwritten: inputs that would give the same
 * output name are told apart before they run (name-plan.ts); an output never
 * replaces a file it does not own (another input's, another job's, or the
 * visitor's), it takes the next free " (n)" name instead. The resume record
 * (record.ts) says which inputs this job finished before: those are skipped
 * while their outputs are all there; an input killed half way runs again and
 * replaces what it had begun to write.
 */
import { CancelledError } from '../lib/errors';
import type { FileFailure } from '../contract/types';
import { emptyFileMessage } from './admission';
import { vanishedMessage, writeFailedMessage } from './io-errors';
import { namingNames } from './name-plan';
import { numberedName } from './file-names';
import { RECORD_FILE, RunRecord } from './record';
import { runText } from '../lib/i18n/run-messages';

/** A file of the batch, opened only when its turn comes. */
export interface BatchInput {
  /** Path relative to the chosen folder, with "/" between folders ("trip/day1/a.heic"). */
  path: string;
  size: number;
  open(): Promise<File>;
}

/** Where outputs go. */
export interface BatchSink {
  /** Whether a file exists at `path`. */
  exists(path: string): Promise<boolean>;
  /** Writes a whole file at `path`, or nothing: never a half-written one, never outside the sink. */
  write(path: string, data: Blob | Uint8Array): Promise<void>;
  /** The resume record's text ('' when there is none). */
  readRecord(): Promise<string>;
  /** Appends lines to the resume record. */
  appendRecord(lines: string): Promise<void>;
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
  /**
   * Bytes go to the sink as they are: a Blob made only to be written would wait for garbage collection.
   * A result's note (ToolOutput.note) is the file's message in the report, as it is on the result card.
   */
  results: { name: string; data: Blob | Uint8Array; note?: string }[];
  failures: FileFailure[];
}

export interface BatchJob {
  /** The job's key (record.ts jobKey): what the resume record is kept by. */
  key: string;
  inputs: readonly BatchInput[];
  /** How many files run at once (one worker each). */
  lanes: number;
  /** Runs one file on a lane; `name` is the file name its outputs are named from (name-plan.ts). */
  runFile(file: File, lane: number, signal: AbortSignal, name: string): Promise<FileRun>;
  /** The per-file size limit and its message. */
  maxBytes: number;
  tooLarge(name: string): string;
  sink: BatchSink;
  /** Replace files already in the sink, and count nothing as done before. */
  overwrite?: boolean;
  /** Aborted: no new file starts (the ones under way finish). */
  stop: AbortSignal;
  /** Aborted: the files under way are abandoned too (the page is closing). */
  abandon?: AbortSignal;
  onRow(index: number, row: BatchRow): void;
}

/** The row message of a file whose results are already in the output folder. */
export const alreadyDoneMessage = (): string => runText('run.batch.alreadyDone');

/**
 * One lane per core, as the command line's --jobs, and at most 4, so the files
 * under way at once stay within a phone's memory. Every lane is a worker: the
 * page's own thread only draws the table, so it stays responsive.
 */
export function laneCount(hardwareConcurrency = 2): number {
  return Math.max(1, Math.min(4, hardwareConcurrency));
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash >= 0 ? path.slice(0, slash + 1) : '';
}

const sizeOf = (data: Blob | Uint8Array) => (data instanceof Blob ? data.size : data.byteLength);

export function newRow(input: Pick<BatchInput, 'path' | 'size'>): BatchRow {
  return { path: input.path, status: 'waiting', bytesIn: input.size, bytesOut: 0, ms: 0, message: '', outputs: [] };
}

/**
 * Output paths for one batch: each handed out once (without regard to case), and a path where a
 * file already stands is handed out only to the input that owns it in the record.
 */
export function pathClaims(job: Pick<BatchJob, 'key' | 'overwrite' | 'sink'>, record: RunRecord) {
  const claimed = new Set<string>();
  return {
    hold(path: string) {
      claimed.add(path.toLowerCase());
    },
    async claim(path: string, input: string): Promise<string> {
      const dir = dirOf(path);
      for (let n = 1; ; n++) {
        const candidate = n === 1 ? path : dir + numberedName(path.slice(dir.length), n);
        // Taken at once, before the folder is asked, so two lanes never both get it.
        if (claimed.has(candidate.toLowerCase())) continue;
        claimed.add(candidate.toLowerCase());
        if (job.overwrite || record.owns(job.key, input, candidate) || !(await job.sink.exists(candidate))) return candidate;
      }
    },
  };
}

export async function runBatch(job: BatchJob): Promise<BatchRow[]> {
  const rows: BatchRow[] = job.inputs.map(newRow);
  const update = (index: number, change: Partial<BatchRow>) => {
    rows[index] = { ...rows[index], ...change };
    job.onRow(index, rows[index]);
  };
  const record = new RunRecord(job.overwrite ? '' : await job.sink.readRecord().catch(() => ''));
  const naming = namingNames(job.inputs.map((i) => i.path));
  const claims = pathClaims(job, record);
  const abandon = job.abandon ?? new AbortController().signal;
  // Lanes finish at their own pace; lines of the record follow one another.
  let recordWrite = Promise.resolve();
  const note = (entry: Parameters<RunRecord['note']>[0]) => {
    const line = record.note(entry);
    // A line that could not be written fails its own file; the next line tries again.
    const written = recordWrite.catch(() => undefined).then(() => job.sink.appendRecord(line));
    recordWrite = written;
    return written;
  };

  /** The outputs an earlier run of this job made of this input, when every one of them is still there. */
  async function doneBefore(input: BatchInput): Promise<string[] | null> {
    const outputs = record.done(job.key, input.path);
    if (!outputs || outputs.length === 0) return null;
    for (const output of outputs) if (!(await job.sink.exists(output))) return null;
    return outputs;
  }

  // Outputs finished before are held first, so no file of this run takes their names.
  const finished = await Promise.all(job.inputs.map((input) => (job.overwrite ? null : doneBefore(input))));
  for (const outputs of finished) for (const output of outputs ?? []) claims.hold(output);

  async function runOne(index: number, lane: number) {
    const input = job.inputs[index];
    const name = input.path.slice(dirOf(input.path).length);
    const before = finished[index];
    if (before) return update(index, { status: 'skipped', message: alreadyDoneMessage(), outputs: before });
    if (input.size > job.maxBytes) return update(index, { status: 'failed', message: job.tooLarge(name) });
    if (input.size === 0) return update(index, { status: 'failed', message: emptyFileMessage(name) });
    const started = performance.now();
    const ms = () => performance.now() - started;
    update(index, { status: 'running' });
    let file: File;
    try {
      file = await input.open();
    } catch {
      return update(index, { status: 'failed', message: vanishedMessage(name), ms: ms() });
    }
    let run: FileRun;
    try {
      run = await job.runFile(file, lane, abandon, naming[index]);
    } catch (error) {
      if (error instanceof CancelledError || abandon.aborted) return update(index, { status: 'cancelled', ms: ms() });
      return update(index, { status: 'failed', message: error instanceof Error ? error.message : String(error), ms: ms() });
    }
    const { results, failures } = run;
    if (results.length === 0) {
      return update(index, { status: 'failed', message: failures[0]?.message ?? runText('run.batch.nothingMade'), ms: ms() });
    }
    const paths: string[] = [];
    for (const result of results) paths.push(await claims.claim(dirOf(input.path) + result.name, input.path));
    const outputs: string[] = [];
    let bytesOut = 0;
    const failed = (message: string) => update(index, { status: 'failed', message, outputs, bytesOut, ms: ms() });
    try {
      await note({ job: job.key, input: input.path, state: 'writing', outputs: paths });
    } catch (error) {
      return failed(writeFailedMessage(RECORD_FILE, error));
    }
    for (const [i, result] of results.entries()) {
      try {
        await job.sink.write(paths[i], result.data);
      } catch (error) {
        return failed(writeFailedMessage(paths[i], error));
      }
      outputs.push(paths[i]);
      bytesOut += sizeOf(result.data);
    }
    try {
      await note({ job: job.key, input: input.path, state: 'done', outputs });
    } catch (error) {
      return failed(writeFailedMessage(RECORD_FILE, error));
    }
    const notes = [...new Set(results.map((r) => r.note).filter((note) => !!note))].join(' ');
    update(index, { status: 'done', bytesOut, outputs, message: failures[0]?.message ?? notes, ms: ms() });
  }

  let next = 0;
  const lane = async (laneIndex: number) => {
    while (next < job.inputs.length && !job.stop.aborted && !abandon.aborted) await runOne(next++, laneIndex);
  };
  await Promise.all(Array.from({ length: Math.max(1, job.lanes) }, (_, i) => lane(i)));
  for (const [index, row] of rows.entries()) if (row.status === 'waiting') update(index, { status: 'cancelled' });
  return rows;
}
