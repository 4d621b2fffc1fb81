/**
 * Folders through the File System Access API: a picked folder, or the
 * origin-private file system (navigator.storage.getDirectory()), which has the
 * same interface. Inputs are found recursively and filtered by the tool's
 * accepted extensions; outputs are written under the same relative paths.
 */
import type { BatchInput, BatchSink } from '../../core/run-batch';

/** The file in an output folder that lists the inputs already finished, so a batch can resume. */
export const DONE_LIST = '.filedesk-done.txt';

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

/** Outputs written into `root`; the inputs finished are listed in DONE_LIST. */
export async function folderSink(root: FileSystemDirectoryHandle): Promise<BatchSink> {
  let done: Set<string>;
  try {
    const text = await (await (await root.getFileHandle(DONE_LIST)).getFile()).text();
    done = new Set(text.split('\n').filter(Boolean));
  } catch {
    done = new Set();
  }
  // Lanes finish at their own pace; writes of the list follow one another.
  let listWrite = Promise.resolve();
  return {
    isDone: async (path) => done.has(path),
    has: async (path) => {
      try {
        const { dir, name } = await dirFor(root, path, false);
        return (await (await dir.getFileHandle(name)).getFile()).size > 0;
      } catch {
        return false;
      }
    },
    write: (path, data) => writeFile(root, path, data),
    markDone: (path) => {
      done.add(path);
      listWrite = listWrite.then(() => writeFile(root, DONE_LIST, [...done].join('\n') + '\n'));
      return listWrite;
    },
  };
}
