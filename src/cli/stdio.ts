/**
 * Standard input and output for the tools that take one file and make one
 * (`filedesk rotate-pdf - --out - < in.pdf > out.pdf`). A run reads files and
 * writes into a folder, so standard input is first copied into a private
 * temporary folder, under a name whose extension says its type (read from
 * its first bytes, or given with --name), and the run writes into another
 * temporary folder whose one output is then copied to standard output.
 * Temporary folders are removed when the run ends, fails or is interrupted.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** `-` as an input path is standard input; as the value of --out, standard output. */
export const STDIO = '-';

// ---------------------------------------------------------------------------
// Temporary folders

const live = new Set<string>();
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

function removeAllNow(): void {
  for (const path of live) rmSync(path, { recursive: true, force: true });
  live.clear();
}

/**
 * While a temporary folder exists, Ctrl-C must not leave it behind. During a
 * run, run.ts listens for SIGINT itself: it stops the run, runTarget returns,
 * and the folder is removed on the way out. Outside a run (reading standard
 * input, writing standard output) nobody else listens, so this removes the
 * folders and exits as an interrupted command does.
 */
const onSignal = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) > 1) return;
  removeAllNow();
  process.exit(EXIT_CODES[signal as keyof typeof EXIT_CODES] ?? 130);
};

