/**
 * Folders through the File System Access API: a picked folder, or the
 * origin-private file system (navigator.storage.getDirectory()), which has the
 * same interface. Inputs are found recursively and filtered by the tool's
 * accepted extensions; outputs are written under the same relative paths.
 */
import type { BatchInput, BatchSink } from '../../core/run-batch';
import { RECORD_FILE, RunRecord } from '../../core/record';
import { t } from '../../lib/i18n/messages';


type Entries = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

/** Every file below `root` whose extension is accepted, by path, hidden files left out. */
export async function listFolder(root: FileSystemDirectoryHandle, extensions: readonly string[]): Promise<BatchInput[]> {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()));
  const found: BatchInput[] = [];
  async function walk(dir: FileSystemDirectoryHandle, prefix: string) {
    for await (const handle of (dir as Entries).values()) {
      if (handle.name.startsWith('.')) continue;
      if (handle.kind === 'directory') {
        await walk(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`);
        continue;
      }
      const dot = handle.name.lastIndexOf('.');
      if (dot < 0 || !wanted.has(handle.name.slice(dot).toLowerCase())) continue;
      const fileHandle = handle as FileSystemFileHandle;
      const { size } = await fileHandle.getFile();
      found.push({ path: prefix + handle.name, size, open: () => fileHandle.getFile() });
    }
  }
  await walk(root, '');
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function dirFor(root: FileSystemDirectoryHandle, path: string, create: boolean): Promise<{ dir: FileSystemDirectoryHandle; name: string }> {
  const parts = path.split('/');
  const name = parts.pop()!;
  let dir = root;
  for (const part of parts) dir = await dir.getDirectoryHandle(part, { create });
  return { dir, name };
}

async function writeFile(root: FileSystemDirectoryHandle, path: string, data: Blob | Uint8Array | string): Promise<void> {
  const { dir, name } = await dirFor(root, path, true);
  // A writable stream writes to a side file and replaces the real one on close, so an output is
  // either whole or absent, even when the page is closed half way.
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  await writable.write(data as FileSystemWriteChunkType);
  await writable.close();
}

/** Outputs written into `root`, with the resume record beside them (RECORD_FILE). */
export function folderSink(root: FileSystemDirectoryHandle): BatchSink {
  return {
    exists: async (path) => {
      try {
        const { dir, name } = await dirFor(root, path, false);
        await dir.getFileHandle(name);
        return true;
      } catch {
        return false;
      }
    },
    write: (path, data) => writeFile(root, path, data),
    readRecord: async () => {
      try {
        return await (await (await root.getFileHandle(RECORD_FILE)).getFile()).text();
      } catch {
        return '';
      }
    },
    async appendRecord(lines) {
      // Appended in place: the record of a long batch is never rewritten whole.
      const handle = await root.getFileHandle(RECORD_FILE, { create: true });
      const { size } = await handle.getFile();
      const writable = await handle.createWritable({ keepExistingData: true });
      await writable.seek(size);
      await writable.write(lines);
      await writable.close();
    },
  };
}

/**
 * The inputs that are not the batch's own results: with the output folder inside the chosen folder,
 * nothing below it; with the same folder, no file an earlier batch wrote there (the resume record
 * says which). The notice tells the visitor, or is empty when the two folders are apart.
 */
export async function outsideOutput(
  inputs: BatchInput[],
  inputDir: FileSystemDirectoryHandle,
  outputDir: FileSystemDirectoryHandle,
  sink: BatchSink,
): Promise<{ inputs: BatchInput[]; notice: string }> {
  const inside = await inputDir.resolve(outputDir);
  if (!inside) return { inputs, notice: '' };
  if (inside.length > 0) {
    const prefix = `${inside.join('/')}/`;
    return {
      inputs: inputs.filter((i) => !i.path.startsWith(prefix)),
      notice: t('engine.batch.outputInside', { folder: inside.join('/') }),
    };
  }
  const record = new RunRecord(await sink.readRecord());
  return {
    inputs: inputs.filter((i) => !record.isOutput(i.path)),
    notice: t('engine.batch.outputSame'),
  };
}
