/** Folders the command creates. */
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * `mkdir -p`, one level at a time from the first that exists. Node's own
 * recursive mkdir never settles for some paths it cannot create (under /proc,
 * for one), which left the command hanging without a word.
 */
export async function makeFolder(path: string): Promise<void> {
  const missing: string[] = [];
  for (let current = path; ; current = dirname(current)) {
    try {
      if ((await stat(current)).isDirectory()) break;
      throw Object.assign(new Error(`${current} is a file, not a folder.`), { code: 'ENOTDIR', path: current });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(current) === current) throw error;
      missing.unshift(current);
    }
  }
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
