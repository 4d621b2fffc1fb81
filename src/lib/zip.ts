/**
 * Reading ZIP containers (DOCX, EPUB, XLSX) safely. The central directory is
 * read first, and the entry count and the sizes it declares are checked
 * against the caps before anything is inflated; each entry is then inflated
 * a piece at a time and stopped as soon as it passes the size it declared,
 * since the declared sizes are only the archive's word. So a small hostile
 * archive can neither exhaust memory nor keep us inflating for minutes.
 * Large entries can be streamed a piece at a time instead of inflated whole.
 *
 * The directory is read here rather than through fflate's unzipSync because
 * the inflation has to be bounded by what is produced, which needs each
 * entry's place in the file; the reading follows fflate's (ZIP64 included).
 */
import { strFromU8 } from 'fflate';
import { ToolError } from './errors';
import { inflateCapped, inflatePieces } from './inflate';
import { runText } from './i18n/run-messages';

/**
 * Total uncompressed bytes allowed in one document archive: a long illustrated
 * book or report stays well under it, and a single entry cannot exceed it.
 */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** Entries allowed in one archive: a document has tens to a few thousand. */
export const MAX_ENTRIES = 10_000;

/** Said when an archive declares, or turns out to hold, far more data than its size allows. */
export function zipBombMessage(name: string): string {
  return runText('run.zip.bomb', { name });
}

/** True when the bytes start like a ZIP archive. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

/** True for the OLE2 compound-file header of legacy Office files (.doc, .xls, .ppt). */
export function isOle2(bytes: Uint8Array): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length >= 8 && signature.every((b, i) => bytes[i] === b);
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

interface ZipEntry extends ZipEntryInfo {
  /** Where the entry's local header starts. */
  offset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;
const FULL = 0xffffffff;

class DamagedZip extends Error {}

/**
 * The central directory's entries, at most MAX_ENTRIES + 1 of them (enough to
 * tell that there are too many). Throws DamagedZip when the archive cannot
 * be read.
 */
function readDirectory(bytes: Uint8Array): ZipEntry[] {
  const damaged = (why: string) => new DamagedZip(`Damaged ZIP archive: ${why}`);
  let end = bytes.length - 22;
  while (end >= 0 && u32(bytes, end) !== 0x06054b50) {
    if (bytes.length - end > 65557) break;
    end--;
  }
  if (end < 0 || u32(bytes, end) !== 0x06054b50) throw damaged('no end of central directory');
  let count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  // A ZIP64 locator without its record leaves the plain directory, as in fflate.
  const record = end >= 20 && u32(bytes, end - 20) === 0x07064b50 ? u64(bytes, end - 12) : -1;
  const zip64 = record >= 0 && record + 56 <= bytes.length && u32(bytes, record) === 0x06064b50;
  if (zip64) {
    count = u64(bytes, record + 32);
    at = u64(bytes, record + 48);
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count && entries.length <= MAX_ENTRIES; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw damaged('central directory cut off');
    const flags = u16(bytes, at + 8);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const extraStart = at + 46 + nameLength;
    if (extraStart + extraLength > bytes.length) throw damaged('central directory cut off');
    let compressedSize = u32(bytes, at + 20);
    let size = u32(bytes, at + 24);
    let offset = u32(bytes, at + 42);
    if (zip64 && (compressedSize === FULL || size === FULL || offset === FULL)) {
      // The ZIP64 extra field holds, in this order, whichever of the three are full in the header.
      for (let x = extraStart; x + 4 <= extraStart + extraLength; x += 4 + u16(bytes, x + 2)) {
        if (u16(bytes, x) !== 1) continue;
        let field = x + 4;
        if (size === FULL) {
          size = u64(bytes, field);
          field += 8;
        }
        if (compressedSize === FULL) {
          compressedSize = u64(bytes, field);
          field += 8;
        }
        if (offset === FULL) offset = u64(bytes, field);
        break;
      }
    }
    // Names are UTF-8 when the archive says so, else (like fflate) read as Latin-1.
    const name = strFromU8(bytes.subarray(at + 46, extraStart), !(flags & 0x800));
    entries.push({ name, compressedSize, size, compression: u16(bytes, at + 10), offset });
    at = extraStart + extraLength + u16(bytes, at + 32);
  }
  return entries;
}

/** The entry's stored bytes, after its local header; throws DamagedZip when they are not in the file. */
function storedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const { offset, name } = entry;
  if (offset + 30 > bytes.length || u32(bytes, offset) !== 0x04034b50) throw new DamagedZip(`Damaged ZIP archive: no local header for ${name}`);
  const start = offset + 30 + u16(bytes, offset + 26) + u16(bytes, offset + 28);
  if (start + entry.compressedSize > bytes.length) throw new DamagedZip(`Damaged ZIP archive: ${name} is cut off`);
  return bytes.subarray(start, start + entry.compressedSize);
}

