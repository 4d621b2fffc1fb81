/**
 * A folder in memory with the File System Access API's interface, as the
 * origin-private file system gives it (navigator.storage.getDirectory()):
 * the site's batch mode reads and writes these handles. A writable stream
 * commits on close, as the browser's does, and a fault can be set to make
 * writes fail the way a browser says they do (a full disk, a folder that is
 * read-only or gone).
 */
export type Fault = 'QuotaExceededError' | 'NotAllowedError' | 'NotFoundError' | null;

interface Node {
  kind: 'file' | 'directory';
  name: string;
  parent: MemoryDir | null;
}

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

export class MemoryFile implements Node {
  readonly kind = 'file' as const;
  constructor(
    public name: string,
    public parent: MemoryDir | null,
    public bytes: Uint8Array = new Uint8Array(),
    public opens = { count: 0 },
  ) {}
  async getFile(): Promise<File> {
    if (!this.parent?.entries.has(this.name)) throw domError('NotFoundError', 'A requested file or directory could not be found.');
    return new File([this.bytes as Uint8Array<ArrayBuffer>], this.name);
  }
  async createWritable(options: { keepExistingData?: boolean } = {}) {
    const fault = this.parent?.root().fault;
    if (fault === 'NotAllowedError' || fault === 'NotFoundError') throw domError(fault, 'The request is not allowed.');
    let data = options.keepExistingData ? this.bytes.slice() : new Uint8Array();
    let at = 0;
    return {
      seek: async (position: number) => void (at = position),
      write: async (chunk: Blob | Uint8Array | string) => {
        if (this.parent?.root().fault === 'QuotaExceededError') throw domError('QuotaExceededError', 'The quota has been exceeded.');
        const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk instanceof Blob ? new Uint8Array(await chunk.arrayBuffer()) : chunk;
        const next = new Uint8Array(Math.max(data.length, at + bytes.length));
        next.set(data);
        next.set(bytes, at);
        data = next;
        at += bytes.length;
      },
      close: async () => void (this.bytes = data),
    };
  }
}

export class MemoryDir implements Node {
  readonly kind = 'directory' as const;
  readonly entries = new Map<string, MemoryFile | MemoryDir>();
  fault: Fault = null;
  constructor(
    public name: string,
    public parent: MemoryDir | null = null,
  ) {}
  root(): MemoryDir {
    return this.parent ? this.parent.root() : this;
  }
  async getDirectoryHandle(name: string, { create = false } = {}): Promise<MemoryDir> {
    const found = this.entries.get(name);
    if (found?.kind === 'directory') return found;
    if (found) throw domError('TypeMismatchError', 'The path supplied exists, but was not an entry of requested type.');
    if (!create) throw domError('NotFoundError', 'A requested file or directory could not be found.');
    if (this.root().fault) throw domError(this.root().fault!, 'The request is not allowed.');
    const dir = new MemoryDir(name, this);
    this.entries.set(name, dir);
    return dir;
  }
  async getFileHandle(name: string, { create = false } = {}): Promise<MemoryFile> {
    if (name.includes('/') || name.includes('\\') || name === '..' || name === '.') throw new TypeError(`Name is not allowed: ${name}`);
    const found = this.entries.get(name);
    if (found?.kind === 'file') return found;
    if (found) throw domError('TypeMismatchError', 'The path supplied exists, but was not an entry of requested type.');
    if (!create) throw domError('NotFoundError', 'A requested file or directory could not be found.');
    const file = new MemoryFile(name, this);
    this.entries.set(name, file);
    return file;
  }
  async removeEntry(name: string): Promise<void> {
    this.entries.delete(name);
  }
  async *values(): AsyncIterable<MemoryFile | MemoryDir> {
    yield* [...this.entries.values()];
  }
  async isSameEntry(other: unknown): Promise<boolean> {
    return other === this;
  }
  /** The names from this folder down to `other`, [] for this folder itself, null when it is not below. */
  async resolve(other: MemoryFile | MemoryDir): Promise<string[] | null> {
    const names: string[] = [];
    for (let at: MemoryFile | MemoryDir | null = other; at; at = at.parent) {
      if (at === this) return names;
      names.unshift(at.name);
    }
    return null;
  }

  /** Writes a file below this folder ("a/b.csv"), making folders on the way. */
  put(path: string, bytes: Uint8Array | string): MemoryFile {
    const parts = path.split('/');
    const name = parts.pop()!;
    let dir: MemoryDir = this;
    for (const part of parts) {
      let next = dir.entries.get(part);
      if (!next) dir.entries.set(part, (next = new MemoryDir(part, dir)));
      dir = next as MemoryDir;
    }
    const file = new MemoryFile(name, dir, typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
    dir.entries.set(name, file);
    return file;
  }
  /** Every file below this folder by path, with its bytes. */
  files(prefix = ''): Map<string, Uint8Array> {
    const out = new Map<string, Uint8Array>();
    for (const entry of this.entries.values()) {
      if (entry.kind === 'file') out.set(prefix + entry.name, entry.bytes);
      else for (const [path, bytes] of entry.files(`${prefix}${entry.name}/`)) out.set(path, bytes);
    }
    return out;
  }
  remove(path: string): void {
    const parts = path.split('/');
    const name = parts.pop()!;
    let dir: MemoryDir = this;
    for (const part of parts) dir = dir.entries.get(part) as MemoryDir;
    dir.entries.delete(name);
  }
}

/** The handle type batch mode takes. */
export const asHandle = (dir: MemoryDir) => dir as unknown as FileSystemDirectoryHandle;
