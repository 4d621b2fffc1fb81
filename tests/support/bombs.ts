/**
 * Small files that expand enormously, for the tests of the inflation caps:
 * DEFLATE data of many mebibytes of zeros, a zlib stream of it (a PDF's
 * FlateDecode), and ZIP archives whose entries may declare sizes other than
 * what they hold.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MIB = 1024 * 1024;
let zeroMebibyte: Uint8Array | undefined;

/**
 * Raw DEFLATE data that inflates to `mebibytes` MiB of zeros: one compressed
 * mebibyte (about 1 KB, ending on a byte boundary after a sync flush) repeated,
 * then an empty final block. Made in a millisecond, a thousandth of its output.
 */
export function zeroDeflate(mebibytes: number): Uint8Array {
  zeroMebibyte ??= new Uint8Array(deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
  const piece = zeroMebibyte;
  const out = new Uint8Array(piece.length * mebibytes + 2);
  for (let i = 0; i < mebibytes; i++) out.set(piece, i * piece.length);
  // BFINAL = 1 with fixed codes, then the end-of-block code: the last block, empty.
  out.set([0x03, 0x00], piece.length * mebibytes);
  return out;
}

/** The same zeros as a zlib stream (header, DEFLATE data, Adler-32), as a PDF's FlateDecode holds them. */
export function zeroZlib(mebibytes: number): Uint8Array {
  const raw = zeroDeflate(mebibytes);
  const out = new Uint8Array(raw.length + 6);
  out.set([0x78, 0xda]);
  out.set(raw, 2);
  // Adler-32 of n zeros: a = 1, b = n mod 65521.
  const b = (mebibytes * MIB) % 65521;
  new DataView(out.buffer).setUint32(out.length - 4, (b << 16) | 1, false);
  return out;
}

export interface RawZipEntry {
  name: string;
  /** The bytes as stored: DEFLATE data when `compression` is 8. */
  stored: Uint8Array;
  compression: 0 | 8;
  /** The uncompressed size the archive declares, true or not. */
  size: number;
  crc?: number;
}

/** A plain entry, deflated for real with its true size and CRC. */
export function deflatedEntry(name: string, bytes: Uint8Array): RawZipEntry {
  return { name, stored: new Uint8Array(deflateRawSync(bytes)), compression: 8, size: bytes.length, crc: crc32(bytes) };
}

/**
 * A ZIP archive written field by field, so an entry can declare any size in
 * both its local header and the central directory.
 */
export function rawZip(entries: RawZipEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.compression, true);
    local.setUint32(14, entry.crc ?? 0, true);
    local.setUint32(18, entry.stored.length, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, entry.stored);
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(4, 20, true);
    record.setUint16(6, 20, true);
    record.setUint16(10, entry.compression, true);
    record.setUint32(16, entry.crc ?? 0, true);
    record.setUint32(20, entry.stored.length, true);
    record.setUint32(24, entry.size, true);
    record.setUint16(28, name.length, true);
    record.setUint32(42, offset, true);
    central.push(new Uint8Array(record.buffer), name);
    offset += 30 + name.length + entry.stored.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
