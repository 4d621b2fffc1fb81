/**
 * The `filedesk` command: FileDesk's tools and workflows in Node, with the
 * same manifests, option schemas, processors and naming as the site.
 * Built by `npm run build:cli` (vite.cli.config.ts) into dist-cli/filedesk.js.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../package.json';
import { UsageError } from './args';
import { listEntries, listText, toolHelp, USAGE } from './help';
import { runTarget } from './run';
import { parseServeArgs, serve } from './serve';
import { findTarget } from './target';
import { tools, workflows } from './catalogue';

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

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (command === 'list') {
    if (rest.includes('--json')) process.stdout.write(`${JSON.stringify(listEntries(), null, 2)}\n`);
    else process.stdout.write(listText());
    return 0;
  }
  if (command === 'help') {
    if (!rest[0]) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (!findTarget(rest[0])) throw new UsageError(unknown(rest[0]));
    process.stdout.write(toolHelp(rest[0]));
    return 0;
  }
  if (command === 'serve') {
    const server = await serve(parseServeArgs(rest, bundleDir));
    await new Promise<void>((done) => {
      const stop = () => server.close(() => done());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  }
  const target = findTarget(command);
  if (!target) throw new UsageError(unknown(command));
  return runTarget(target, rest, { workerUrl: new URL(workerFile, import.meta.url) });
}

function unknown(slug: string): string {
  const near = suggestions(slug);
  return `Unknown tool or workflow "${slug}".${near.length ? ` Did you mean ${near.join(', ')}?` : ''} Run: filedesk list`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`filedesk: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`filedesk: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
