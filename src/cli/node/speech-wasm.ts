/**
 * The command's stand-in for src/lib/speech/wasm-source.ts (swapped in by
 * vite.cli.config.ts): the speech engine's WebAssembly read from the
 * installed espeak-ng package instead of fetched from the site, as the unit
 * tests do.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function loadEngineWasm(onProgress: (done: number, total: number) => void): Promise<Uint8Array> {
  const bytes = new Uint8Array(await readFile(join(process.cwd(), 'node_modules', 'espeak-ng', 'dist', 'espeak-ng.wasm')));
  onProgress(bytes.length, bytes.length);
  return bytes;
}

export const RAW_WASM_BYTES = 18_485_010;
