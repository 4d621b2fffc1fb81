/**
 * `filedesk <tool-or-workflow> [options] <files or folders> --out <dir>`: a
 * thin host around the run core. Tools whose files each give their own
 * results run through the core's batch runner (src/core/run-batch.ts: lanes
 * taking one file at a time, names that never clash, resume from the output
 * folder's record, a bad file never stops the run), with a worker thread per
 * lane. Tools that combine their files (merge, images to PDF) and tools that
 * work from text alone run once over all their inputs.
 *
 * Everything the command can refuse (arguments, option values, inputs) is
 * refused before the output folder is created; the exit code is 0 when every
 * file was done, 1 when some failed, 2 for a usage error and 130 when
 * interrupted.
 */
import { constants, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { jobKey, combinedInputKey, RunRecord } from '../core/record';
import { newRow, pathClaims, runBatch, alreadyDoneMessage, type BatchRow } from '../core/run-batch';
import { writeFailedMessage } from '../core/io-errors';
import { CancelledError } from '../lib/errors';
import { UsageError, parseRunArgs, type ParsedRun } from './args';
import { toolBySlug } from './catalogue';
import { makeFolder } from './folders';
import { toolHelp } from './help';
import { findInputs, shardOf, type CliInput } from './inputs';
import { enterModulesRoot } from './modules-root';
import { createLane, type Lane, type RunReply } from './pool';
import { createReporter } from './report';
import { folderSink, type NodeSink } from './sink';
import type { StepRequest } from './protocol';
import type { Target } from './target';

/** The record's key of a job: each step with its tool's fields, so a secret (a password) never reaches the record. */
const recordKey = (steps: readonly StepRequest[]): string => jobKey(steps.map((s) => ({ ...s, fields: toolBySlug(s.tool)?.options })));

export interface RunContext {
  workerUrl: URL;
}

/** The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells expect. */
export const INTERRUPTED = 130;

/** Stop on the first Ctrl-C (files under way finish), abandon on the second. */
function interrupts(): { stop: AbortController; abandon: AbortController; dispose(): void } {
  const stop = new AbortController();
  const abandon = new AbortController();
  const onSignal = () => {
    if (!stop.signal.aborted) {
      process.stderr.write('\nStopping after the files under way (Ctrl-C again to stop now)...\n');
      stop.abort();
    } else abandon.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stop,
    abandon,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

function exitCode(rows: readonly BatchRow[], interrupted: boolean): number {
  if (interrupted) return INTERRUPTED;
  return rows.some((r) => r.status === 'failed' || r.status === 'cancelled') ? 1 : 0;
}

export async function runTarget(target: Target, args: readonly string[], context: RunContext): Promise<number> {
  const parsed = parseRunArgs(args, target.fields);
  if (parsed.flags.help) {
    process.stdout.write(toolHelp(target.slug));
    return 0;
  }
  if (target.siteOnly) throw new UsageError(`${target.slug} runs only on the site (https://filedesk.app/tools/${target.slug}): it ${target.siteOnly}.`);
  if (!parsed.flags.out) throw new UsageError('Say where the outputs go: --out <folder>.');
  if (target.textOnly && parsed.paths.length > 0)
    throw new UsageError(`${target.slug} works from its text options alone and takes no files (got ${parsed.paths.join(' ')}).`);
  if (!target.textOnly && parsed.paths.length === 0) throw new UsageError(`Name the files or folders to process (${target.slug} takes ${target.extensions.join(', ')}).`);
  const combined = target.textOnly || target.combines;
  if (combined && parsed.flags.shard) throw new UsageError(`${target.slug} makes one result from all its inputs, so --shard cannot split them.`);
  const paths = parsed.paths.map((typed) => ({ typed, full: resolve(typed) }));
  const lanes = startLanes(target, parsed, paths, combined, context);
  try {
    // Values are checked before any file is looked at; the manifests' checks on the number of files come once it is known.
    await target.steps(parsed.values, { fileCount: combined ? Math.max(1, parsed.paths.length) : 1, totalBytes: 0 }, !combined);
    const out = resolve(parsed.flags.out);
    // From here on the current folder is where the engines' files are; every user path is absolute.
    if (!enterModulesRoot()) throw new Error('The engines of filedesk were not found in node_modules; please reinstall it.');
    const sink = folderSink(out, { inputs: new Set() });
    const record = new RunRecord(parsed.flags.overwrite ? '' : await sink.readRecord());
    const found = target.textOnly ? { inputs: [], notice: '' } : await findInputs(paths, target.extensions, { out, isOutput: (p) => record.isOutput(p) });
    if (!target.textOnly && found.inputs.length === 0) throw new UsageError(`No ${target.extensions.join(', ')} files were found in ${parsed.paths.join(' ')}.`);
    await makeFolder(out);
    if (found.notice && !parsed.flags.quiet) process.stderr.write(`${found.notice}\n`);
    const guarded = folderSink(out, { inputs: new Set(found.inputs.map((i) => i.file)) });
    return await (combined ? runTogether(target, parsed, found.inputs, guarded, record, lanes[0]) : runEach(target, parsed, found.inputs, guarded, lanes));
  } finally {
    await Promise.all(lanes.map((l) => l.close()));
  }
}

/**
 * The run's worker threads, started before the options are checked and the
 * files found, so that each loads the tool's modules meanwhile: one for a
 * combining run or a single file, else one per job. A run that needs fewer
 * leaves the rest unused, and a run refused before it starts ends them.
 */
function startLanes(target: Target, parsed: ParsedRun, paths: { full: string }[], combined: boolean, context: RunContext): Lane[] {
  const single = combined || (paths.length === 1 && !isFolder(paths[0].full));
  const count = single ? 1 : Math.max(1, parsed.flags.jobs ?? availableParallelism());
  const lanes = Array.from({ length: count }, () => createLane(context.workerUrl, { verbose: parsed.flags.verbose, preload: target.processors }));
  for (const lane of lanes) lane.warm();
  return lanes;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

async function runEach(target: Target, parsed: ParsedRun, all: CliInput[], sink: NodeSink, warm: Lane[]): Promise<number> {
  const { flags } = parsed;
  const inputs = flags.shard ? shardOf(all, flags.shard.index, flags.shard.count) : all;
  const steps = await target.steps(parsed.values, { fileCount: 1, totalBytes: 0 });
  const laneCount = Math.max(1, Math.min(warm.length, inputs.length));
  const lanes = warm.slice(0, laneCount);
  // Workers started for more files than were found are let go at once.
  for (const unused of warm.slice(laneCount)) void unused.close();
  const byFile = new WeakMap<File, CliInput>();
  const notices = new Map<string, string>();
  const reporter = createReporter(inputs.length, flags);
  const signals = interrupts();
  const started = performance.now();
  try {
    const rows = await runBatch({
      key: recordKey(steps),
      inputs: inputs.map((input) => ({
        path: input.path,
        size: input.size,
        open: async () => {
          // The worker reads the file itself; the main thread only names it, once it is sure the file is still there.
          await access(input.file, constants.R_OK);
          const file = new File([], basename(input.file));
          byFile.set(file, input);
          return file;
        },
      })),
      lanes: laneCount,
      async runFile(file, lane, signal, name) {
        const input = byFile.get(file)!;
        if (input.refused) return { results: [], failures: [{ name: file.name, message: input.refused }] };
        const reply = await lanes[lane].run({ steps, files: [{ name, path: input.file }], workflow: target.kind === 'workflow' }, signal);
        if (reply.notices.length) notices.set(input.path, reply.notices.join(' '));
        return { results: reply.results.map((r) => ({ name: r.name, data: r.bytes })), failures: reply.failures };
      },
      maxBytes: target.maxBytes,
      tooLarge: (name) => target.tooLarge(name),
      sink,
      overwrite: flags.overwrite,
      stop: signals.stop.signal,
      abandon: signals.abandon.signal,
      onRow(_, row) {
        const notice = notices.get(row.path);
        reporter.row(row.status === 'done' && notice && !row.message ? { ...row, message: notice } : row);
      },
    });
    const final = rows.map((row) => (row.status === 'done' && notices.has(row.path) && !row.message ? { ...row, message: notices.get(row.path)! } : row));
    reporter.finish(final, (performance.now() - started) / 1000);
    return exitCode(final, signals.stop.signal.aborted);
  } finally {
    signals.dispose();
  }
}

async function runTogether(target: Target, parsed: ParsedRun, inputs: CliInput[], sink: NodeSink, record: RunRecord, lane: Lane): Promise<number> {
  const { flags } = parsed;
  const rows: BatchRow[] = target.textOnly ? [newRow({ path: `(${target.slug})`, size: 0 })] : inputs.map(newRow);
  const reporter = createReporter(rows.length, flags);
  const started = performance.now();
  const signals = interrupts();
  const finish = () => {
    signals.dispose();
    for (const r of rows) reporter.row(r);
    reporter.finish(rows, (performance.now() - started) / 1000);
    return exitCode(rows, signals.stop.signal.aborted);
  };
  const settle = (change: Partial<BatchRow>) => {
    for (const [i, r] of rows.entries()) if (r.status === 'waiting') rows[i] = { ...r, ...change };
  };
  // Files that cannot take part are reported on their own; the others run.
  const usable: CliInput[] = [];
  inputs.forEach((input, i) => {
    const problem = input.refused ?? (input.size > target.maxBytes ? target.tooLarge(basename(input.file)) : null);
    if (problem) rows[i] = { ...rows[i], status: 'failed', message: problem };
    else usable.push(input);
  });
  if (!target.textOnly && usable.length < Math.max(1, target.limits.minFiles)) {
    settle({ status: 'failed', message: target.tooFew });
    return finish();
  }
  const facts = { fileCount: usable.length, totalBytes: usable.reduce((a, i) => a + i.size, 0) };
  const steps: StepRequest[] = await target.steps(parsed.values, facts);
  const key = recordKey(steps);
  // The run is these inputs together: the same job over more inputs is another run, and includes them.
  const input = target.textOnly ? `(${target.slug})` : combinedInputKey(usable.map((i) => i.path));
  const before = flags.overwrite ? null : record.done(key, input);
  if (before && before.length > 0 && (await Promise.all(before.map((p) => sink.exists(p)))).every(Boolean)) {
    settle({ status: 'skipped', message: alreadyDoneMessage(), outputs: before });
    return finish();
  }
  // A combining run has no other files to wait for: the first Ctrl-C stops it.
  const stopNow = new AbortController();
  const onStop = () => stopNow.abort();
  signals.stop.signal.addEventListener('abort', onStop);
  try {
    let reply: RunReply;
    try {
      reply = await lane.run({ steps, files: usable.map((i) => ({ name: basename(i.file), path: i.file })), workflow: target.kind === 'workflow' }, stopNow.signal);
    } catch (error) {
      const cancelled = error instanceof CancelledError;
      settle({ status: cancelled ? 'cancelled' : 'failed', message: cancelled ? '' : (error as Error).message, ms: performance.now() - started });
      return finish();
    }
    const claims = pathClaims({ key, overwrite: flags.overwrite, sink }, record);
    const outputs: string[] = [];
    let bytesOut = 0;
    let writeError = '';
    const paths: string[] = [];
    for (const result of reply.results) {
      paths.push(await claims.claim(result.name, input));
    }
    try {
      await sink.appendRecord(record.note({ job: key, input, state: 'writing', outputs: paths }));
      for (const [i, result] of reply.results.entries()) {
        try {
          await sink.write(paths[i], result.bytes);
        } catch (error) {
          writeError ||= writeFailedMessage(paths[i], error);
          continue;
        }
        outputs.push(paths[i]);
        bytesOut += result.bytes.byteLength;
      }
      if (!writeError && outputs.length > 0) await sink.appendRecord(record.note({ job: key, input, state: 'done', outputs }));
    } catch (error) {
      writeError ||= writeFailedMessage('The resume record', error);
    }
    const failedNames = new Map(reply.failures.map((f) => [f.name, f.message]));
    const ms = performance.now() - started;
    const notice = reply.notices.join(' ');
    let counted = false;
    for (const [i, r] of rows.entries()) {
      if (r.status !== 'waiting') continue;
      const name = target.textOnly ? '' : basename(usable.find((u) => u.path === r.path)!.file);
      const failure = failedNames.get(name) ?? writeError;
      if (failure || outputs.length === 0) {
        rows[i] = { ...r, status: 'failed', ms, outputs, message: failure || reply.failures[0]?.message || 'Nothing was made from these files.' };
      } else {
        // The outputs are counted once, on the first file done, so totals add up.
        rows[i] = { ...r, status: 'done', ms, outputs, bytesOut: counted ? 0 : bytesOut, message: notice };
        counted = true;
      }
    }
    return finish();
  } finally {
    signals.stop.signal.removeEventListener('abort', onStop);
  }
}
