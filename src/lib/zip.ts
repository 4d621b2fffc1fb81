/**
 * Reading ZIP containers (DOCX, EPUB, XLSX) with fflate, safely: entry names
 * and declared sizes are checked before anything is inflated, and inflation
 * is capped at the declared size, so a small hostile archive cannot exhaust
 * memory. Large entries can be streamed a piece at a time instead of inflated
 * whole.
 */
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { ToolError } from './errors';

/** Total uncompressed bytes and entries allowed in one document archive. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
export const MAX_ENTRIES = 10_000;

/** True when the bytes start like a ZIP archive. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

/** True for the OLE2 compound-file header of legacy Office files (.doc, .xls, .ppt). */
export function isOle2(bytes: Uint8Array): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length >= 8 && signature.every((b, i) => bytes[i] === b);
}

export interface ZipLimits {
  /** Reads only entries for which this returns true (all when absent). */
  include?: (name: string) => boolean;
  /** Message for an archive that cannot be read. */
  damaged: string;
  /** Message for an archive over the size or entry limits. */
  tooLarge: string;
}

/** Unzips the selected entries after checking counts and declared sizes; throws ToolError with the given messages. */
export function readZip(bytes: Uint8Array, limits: ZipLimits): Record<string, Uint8Array> {
  let entries = 0;
  let declared = 0;
  let overLimit = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        entries++;
        if (limits.include && !limits.include(file.name)) return false;
        declared += file.originalSize;
        if (entries > MAX_ENTRIES || declared > MAX_UNZIPPED_BYTES) overLimit = true;
        return !overLimit;
      },
    });
  } catch {
    if (overLimit) throw new ToolError(limits.tooLarge);
    throw new ToolError(limits.damaged);
  }
  if (overLimit) throw new ToolError(limits.tooLarge);
  return files;
}

/** Lists entry names without inflating anything; throws ToolError(damaged) when the archive cannot be read. */
export function zipNames(bytes: Uint8Array, damaged: string): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter(file) {
        if (names.length < MAX_ENTRIES + 1) names.push(file.name);
        return false;
      },
    });
  } catch {
    throw new ToolError(damaged);
  }
  return names;
}

/** One entry as the central directory declares it. */
export interface ZipEntryInfo {
  name: string;
  /** Bytes stored in the archive. */
  compressedSize: number;
  /** Bytes once inflated, as declared (a hostile archive may lie). */
  size: number;
  /** ZIP compression method: 0 stored, 8 deflate. */
  compression: number;
}

/** The entries of an archive, from its central directory only (nothing is inflated); throws fflate's error when it cannot be read. */
export function zipDirectory(bytes: Uint8Array): ZipEntryInfo[] {
  const entries: ZipEntryInfo[] = [];
  unzipSync(bytes, {
    filter(file) {
      entries.push({ name: file.name, compressedSize: file.size, size: file.originalSize, compression: file.compression });
      return false;
    },
  });
  return entries;
}

/** Bytes handed to the inflater at a time, so a large entry never has to be inflated at once. */
const STREAM_CHUNK = 1 << 20;

/**
 * Inflates one entry a piece at a time, calling `onData` with each piece
 * (`final` on the last). Returns false when the archive has no such entry;
 * throws fflate's error for an unknown compression method or damaged data.
 */
export function streamZipEntry(bytes: Uint8Array, name: string, onData: (data: Uint8Array, final: boolean) => void): boolean {
  let found = false;
  let finished = false;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (found || file.name !== name) return;
    found = true;
    file.ondata = (error, data, final) => {
      if (error) failure ??= error;
      else {
        finished ||= final;
        onData(data, final);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length && !failure && !finished; at += STREAM_CHUNK) {
    unzip.push(bytes.subarray(at, at + STREAM_CHUNK), at + STREAM_CHUNK >= bytes.length);
  }
  if (failure) throw failure;
  return found;
}
