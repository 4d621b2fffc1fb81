/**
 * The `filedesk` command: FileDesk's tools and workflows in Node, with the
 * same manifests, option schemas, processors and naming as the site.
 * Built by `npm run build:cli` (vite.cli.config.ts) into dist-cli/filedesk.js.
 *
 * It keeps the usual conventions of a command: `-` reads standard input and
 * `--out -` writes standard output (runWithStdio); progress and messages go
 * to stderr; --help and -h on every subcommand; exit codes 0 (all done),
 * 1 (some files failed, or an error such as a folder that cannot be
 * written), 2 (usage error) and 130 (interrupted); an error is one plain
 * line, with its stack only under --verbose.
 */
import './run-words';
import { mkdir, rename } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../package.json';
import { CancelledError } from '../lib/errors';
import { formatRunArgs, parseRunArgs, UsageError } from './args';
import { LIST_USAGE, listEntries, listText, SERVE_USAGE, toolHelp, USAGE } from './help';
import { describeSystemError } from './report';
import { runTarget } from './run';
import { parseServeArgs, serve } from './serve';
import {
  chooseExtension,
  copyStdinTo,
  copyToStdout,
  keepStdoutForData,
  listOutputs,
  makeTempFolder,
  readEnds,
  STDIO,
  StdoutClosedError,
} from './stdio';
import { findTarget, type Target } from './target';
import { toolBySlug, tools, workflowBySlug, workflows } from './catalogue';

const bundleDir = dirname(fileURLToPath(import.meta.url));
// The worker thread's script sits beside this file in dist-cli/ (a name in a variable, so the bundler leaves it alone).
const workerFile = 'worker.js';

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The slugs closest to a mistyped one: a few letters off, or sharing a word with it. */
function suggestions(slug: string): string[] {
  const typed = slug.toLowerCase();
  const slugs = [...tools.map((t) => t.slug), ...workflows.map((w) => w.slug)];
  const close = slugs.map((s) => ({ s, d: distance(typed, s) })).filter(({ d }) => d <= 3).sort((a, b) => a.d - b.d).map(({ s }) => s);
  if (close.length) return close.slice(0, 3);
  const words = typed.split(/[^a-z0-9]+/).filter((w) => w.length > 2);
  return slugs.filter((s) => words.length && words.every((w) => s.includes(w))).slice(0, 5);
}

type RunContext = Parameters<typeof runTarget>[2];

/** The run's output folder, made absolute before the run changes the current folder: an error on the way to it says to choose another --out. */
let outFolder: string | undefined;

/** The arguments before `--` (after it, every word is a path). */
function flagsPart(args: readonly string[]): readonly string[] {
  const end = args.indexOf('--');
  return end < 0 ? args : args.slice(0, end);
}

const asksHelp = (args: readonly string[]) => flagsPart(args).some((a) => a === '--help' || a === '-h');

/** Whether a tool (or a step of a workflow) splits one file into a varying number of parts (split CSV, split Excel). */
function makesParts(target: Target): boolean {
  const slugs = target.kind === 'tool' ? [target.slug] : (workflowBySlug(target.slug)?.steps.map((s) => s.tool) ?? []);
  return slugs.some((slug) => {
    const outputs = toolBySlug(slug)?.simulation.outputs;
    return typeof outputs === 'object' && outputs !== null && 'randomParts' in outputs;
  });
}

/**
 * A run with `-` among its inputs or `--out -`: standard input is copied into
 * a temporary folder under a name whose extension the tool takes, the run
 * writes into another temporary folder, and its one output is copied to
 * standard output. Any other run goes to runTarget unchanged.
 */