/** The entries of an archive, from its central directory only (nothing is inflated); throws an Error when it cannot be read. */
export function zipDirectory(bytes: Uint8Array): ZipEntryInfo[] {
  return readDirectory(bytes).map(({ name, compressedSize, size, compression }) => ({ name, compressedSize, size, compression }));
}

/** Lists entry names without inflating anything; throws ToolError(damaged) when the archive cannot be read. */
export function zipNames(bytes: Uint8Array, damaged: string): string[] {
  try {
    return readDirectory(bytes).map((entry) => entry.name);
  } catch {
    throw new ToolError(damaged);
  }
}

export interface ZipLimits {
  /** Reads only entries for which this returns true (all when absent). */
  include?: (name: string) => boolean;
  /** Message for an archive that cannot be read. */
  damaged: string;
  /** Message for an archive whose directory declares more than the limits. */
  tooLarge: string;
  /** Message for an archive whose entries turn out to hold more than the limit (zipBombMessage). */
  bomb: string;
  /** Total uncompressed bytes allowed (MAX_UNZIPPED_BYTES when absent). */
  maxBytes?: number;
}

/**
 * One entry's bytes. A deflated entry is inflated no further than the size
 * it declares (already held to the cap): an honest archive declares its
 * sizes exactly, so more output means a damaged or crafted one. A stored
 * entry is only copied, within the room left under the cap.
 */
function entryBytes(bytes: Uint8Array, entry: ZipEntry, room: number, bomb: string): Uint8Array {
  const data = storedBytes(bytes, entry);
  if (entry.compression === 0) {
    if (data.length > room) throw new ToolError(bomb);
    return data.slice();
  }
  if (entry.compression !== 8) throw new DamagedZip(`unknown compression type ${entry.compression}`);
  return inflateCapped(data, { limit: Math.min(entry.size, room), tooLarge: () => new ToolError(bomb) }, entry.size);
}

/**
 * Unzips the selected entries: the count and declared sizes are checked
 * first, then the bytes actually inflated, which stop at each entry's
 * declared size. Throws ToolError with the given messages.
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits): Record<string, Uint8Array> {
  const cap = limits.maxBytes ?? MAX_UNZIPPED_BYTES;
  let entries: ZipEntry[];
  try {
    entries = readDirectory(bytes);
  } catch {
    throw new ToolError(limits.damaged);
  }
  if (entries.length > MAX_ENTRIES) throw new ToolError(limits.tooLarge);
  const selected = limits.include ? entries.filter((entry) => limits.include!(entry.name)) : entries;
  let declared = 0;
  for (const entry of selected) {
    declared += entry.size;
    if (declared > cap) throw new ToolError(limits.tooLarge);
  }
  const files: Record<string, Uint8Array> = {};
  let produced = 0;
  for (const entry of selected) {
    let data: Uint8Array;
    try {
      data = entryBytes(bytes, entry, cap - produced, limits.bomb);
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw new ToolError(limits.damaged);
    }
    files[entry.name] = data;
    produced += data.length;
  }
  return files;
}

/** Stored bytes handed on at a time. */
const STORED_PIECE = 1 << 20;

/**
 * Inflates one entry a piece at a time, calling `onData` with each piece
 * (`final` on the last), and never past the size the directory declares for
 * it. Returns false when the archive has no such entry; throws an Error for a
 * damaged archive, an unknown compression method or an entry that holds more
 * than it declares.
 */
export function streamZipEntry(bytes: Uint8Array, name: string, onData: (data: Uint8Array, final: boolean) => void): boolean {
  const entry = readDirectory(bytes).find((item) => item.name === name);
  if (!entry) return false;
  const data = storedBytes(bytes, entry);
  if (entry.compression === 0) {
    if (data.length === 0) onData(data, true);
    for (let at = 0; at < data.length; at += STORED_PIECE) onData(data.subarray(at, at + STORED_PIECE), at + STORED_PIECE >= data.length);
    return true;
  }
  if (entry.compression !== 8) throw new DamagedZip(`unknown compression type ${entry.compression}`);
  inflatePieces(data, { limit: entry.size, tooLarge: () => new DamagedZip(`${name} holds more than its declared ${entry.size} bytes`) }, onData);
  return true;
}