function watch(path: string): void {
  if (live.size === 0) {
    process.on('exit', removeAllNow);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  live.add(path);
}

function unwatch(path: string): void {
  live.delete(path);
  if (live.size === 0) {
    process.off('exit', removeAllNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export interface TempFolder {
  /** Absolute path of the folder (mode 0700: readable by this user only). */
  path: string;
  dispose(): Promise<void>;
}

export async function makeTempFolder(): Promise<TempFolder> {
  // Made synchronously, so the folder is watched before a signal can be handled: none can leave it behind unwatched.
  const path = mkdtempSync(join(tmpdir(), 'filedesk-'));
  watch(path);
  return {
    path,
    async dispose() {
      try {
        await rm(path, { recursive: true, force: true });
      } finally {
        unwatch(path);
      }
    },
  };
}

// ---------------------------------------------------------------------------
// Standard input

/** Copies standard input into `file` (created new, private); its size in bytes. */
export async function copyStdinTo(file: string): Promise<number> {
  await pipeline(process.stdin, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  return (await stat(file)).size;
}

/** Extensions that name the same type: any one of them suits. */
const ALIASES = [
  ['.jpg', '.jpeg'],
  ['.tif', '.tiff'],
  ['.heic', '.heif'],
  ['.htm', '.html'],
];

/** Extensions of plain text types, for text whose first characters say nothing more. */
const TEXT = ['.csv', '.tsv', '.txt', '.md'];

const ascii = (bytes: Uint8Array, at: number, text: string) => text.split('').every((c, i) => bytes[at + i] === c.charCodeAt(0));
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** The brands of an ISO media file's ftyp box (AVIF, HEIC, MP4), or none. */
function isoBrands(head: Uint8Array): string[] {
  if (head.length < 16 || !ascii(head, 4, 'ftyp')) return [];
  const size = Math.min(head.length, ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0);
  const brands = [latin1(head.subarray(8, 12))];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(latin1(head.subarray(at, at + 4)));
  return brands;
}

function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream` lets the last character be cut off by the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * What the first bytes (and, for ZIP files, the last ones, where the list of
 * entries is) say the data is: the extensions of that type, or [] when they
 * match no type known here.
 */
export function sniff(head: Uint8Array, tail: Uint8Array = head): string[] {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (latin1(head.subarray(0, 1024)).includes('%PDF-')) return ['.pdf'];
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return ['.png'];
  if (starts(0xff, 0xd8, 0xff)) return ['.jpg', '.jpeg'];
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return ['.gif'];
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return ['.webp'];
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return ['.wav'];
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return ['.tiff', '.tif'];
  if (starts(0xff, 0x0a) || starts(0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a)) return ['.jxl'];
  if (ascii(head, 0, '8BPS')) return ['.psd'];
  if (ascii(head, 0, '%!PS') || starts(0xc5, 0xd0, 0xd3, 0xc6)) return ['.eps'];
  if (ascii(head, 0, 'ID3')) return ['.mp3'];
  const brands = isoBrands(head);
  if (brands.some((b) => b === 'avif' || b === 'avis')) return ['.avif'];
  if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return ['.heic', '.heif'];
  if (brands.length) return ['.mp4'];
  if (starts(0x50, 0x4b, 0x03, 0x04)) {
    // Office files and EPUB books are ZIP files; the names of their entries tell them apart.
    if (ascii(head, 30, 'mimetypeapplication/epub+zip')) return ['.epub'];
    const names = latin1(head) + latin1(tail);
    if (names.includes('word/')) return ['.docx'];
    if (names.includes('xl/')) return ['.xlsx'];
    if (names.includes('ppt/')) return ['.pptx'];
    return ['.zip'];
  }
  // The older Office formats share one container; a tool takes at most one of them.
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return ['.doc', '.xls', '.ppt'];
  if (isText(head)) {
    const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart();
    if (text.startsWith('<')) return /<svg[\s>]/i.test(text) ? ['.svg'] : ['.xml'];
    if (text.startsWith('{') || text.startsWith('[')) return ['.json'];
    return TEXT;
  }
  return [];
}

/** The extensions naming the same type as `extension`, itself included. */
function aliasesOf(extension: string): string[] {
  return ALIASES.find((group) => group.includes(extension)) ?? [extension];
}

/**
 * The extension standard input is given among those a tool takes: the type
 * its bytes show; for text, the tool's only text type (a CSV tool takes any
 * text as CSV); failing that, the one type the tool takes, whose processor
 * then says what is wrong with the data, as it does for a damaged file. Null
 * when the data fits none of several types the tool takes.
 */
export function chooseExtension(head: Uint8Array, tail: Uint8Array, accepted: readonly string[]): string | null {
  const wanted = accepted.map((e) => e.toLowerCase());
  const seen = sniff(head, tail);
  const direct = wanted.find((e) => seen.includes(e));
  if (direct) return direct;
  if (isText(head)) {
    const texts = wanted.filter((e) => TEXT.includes(e) || e === '.xml' || e === '.json' || e === '.svg');
    if (texts.length === 1) return texts[0];
  }
  const [first] = wanted;
  return first && wanted.every((e) => aliasesOf(first).includes(e)) ? first : null;
}

/** The first and last `bytes` of a file (the whole file when it is smaller). */
export async function readEnds(file: string, bytes = 65536): Promise<{ head: Uint8Array; tail: Uint8Array }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(bytes, size));
    await handle.read(head, 0, head.length, 0);
    if (size <= bytes) return { head, tail: head };
    const tail = new Uint8Array(bytes);
    await handle.read(tail, 0, bytes, size - bytes);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------
// Standard output

/**
 * The files a run wrote into `folder` (relative paths, sorted). Hidden files
 * are the run's own bookkeeping (its resume record, unfinished temporary
 * files), never an output: an output is named after its input, and a hidden
 * input is never read.
 */
export async function listOutputs(folder: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(relative(folder, full).split(sep).join('/'));
    }
  }
  await walk(folder);
  return found.sort();
}

/** Standard output was closed by the reader (`| head`) before the whole file was written. */
export class StdoutClosedError extends Error {
  constructor() {
    super('Standard output was closed before the whole file was written.');
    this.name = 'StdoutClosedError';
  }
}

let stdoutError: NodeJS.ErrnoException | undefined;

/**
 * Copies a file to standard output, waiting for each chunk to be taken, and
 * until the last one has been handed on. A reader that goes away (EPIPE) ends
 * the copy with StdoutClosedError, not an unhandled error event.
 */
export async function copyToStdout(file: string): Promise<void> {
  const out = process.stdout;
  if (!out.listeners('error').includes(recordStdoutError)) out.on('error', recordStdoutError);
  const check = () => {
    if (!stdoutError) return;
    if (stdoutError.code === 'EPIPE') throw new StdoutClosedError();
    throw stdoutError;
  };
  for await (const chunk of createReadStream(file)) {
    check();
    if (!out.write(chunk as Buffer)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('error', done);
          resolve();
        };
        out.on('drain', done);
        out.on('error', done);
      });
    }
  }
  check();
  await new Promise<void>((resolve) => out.write('', () => resolve()));
  check();
}

function recordStdoutError(error: NodeJS.ErrnoException): void {
  stdoutError ??= error;
}

/**
 * While standard output carries a file, whatever the main thread would print
 * with console.log goes to stderr instead, so nothing is mixed into the file.
 * Returns the function that puts console back.
 */
export function keepStdoutForData(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  return () => Object.assign(console, saved);
}
