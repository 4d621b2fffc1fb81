/**
 * The command line, split into the command, the command's own flags, the
 * tool's option values (still text) and the input paths. Which names take a
 * value is known from the tool's fields, so `--lossless photo.jpg` reads
 * photo.jpg as an input and `--quality 80` reads 80 as the value. `-` is an
 * input path (standard input) and a value of --out (standard output); -o is
 * --out.
 */
import { readFileSync } from 'node:fs';
import type { Field } from '../../schemas/manifest';

/** A mistake on the command line: printed with a hint, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface RunFlags {
  out?: string;
  /** The file name standard input is given (`-` as an input): its extension says its type. */
  name?: string;
  jobs?: number;
  json: boolean;
  overwrite: boolean;
  shard?: { index: number; count: number };
  verbose: boolean;
  quiet: boolean;
  help: boolean;
}

export interface ParsedRun {
  flags: RunFlags;
  /** Option values by field name, as typed (booleans for toggles). */
  values: Record<string, string | boolean>;
  paths: string[];
}

/** The command's own flags and whether each takes a value. They are read before the tool's options, so no option may share a name with one. */
export const COMMON_FLAGS: Record<string, { value: boolean; help: string }> = {
  out: { value: true, help: 'folder the outputs are written to (created when missing), or - for standard output (one output only); required; also -o' },
  name: { value: true, help: 'file name for standard input (- as an input), such as scan.pdf; by default its type is read from its first bytes' },
  jobs: { value: true, help: 'files processed at once, one worker thread each (default: the number of cores)' },
  json: { value: false, help: 'print one JSON line per file on stdout instead of the progress bar' },
  overwrite: { value: false, help: 'process files again even when their outputs exist' },
  shard: { value: true, help: 'i/n: process only share i (0 to n-1) of the inputs, split stably by path' },
  verbose: { value: false, help: 'print the engines\' own messages and crash details on stderr' },
  quiet: { value: false, help: 'no progress bar and no summary; failed files are still listed on stderr' },
  help: { value: false, help: 'show this tool\'s help (also -h)' },
};

function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index >= count) throw new UsageError(`--shard takes i/n with 0 <= i < n (such as 0/4), not "${text}".`);
  return { index, count };
}

function parseJobs(text: string): number {
  const jobs = Number(text);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new UsageError(`--jobs takes a whole number from 1 to 256, not "${text}".`);
  return jobs;
}

/** Splits the arguments after the tool's slug, given the fields the tool (or workflow) takes. */
/** The fields parseRunArgs reads: a secret text field (a password) also takes --<name>-file and an environment variable. */
type ArgField = Pick<Field, 'name' | 'type'> & { password?: boolean };

const isSecret = (field: ArgField | undefined): boolean => field?.type === 'text' && field.password === true;

/** The environment variable a secret field is read from when the command line does not give it: FILEDESK_PASSWORD for --password. */
export function secretEnvName(name: string): string {
  return `FILEDESK_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** A secret's value from the first line of a file, so it appears in no process list or shell history. */
function secretFromFile(name: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--${name}-file: the file "${path}" cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  }
  return text.split(/\r?\n/)[0];
}

export function parseRunArgs(args: readonly string[], fields: readonly ArgField[], env: Record<string, string | undefined> = process.env): ParsedRun {
  const flags: RunFlags = { json: false, overwrite: false, verbose: false, quiet: false, help: false };
  const values: Record<string, string | boolean> = {};
  const paths: string[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const optionList = () => {
    const names = fields.map((f) => `--${f.name}`);
    return names.length ? `Its options are ${names.join(', ')}.` : 'It has no options.';
  };
  let onlyPaths = false;
  for (let i = 0; i < args.length; i++) {
    // -o is the short form of --out, as in most commands that write files.
    const arg = !onlyPaths && args[i] === '-o' ? '--out' : args[i];
    if (!onlyPaths && arg === '-h') {
      flags.help = true;
      continue;
    }
    if (onlyPaths || !arg.startsWith('--') || arg === '-') {
      if (arg === '--' && !onlyPaths) onlyPaths = true;
      else paths.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPaths = true;
      continue;
    }
    const eq = arg.indexOf('=');
    let name = arg.slice(2, eq > 0 ? eq : undefined);
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const takeValue = (what: string): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined) throw new UsageError(`--${what} needs a value.`);
      i++;
      return next;
    };
    const common = COMMON_FLAGS[name];
    if (common) {
      if (!common.value) {
        if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
        (flags as unknown as Record<string, boolean>)[name] = true;
      } else if (name === 'out' || name === 'name') {
        if (flags[name] !== undefined) throw new UsageError(`--${name} is given twice.`);
        flags[name] = takeValue(name);
      } else if (name === 'jobs') flags.jobs = parseJobs(takeValue(name));
      else if (name === 'shard') flags.shard = parseShard(takeValue(name));
      continue;
    }
    let negated = false;
    if (!byName.has(name) && name.startsWith('no-') && byName.get(name.slice(3))?.type === 'toggle') {
      name = name.slice(3);
      negated = true;
    }
    if (name.endsWith('-file') && isSecret(byName.get(name.slice(0, -5)))) {
      const secret = name.slice(0, -5);
      if (secret in values) throw new UsageError(`--${secret} is given twice.`);
      values[secret] = secretFromFile(secret, takeValue(name));
      continue;
    }
    const field = byName.get(name);
    if (!field) throw new UsageError(`Unknown option --${name}. ${optionList()} See: filedesk help <tool>.`);
    if (name in values) throw new UsageError(`--${name} is given twice.`);
    if (field.type === 'toggle') {
      if (negated) {
        if (inline !== undefined) throw new UsageError(`--no-${name} takes no value.`);
        values[name] = false;
      } else if (inline === undefined) values[name] = true;
      else if (/^(true|on|yes|1)$/i.test(inline)) values[name] = true;
      else if (/^(false|off|no|0)$/i.test(inline)) values[name] = false;
      else throw new UsageError(`--${name} is on or off: write --${name} or --no-${name}, not "${inline}".`);
    } else values[name] = takeValue(name);
  }
  for (const field of fields) {
    const fromEnv = env[secretEnvName(field.name)];
    if (isSecret(field) && !(field.name in values) && fromEnv !== undefined) values[field.name] = fromEnv;
  }
  return { flags, values, paths };
}

/**
 * Arguments that parse back to `parsed`: the command's flags, then each
 * option as --name=value (so a value starting with -- stays a value), then
 * the paths after `--` (so a path starting with - stays a path).
 */
export function formatRunArgs(parsed: ParsedRun): string[] {
  const { flags, values, paths } = parsed;
  const args: string[] = [];
  if (flags.out !== undefined) args.push(`--out=${flags.out}`);
  if (flags.name !== undefined) args.push(`--name=${flags.name}`);
  if (flags.jobs !== undefined) args.push(`--jobs=${flags.jobs}`);
  if (flags.shard) args.push(`--shard=${flags.shard.index}/${flags.shard.count}`);
  for (const name of ['json', 'overwrite', 'verbose', 'quiet', 'help'] as const) if (flags[name]) args.push(`--${name}`);
  for (const [name, value] of Object.entries(values)) {
    if (value === true) args.push(`--${name}`);
    else if (value === false) args.push(`--no-${name}`);
    else args.push(`--${name}=${value}`);
  }
  return [...args, '--', ...paths];
}
