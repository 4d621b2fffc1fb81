/**
 * Checking a PNG's CRCs before decoding. The decoders the site uses (the png
 * crate, pdf-lib) ignore a wrong CRC; libpng, the reference decoder, refuses
 * one in a critical chunk (IHDR, PLTE, IDAT, IEND) and drops an ancillary
 * chunk whose CRC is wrong. A file is refused here for what libpng refuses,
 * so it is reported as damaged instead of being converted into a wrong picture.
 */

let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

export function crc32(bytes: Uint8Array): number {
  const t = crcTable();
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * False when a complete critical chunk's CRC does not match. Whatever else
 * may be wrong (a cut-off chunk, a missing IEND) is for the decoder to judge.
 */
export function pngChunksIntact(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = view.getUint32(at);
    if (at + 12 + length > bytes.length) return true;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    // A critical chunk's type starts with an upper-case letter.
    const critical = type[0] >= 'A' && type[0] <= 'Z';
    if (critical && crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return false;
    if (type === 'IEND') return true;
    at += 12 + length;
  }
  return true;
}
