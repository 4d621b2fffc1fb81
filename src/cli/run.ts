/**
 * `filedesk <tool-or-workflow> [options] <files or folders> --out <dir>`.
 * Tools whose files each give their own results run through the site's own
 * batch runner (src/engine/batch/run-batch.ts: lanes taking one file at a
 * time, resume from the output folder, a bad file never stops the run), with
 * a worker thread per lane. Tools that combine their files (merge, images to
 * PDF) and tools that work from text alone run once over all their inputs.
 */
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { runBatch, type BatchRow } from '../core/run-batch';
import { CancelledError } from '../lib/errors';
import { UsageError, parseRunArgs, type ParsedRun } from './args';
import { toolHelp } from './help';
import { findInputs, shardOf, type CliInput } from './inputs';
import { enterModulesRoot } from './modules-root';
import { createLane, type Lane, type RunReply } from './pool';
import { createReporter } from './report';
import { folderSink, type NodeSink } from './sink';
import type { StepRequest } from './protocol';
import type { Target } from './target';

export interface RunContext {
  workerUrl: URL;
}

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

function exitCode(rows: readonly BatchRow[]): number {
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
  if (target.textOnly || target.combines) {
    if (parsed.flags.shard) throw new UsageError(`${target.slug} makes one result from all its inputs, so --shard cannot split them.`);
  }
  // Values are checked before any file is looked at; the manifests' checks on the number of files come once it is known.
  const combined = target.textOnly || target.combines;
  await target.steps(parsed.values, { fileCount: combined ? Math.max(1, parsed.paths.length) : 1, totalBytes: 0 }, !combined);
  const out = resolve(parsed.flags.out);
  const paths = parsed.paths.map((typed) => ({ typed, full: resolve(typed) }));
  // From here on the current folder is where the engines' files are; every user path is absolute.
  if (!enterModulesRoot()) throw new Error('The engines of filedesk were not found in node_modules; please reinstall it.');
  const inputs = target.textOnly ? [] : await findInputs(paths, target.extensions, out);
  if (!target.textOnly && inputs.length === 0) throw new UsageError(`No ${target.extensions.join(', ')} files were found in ${parsed.paths.join(' ')}.`);
  const sink = await folderSink(out, { overwrite: parsed.flags.overwrite, inputs: new Set(inputs.map((i) => i.file)) });
  return target.textOnly || target.combines ? runTogether(target, parsed, inputs, sink, context) : runEach(target, parsed, inputs, sink, context);
}

async function runEach(target: Target, parsed: ParsedRun, all: CliInput[], sink: NodeSink, context: RunContext): Promise<number> {
  const { flags } = parsed;
  const inputs = flags.shard ? shardOf(all, flags.shard.index, flags.shard.count) : all;
  const steps = await target.steps(parsed.values, { fileCount: 1, totalBytes: 0 });
  const laneCount = Math.max(1, Math.min(flags.jobs ?? availableParallelism(), inputs.length));
  const lanes: Lane[] = Array.from({ length: laneCount }, () => createLane(context.workerUrl, { verbose: flags.verbose }));
  const byFile = new WeakMap<File, CliInput>();
  const notices = new Map<string, string>();
  const reporter = createReporter(inputs.length, flags);
  const signals = interrupts();
  const started = performance.now();
  try {
    const rows = await runBatch({
      inputs: inputs.map((input) => ({
        path: input.path,
        size: input.size,
        open: async () => {
          // The worker reads the file itself; the main thread only names it.
          const file = new File([], basename(input.file));
          byFile.set(file, input);
          return file;
        },
      })),
      lanes: laneCount,
      async runFile(file, lane, signal) {
        const input = byFile.get(file)!;
        if (input.refused) return { results: [], failures: [{ name: file.name, message: input.refused }] };
        const reply = await lanes[lane].run({ steps, files: [{ name: file.name, path: input.file }], workflow: target.kind === 'workflow' }, signal);
        if (reply.notices.length) notices.set(input.path, reply.notices.join(' '));
        return { results: reply.results.map((r) => ({ name: r.name, data: r.bytes })), failures: reply.failures };
      },
      expectedName: (name) => target.expectedName(steps, name),
      maxBytes: target.maxBytes,
      tooLarge: (name) => target.tooLarge(name),
      // A file whose output name is known is done when that output exists (so deleting it redoes it); the
      // done-list answers for the others (names with page numbers, parts or the time), as on the site.
      sink: { ...sink, isDone: async (path) => !target.expectedName(steps, path.slice(path.lastIndexOf('/') + 1)) && (await sink.isDone(path)) },
      stop: signals.stop.signal,
      abandon: signals.abandon.signal,
      onRow(_, row) {
        const notice = notices.get(row.path);
        reporter.row(row.status === 'done' && notice && !row.message ? { ...row, message: notice } : row);
      },
    });
    const final = rows.map((row) => (row.status === 'done' && notices.has(row.path) && !row.message ? { ...row, message: notices.get(row.path)! } : row));
    reporter.finish(final, (performance.now() - started) / 1000);
    return exitCode(final);
  } finally {
    signals.dispose();
    await Promise.all(lanes.map((l) => l.close()));
  }
}

