/**
 * LZW compression as TIFF 6.0 (section 13) defines it: MSB-first codes of 9
 * to 12 bits with the "early change" width switch, Clear before the table
 * fills, and an End-of-Information code.
 */
const CLEAR = 256;
const EOI = 257;
const FIRST = 258;
const LIMIT = 4094;

export function lzwCompress(input: Uint8Array): Uint8Array {
  let out = new Uint8Array(Math.max(1024, input.length >> 1));
  let length = 0;
  let bits = 0;
  let count = 0;
  const emit = (code: number, width: number) => {
    bits = (bits << width) | code;
    count += width;
    while (count >= 8) {
      if (length === out.length) {
        const grown = new Uint8Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[length++] = (bits >>> (count - 8)) & 0xff;
      count -= 8;
    }
    bits &= (1 << count) - 1;
  };
  // The string table, keyed by (prefix code << 8 | next byte); a generation stamp empties it on Clear without refilling.
  const table = new Int32Array(4096 * 256);
  const stamp = new Uint32Array(4096 * 256);
  let generation = 1;
  let width = 9;
  let next = FIRST;
  emit(CLEAR, width);
  if (input.length === 0) {
    emit(EOI, width);
  } else {
    let prefix = input[0];
    const grow = () => {
      next++;
      if (next === LIMIT) {
        emit(CLEAR, width);
        generation++;
        next = FIRST;
        width = 9;
      } else if (next > (1 << width) - 1) {
        width++;
      }
    };
    for (let i = 1; i < input.length; i++) {
      const byte = input[i];
      const key = (prefix << 8) | byte;
      if (stamp[key] === generation) {
        prefix = table[key];
        continue;
      }
      emit(prefix, width);
      table[key] = next;
      stamp[key] = generation;
      grow();
      prefix = byte;
    }
    emit(prefix, width);
    // The decoder adds one more entry after the last code, so the width may step once more before EOI.
    next++;
    if (next > (1 << width) - 1 && width < 12) width++;
    emit(EOI, width);
  }
  if (count > 0) emit(0, 8 - count);
  return out.subarray(0, length);
}