async function runWithStdio(target: Target, args: readonly string[], context: RunContext): Promise<number> {
  const parsed = parseRunArgs(args, target.fields);
  const { flags } = parsed;
  const stdinAt = parsed.paths.flatMap((path, i) => (path === STDIO ? [i] : []));
  const toStdout = flags.out === STDIO;
  if (flags.out && !toStdout) outFolder = resolve(flags.out);
  if (flags.help || target.siteOnly || (!stdinAt.length && !toStdout && flags.name === undefined)) return runTarget(target, args, context);

  const example = `filedesk ${target.slug} - --out - < in${target.extensions[0] ?? ''} > out`;
  if (flags.name !== undefined && !stdinAt.length) throw new UsageError(`--name names standard input, so it goes with - as an input (such as: filedesk ${target.slug} --name scan${target.extensions[0] ?? ''} - --out out).`);
  if (stdinAt.length > 1) throw new UsageError('Standard input can be read only once: give - as an input once.');
  if (stdinAt.length && target.textOnly) throw new UsageError(`${target.slug} works from its text options alone and takes no files, so it has no use for - (standard input).`);
  if (!flags.out) throw new UsageError('Say where the outputs go: --out <folder>, or --out - for standard output.');
  if (toStdout) {
    if (flags.json) throw new UsageError('--json prints its lines on standard output, and --out - writes the file there: use one or the other. (Without --json the summary goes to stderr.)');
    if (!target.combines && !target.textOnly && parsed.paths.length > 1)
      throw new UsageError(`--out - writes one file to standard output, but ${target.slug} makes a file from each input, and it was given ${parsed.paths.length}. Write them to a folder instead: --out <folder>.`);
    if (makesParts(target)) throw new UsageError(`--out - writes one file to standard output, but ${target.slug} splits its input into several files. Write them to a folder instead: --out <folder>.`);
    if (process.stdout.isTTY) throw new UsageError(`--out - writes the file to standard output, which is a terminal here: redirect it to a file or pipe it into a command (${example}).`);
  }
  if (stdinAt.length && process.stdin.isTTY) throw new UsageError(`- reads the input from standard input, which is a terminal here: redirect a file into it or pipe one in (${example}).`);
  if (flags.name !== undefined) {
    const dot = flags.name.lastIndexOf('.');
    // A hidden name would make a hidden output, which the command treats as its own bookkeeping.
    if (!flags.name || flags.name !== basename(flags.name) || flags.name.startsWith('.'))
      throw new UsageError(`--name takes a file name without a folder and not starting with a dot, such as scan${target.extensions[0] ?? ''}, not "${flags.name}".`);
    if (dot <= 0 || !target.extensions.includes(flags.name.slice(dot).toLowerCase()))
      throw new UsageError(`--name ${flags.name}: ${target.slug} takes ${target.extensions.join(', ')} files; give a name ending in one of them.`);
  }

  const temp = await makeTempFolder();
  const restoreConsole = toStdout ? keepStdoutForData() : () => undefined;
  try {
    const paths = [...parsed.paths];
    if (stdinAt.length) {
      const folder = join(temp.path, 'in');
      await mkdir(folder);
      const received = join(folder, '.stdin');
      const size = await copyStdinTo(received);
      if (size === 0) throw new UsageError(`Standard input is empty: pipe or redirect a file into it (${example}).`);
      let name = flags.name;
      if (name === undefined) {
        const { head, tail } = await readEnds(received);
        const extension = chooseExtension(head, tail, target.extensions);
        if (!extension)
          throw new Error(
            `Standard input is none of the types ${target.slug} takes (${target.extensions.join(', ')}), judging by its first bytes. If it is one of them, say which: --name <file name>, such as --name input${target.extensions[0]}.`,
          );
        name = `stdin${extension}`;
      }
      const file = join(folder, name);
      await rename(received, file);
      paths[stdinAt[0]] = file;
    }
    const out = toStdout ? join(temp.path, 'out') : flags.out;
    const code = await runTarget(target, formatRunArgs({ ...parsed, flags: { ...flags, out, name: undefined }, paths }), context);
    // A failure is reported on stderr by the run; an interrupted run (130) writes nothing either.
    if (!toStdout || code !== 0) return code;
    const outputs = await listOutputs(out);
    if (outputs.length > 1)
      throw new UsageError(
        `--out - writes one file to standard output, but ${target.slug} made ${outputs.length} (${outputs.slice(0, 3).join(', ')}${outputs.length > 3 ? ', ...' : ''}). Write them to a folder instead: --out <folder>.`,
      );
    if (outputs.length === 0) throw new Error(`${target.slug} made no file, so nothing was written to standard output.`);
    try {
      await copyToStdout(join(out, outputs[0]));
    } catch (error) {
      // The reader stopped reading (as `| head` does): the file did not all arrive, which the exit code says; a message would go unread.
      if (error instanceof StdoutClosedError) return 1;
      throw error;
    }
    return 0;
  } finally {
    restoreConsole();
    await temp.dispose();
  }
}