/** A unique path among those already written in this run ("a (2).pdf"), as the batch runner gives. */
function claimer() {
  const claimed = new Set<string>();
  return (name: string) => {
    let unique = name;
    const dot = name.lastIndexOf('.');
    for (let n = 2; claimed.has(unique.toLowerCase()); n++) unique = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    claimed.add(unique.toLowerCase());
    return unique;
  };
}

async function runTogether(target: Target, parsed: ParsedRun, inputs: CliInput[], sink: NodeSink, context: RunContext): Promise<number> {
  const { flags } = parsed;
  const row = (path: string, size: number): BatchRow => ({ path, status: 'waiting', bytesIn: size, bytesOut: 0, ms: 0, message: '', outputs: [] });
  const rows: BatchRow[] = target.textOnly ? [row(`(${target.slug})`, 0)] : inputs.map((i) => row(i.path, i.size));
  const reporter = createReporter(rows.length, flags);
  const started = performance.now();
  const finish = () => {
    for (const r of rows) reporter.row(r);
    reporter.finish(rows, (performance.now() - started) / 1000);
    return exitCode(rows);
  };
  // Files that cannot take part are reported on their own; the others run.
  const usable: CliInput[] = [];
  inputs.forEach((input, i) => {
    const problem = input.refused ?? (input.size > target.maxBytes ? target.tooLarge(basename(input.file)) : null);
    if (problem) rows[i] = { ...rows[i], status: 'failed', message: problem };
    else usable.push(input);
  });
  const { minFiles } = target.limits;
  if (!target.textOnly && usable.length < Math.max(1, minFiles)) {
    for (const [i, r] of rows.entries()) if (r.status === 'waiting') rows[i] = { ...r, status: 'failed', message: target.tooFew };
    return finish();
  }
  const facts = { fileCount: usable.length, totalBytes: usable.reduce((a, i) => a + i.size, 0) };
  const steps: StepRequest[] = await target.steps(parsed.values, facts);
  // Resume: every input already in the done-list, or the one output there already.
  const expected = usable.length ? target.expectedName(steps, basename(usable[0].file)) : null;
  const allDone = usable.length > 0 && (await Promise.all(usable.map((i) => sink.isDone(i.path)))).every(Boolean);
  if (allDone || (expected && (await sink.has(expected)))) {
    for (const [i, r] of rows.entries()) if (r.status === 'waiting') rows[i] = { ...r, status: 'skipped', message: 'Already in the output folder.' };
    return finish();
  }
  const lane = createLane(context.workerUrl, { verbose: flags.verbose });
  const signals = interrupts();
  try {
    let reply: RunReply;
    try {
      reply = await lane.run(
        { steps, files: usable.map((i) => ({ name: basename(i.file), path: i.file })), workflow: target.kind === 'workflow' },
        signals.abandon.signal,
      );
    } catch (error) {
      const status = error instanceof CancelledError ? 'cancelled' : 'failed';
      const message = error instanceof CancelledError ? '' : (error as Error).message;
      for (const [i, r] of rows.entries()) if (r.status === 'waiting') rows[i] = { ...r, status, message, ms: performance.now() - started };
      return finish();
    }
    const claim = claimer();
    const outputs: string[] = [];
    let bytesOut = 0;
    let writeError = '';
    for (const result of reply.results) {
      const path = claim(result.name);
      try {
        await sink.write(path, result.bytes);
        outputs.push(path);
        bytesOut += result.bytes.byteLength;
      } catch (error) {
        writeError = (error as Error).message;
      }
    }
    const failedNames = new Map(reply.failures.map((f) => [f.name, f.message]));
    const ms = performance.now() - started;
    const notice = reply.notices.join(' ');
    for (const [i, r] of rows.entries()) {
      if (r.status !== 'waiting') continue;
      const name = target.textOnly ? '' : basename(usable.find((u) => u.path === r.path)!.file);
      const failure = failedNames.get(name) ?? writeError ?? '';
      if (failure || outputs.length === 0) {
        rows[i] = { ...r, status: 'failed', ms, message: failure || reply.failures[0]?.message || 'Nothing was made from these files.' };
      } else {
        // The outputs are counted once, on the first file, so totals add up.
        rows[i] = { ...r, status: 'done', ms, outputs, bytesOut: rows.some((x) => x.status === 'done') ? 0 : bytesOut, message: notice };
        if (!target.textOnly) await sink.markDone(r.path);
      }
    }
    return finish();
  } finally {
    signals.dispose();
    await lane.close();
  }
}
