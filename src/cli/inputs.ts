/**
 * The input files of a run: files named on the command line, and the files
 * below named folders (recursively, hidden files and the output folder left
 * out) whose extension the tool accepts, as the site's batch mode lists a
 * folder. Each has a path relative to the folder it was found in, which is
 * where its outputs go inside --out and what the done-list records.
 */
import { openAsBlob, statSync, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { BatchInput } from '../core/run-batch';
import { numberedName } from '../core/file-names';
import { UsageError } from './args';

export interface CliInput extends BatchInput {
  /** Absolute path of the file. */
  file: string;
  /** Named on the command line with a type the tool does not take: it fails with this message. */
  refused?: string;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function input(file: string, path: string, size: number): CliInput {
  return { file, path, size, open: async () => new File([await openAsBlob(file)], basename(file)) };
}

/** Where the output folder stands against the folders read: files of its own are never inputs. */
export interface OutputPlace {
  /** Absolute path of --out. */
  out: string;
  /** Whether a path an earlier run wrote into --out (relative to it, with "/") is an output. */
  isOutput(relativePath: string): boolean;
}

/**
 * Every input, sorted by path, and a sentence for the user when the output
 * folder is one of the folders read or inside one. Each argument is given as
 * typed (for messages) and as an absolute path. With several arguments, the
 * files of each named folder are under that folder's name, as a copy of
 * those folders would be, so two folders' "a.png" stay two files.
 */
export async function findInputs(
  args: readonly { typed: string; full: string }[],
  extensions: readonly string[],
  place: OutputPlace,
): Promise<{ inputs: CliInput[]; notice: string }> {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()));
  const accepted = (name: string) => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && wanted.has(name.slice(dot).toLowerCase());
  };
  const found: CliInput[] = [];
  const seen = new Set<string>();
  let notice = '';
  const add = (item: CliInput) => {
    if (seen.has(item.file)) return;
    seen.add(item.file);
    found.push(item);
  };
  const out = place.out;
  async function walk(dir: string, root: string, prefix: string) {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      throw new UsageError(`The folder ${dir} cannot be read.`);
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (full === out && root !== out) {
        notice = `The output folder ${out} is inside ${root}: the files in it are not read as inputs.`;
        continue;
      }
      if (entry.isDirectory()) await walk(full, root, prefix);
      else if ((entry.isFile() || entry.isSymbolicLink()) && accepted(entry.name)) {
        // With the outputs written into the folder read, a file an earlier run wrote there is an output, not an input.
        if (root === out && place.isOutput(toPosix(relative(out, full)))) continue;
        let info: Stats;
        try {
          info = await stat(full);
        } catch {
          continue;
        }
        if (info.isFile()) add(input(full, prefix + toPosix(relative(root, full)), info.size));
      }
    }
  }
  for (const { typed, full } of args) {
    let info: Stats;
    try {
      info = statSync(full);
    } catch {
      throw new UsageError(`No such file or folder: ${typed}`);
    }
    if (info.isDirectory()) {
      if (full === out) notice = `The outputs go into ${out}, the folder being read: files written there by filedesk are not read as inputs.`;
      else if (out.startsWith(full + sep)) notice = `The output folder ${out} is inside ${full}: the files in it are not read as inputs.`;
      await walk(full, full, args.length > 1 ? `${basename(full)}/` : '');
    } else {
      const item = input(full, basename(full), info.size);
      if (!accepted(basename(full))) item.refused = `${basename(full)} is not a type this tool takes (it takes ${extensions.join(', ')}).`;
      add(item);
    }
  }
  found.sort((a, b) => (a.path.toLowerCase() < b.path.toLowerCase() ? -1 : a.path.toLowerCase() > b.path.toLowerCase() ? 1 : a.file < b.file ? -1 : 1));
  // Two files named alike from different places (x/a.png and y/a.png named on the command line) keep apart: the later by full path is numbered.
  const paths = new Set<string>();
  for (const item of found) {
    let unique = item.path;
    for (let n = 2; paths.has(unique.toLowerCase()); n++) unique = dirPart(item.path) + numberedName(item.path.slice(dirPart(item.path).length), n);
    paths.add(unique.toLowerCase());
    item.path = unique;
  }
  return { inputs: found, notice };
}

function dirPart(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** FNV-1a, 32 bits: the same path falls in the same shard on every machine and every run. */
export function pathHash(path: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(path)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The inputs of shard `index` of `count`: decided by each input's path alone, so shards never overlap and together cover every file. */
export function shardOf<T extends { path: string }>(inputs: readonly T[], index: number, count: number): T[] {
  return count <= 1 ? [...inputs] : inputs.filter((i) => pathHash(i.path) % count === index);
}