async function main(argv: string[]): Promise<number> {
  // --verbose is accepted before the command too; a run receives it with its own arguments.
  const leading = argv.findIndex((a) => a !== '--verbose');
  const [command, ...after] = leading < 0 ? [] : argv.slice(leading);
  const rest = leading > 0 ? ['--verbose', ...after] : after;
  if (!command) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (command === 'list') {
    if (asksHelp(rest)) {
      process.stdout.write(LIST_USAGE);
      return 0;
    }
    const unknownFlag = rest.find((a) => a !== '--json' && a !== '--verbose');
    if (unknownFlag) throw new UsageError(`list takes only --json, not ${unknownFlag}. See: filedesk list --help`);
    if (rest.includes('--json')) process.stdout.write(`${JSON.stringify(listEntries(), null, 2)}\n`);
    else process.stdout.write(listText());
    return 0;
  }
  if (command === 'help') {
    const slug = rest.find((a) => !a.startsWith('-'));
    if (!slug) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (slug === 'serve' || slug === 'list') {
      process.stdout.write(slug === 'serve' ? SERVE_USAGE : LIST_USAGE);
      return 0;
    }
    if (!findTarget(slug)) throw new UsageError(unknown(slug));
    process.stdout.write(toolHelp(slug));
    return 0;
  }
  if (command === 'serve') {
    if (asksHelp(rest)) {
      process.stdout.write(SERVE_USAGE);
      return 0;
    }
    const server = await serve(parseServeArgs(rest, bundleDir));
    // Ctrl-C is how a server is meant to stop, so it ends with 0.
    await new Promise<void>((done) => {
      const stop = () => server.close(() => done());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  }
  const target = findTarget(command);
  if (!target) throw new UsageError(unknown(command));
  // Asked anywhere among the flags, help wins over everything else on the line (an unknown option included).
  if (asksHelp(rest)) {
    process.stdout.write(toolHelp(target.slug));
    return 0;
  }
  return runWithStdio(target, rest, { workerUrl: new URL(workerFile, import.meta.url) });
}

function unknown(slug: string): string {
  const near = suggestions(slug);
  return `Unknown tool or workflow "${slug}".${near.length ? ` Did you mean ${near.join(', ')}?` : ''} Run: filedesk list`;
}

const argv = process.argv.slice(2);
const verbose = flagsPart(argv).includes('--verbose');

main(argv).then(
  (code) => {
    // Passed on as the run returned it: 0, 1, or 130 when it was interrupted.
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`filedesk: ${error.message}\n`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof CancelledError || (error instanceof Error && error.name === 'AbortError')) {
      process.exitCode = 130;
      return;
    }
    const message = describeSystemError(error, { out: outFolder }) ?? (error instanceof Error ? error.message : String(error));
    const stack = error instanceof Error && error.stack ? error.stack.split('\n').slice(1).join('\n') : '';
    process.stderr.write(`filedesk: ${message}${verbose ? (stack ? `\n${stack}` : '') : ''}\n`);
    process.exitCode = 1;
  },
);
