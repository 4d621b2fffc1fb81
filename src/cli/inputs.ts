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

/**
 * Every input, sorted by path; `exclude` is the output folder, never read as
 * input. Each argument is given as typed (for messages) and as an absolute path.
 */
export async function findInputs(args: readonly { typed: string; full: string }[], extensions: readonly string[], exclude: string): Promise<CliInput[]> {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()));
  const accepted = (name: string) => {
    const dot = name.lastIndexOf('.');
    return dot > 0 && wanted.has(name.slice(dot).toLowerCase());
  };
  const found: CliInput[] = [];
  const seen = new Set<string>();
  const add = (item: CliInput) => {
    if (seen.has(item.file)) return;
    seen.add(item.file);
    found.push(item);
  };
  async function walk(dir: string, root: string) {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      throw new UsageError(`The folder ${dir} cannot be read.`);
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (full === exclude) continue;
      if (entry.isDirectory()) await walk(full, root);
      else if ((entry.isFile() || entry.isSymbolicLink()) && accepted(entry.name)) {
        let info: Stats;
        try {
          info = await stat(full);
        } catch {
          continue;
        }
        if (info.isFile()) add(input(full, toPosix(relative(root, full)), info.size));
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
    if (info.isDirectory()) await walk(full, full);
    else {
      const item = input(full, basename(full), info.size);
      if (!accepted(basename(full)))
        item.refused = `${basename(full)} is not a type this tool takes (it takes ${extensions.join(', ')}).`;
      add(item);
    }
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.file < b.file ? -1 : 1));
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
