/**
 * The processors read their WebAssembly, fonts and OCR data from
 * `<current folder>/node_modules/<package>/...` when they run in Node (the
 * unit tests and benchmarks run from the repository's root). The command can
 * be started from any folder and installed anywhere, so before any work it
 * finds the folder whose node_modules holds those packages (the repository,
 * the folder the package was installed into, or the package's own folder for
 * a global install) and makes it the process's current folder. Every path
 * the user gave is made absolute first. Worker threads share the process's
 * current folder.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files the processors read from node_modules in Node; the root must hold them. */
const MARKERS = ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'];

/** The nearest folder at or above `from` whose node_modules has the marker files, or null. */
export function findModulesRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = resolve(from);
  for (;;) {
    if (MARKERS.every((m) => existsSync(join(dir, 'node_modules', m)))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Makes the modules root the current folder; false when there is none (a broken install). */
export function enterModulesRoot(): boolean {
  const root = findModulesRoot();
  if (!root) return false;
  if (process.cwd() !== root) process.chdir(root);
  return true;
}
