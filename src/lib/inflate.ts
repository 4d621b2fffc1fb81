/**
 * Inflating raw DEFLATE data with a ceiling on the output, for PDF streams
 * and ZIP entries alike. DEFLATE can grow about a thousand times, so a small
 * file could otherwise make us inflate gigabytes: the input goes to fflate's
 * streaming inflater a piece at a time, and inflation stops as soon as the
 * output passes the limit.
 */
import { Inflate } from 'fflate';

/**
 * Compressed bytes fed at a time: at most about 66 MB of output (DEFLATE's
 * 1032:1) between two checks, and less for a small limit, so that output
 * past it stops within a few megabytes.
 */
const MAX_PIECE = 64 * 1024;
const MIN_PIECE = 4 * 1024;

export interface InflateBound {
  /** The most bytes the output may have. */
  limit: number;
  /** The error thrown as soon as the output passes the limit. */
  tooLarge: () => Error;
}

/**
 * Inflates raw DEFLATE data, handing each piece of output to `onData`
 * (`final` on the last) and returning the output's length. Throws
 * `tooLarge()` once the output passes the limit, and fflate's error for
 * damaged data. Bytes after the last block (a zlib checksum) are ignored.
 */
export function inflatePieces(data: Uint8Array, bound: InflateBound, onData: (piece: Uint8Array, final: boolean) => void): number {
  let total = 0;
  const inflater = new Inflate((piece, final) => {
    total += piece.length;
    if (total > bound.limit) throw bound.tooLarge();
    onData(piece, final);
  });
  const piece = Math.min(MAX_PIECE, Math.max(MIN_PIECE, Math.ceil(bound.limit / 1024)));
  if (data.length === 0) inflater.push(data, true);
  for (let at = 0; at < data.length; at += piece) inflater.push(data.subarray(at, at + piece), at + piece >= data.length);
  return total;
}

/**
 * The whole output of `inflatePieces` in one array. With `expected` (the
 * size a container declares, already checked against the limit) the output
 * is written in place into an array of that size, so a large entry is not
 * held twice; output past it is still accepted up to the limit.
 */
export function inflateCapped(data: Uint8Array, bound: InflateBound, expected = 0): Uint8Array {
  const buffer = new Uint8Array(Math.min(Math.max(0, expected), bound.limit));
  let filled = 0;
  const spill: Uint8Array[] = [];
  const length = inflatePieces(data, bound, (piece) => {
    if (spill.length === 0 && filled + piece.length <= buffer.length) {
      buffer.set(piece, filled);
      filled += piece.length;
    } else if (piece.length > 0) spill.push(piece);
  });
  if (spill.length === 0) return filled === buffer.length ? buffer : buffer.subarray(0, filled);
  if (filled === 0 && spill.length === 1) return spill[0];
  const out = new Uint8Array(length);
  out.set(buffer.subarray(0, filled));
  let at = filled;
  for (const piece of spill) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
