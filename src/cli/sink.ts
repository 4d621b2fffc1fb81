/**
 * The output folder, as the site's batch mode writes a chosen folder
 * (src/engine/batch/folder.ts): outputs under their input's relative path,
 * each written whole or not at all (a temporary file renamed into place),
 * never outside the folder, and the run core's resume record appended
 * beside them (src/core/record.ts), so a run resumes where an earlier one
 * (or the site) stopped, and several processes (shards) can share a folder.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, lstat, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { makeFolder } from './folders';
import { dirname, join, resolve, sep } from 'node:path';
import { RECORD_FILE } from '../core/record';
import type { BatchSink } from '../core/run-batch';

export interface NodeSink extends BatchSink {
  /** Absolute path an output path is written to. */
  locate(path: string): string;
}

/** A sink writing into `root`, which exists. `inputs` are absolute paths never written to. */
export function folderSink(root: string, { inputs }: { inputs: ReadonlySet<string> }): NodeSink {
  const top = resolve(root);
  const locate = (path: string) => {
    const full = resolve(top, path);
    if (full !== top && !full.startsWith(top + sep)) throw Object.assign(new Error(`The output path ${path} leaves the output folder.`), { code: 'EOUTSIDE' });
    return full;
  };
  return {
    locate,
    exists: async (path) => {
      try {
        await lstat(locate(path));
        return true;
      } catch {
        return false;
      }
    },
    async write(path, data) {
      const target = locate(path);
      if (inputs.has(target)) throw new Error(`Not written: ${path} would replace an input file. Choose another --out folder.`);
      await makeFolder(dirname(target));
      // A short name of its own: the output's name may already be as long as the file system allows.
      const temporary = join(dirname(target), `.${randomBytes(4).toString('hex')}.filedesk-tmp`);
      try {
        await writeFile(temporary, data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    readRecord: async () => {
      try {
        return await readFile(join(top, RECORD_FILE), 'utf8');
      } catch {
        return '';
      }
    },
    appendRecord: (lines) => appendFile(join(top, RECORD_FILE), lines),
  };
}
