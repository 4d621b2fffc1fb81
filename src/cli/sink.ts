/**
 * The output folder, as the site's batch mode writes a chosen folder
 * (src/engine/batch/folder.ts): outputs under their input's relative path,
 * each written whole or not at all (a temporary file renamed into place), and
 * the inputs finished listed in the same done-list file, .filedesk-done.txt,
 * so a run resumes where an earlier one (or the site) stopped. Lines are
 * appended, so several processes (shards) can share one output folder.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DONE_LIST } from '../engine/batch/folder';
import type { BatchSink } from '../core/run-batch';

export interface NodeSink extends BatchSink {
  /** Absolute path an output path is written to. */
  locate(path: string): string;
}

/** A sink writing into `root`. With `overwrite`, nothing counts as done. `inputs` are absolute paths never written to. */
export async function folderSink(root: string, { overwrite, inputs }: { overwrite: boolean; inputs: ReadonlySet<string> }): Promise<NodeSink> {
  await mkdir(root, { recursive: true });
  const listFile = join(root, DONE_LIST);
  let done = new Set<string>();
  if (!overwrite) {
    try {
      done = new Set((await readFile(listFile, 'utf8')).split('\n').filter(Boolean));
    } catch {
      // No list yet: nothing done.
    }
  }
  const locate = (path: string) => {
    const full = resolve(root, path);
    if (!full.startsWith(resolve(root))) throw new Error(`The output path ${path} leaves the output folder.`);
    return full;
  };
  let listWrite = Promise.resolve();
  return {
    locate,
    isDone: async (path) => done.has(path),
    has: async (path) => {
      if (overwrite) return false;
      try {
        return (await stat(locate(path))).size > 0;
      } catch {
        return false;
      }
    },
    async write(path, data) {
      const target = locate(path);
      if (inputs.has(target)) throw new Error(`Not written: ${path} would replace an input file. Choose another --out folder.`);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.filedesk-tmp`;
      try {
        await writeFile(temporary, data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    markDone(path) {
      done.add(path);
      listWrite = listWrite.then(() => appendFile(listFile, `${path}\n`));
      return listWrite;
    },
  };
}
