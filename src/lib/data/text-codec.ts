/**
 * Incremental decoding and re-encoding of CSV text in the encoding it came
 * in, so a file can be read piece by piece and written back byte for byte:
 * UTF-8 (with or without a BOM), UTF-16 LE/BE with a BOM, and Windows-1252
 * for text that is not valid UTF-8.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** The byte-order mark found at the start, repeated at the start of every part written. */
  bom: Uint8Array;
}

const starts = (bytes: Uint8Array, ...bom: number[]) => bom.every((b, i) => bytes[i] === b);

/** The encoding announced by a BOM; UTF-8 otherwise (the caller falls back to Windows-1252 if decoding fails). */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  if (starts(bytes, 0xff, 0xfe)) return { encoding: 'utf-16le', bom: bytes.slice(0, 2) };
  if (starts(bytes, 0xfe, 0xff)) return { encoding: 'utf-16be', bom: bytes.slice(0, 2) };
  if (starts(bytes, 0xef, 0xbb, 0xbf)) return { encoding: 'utf-8', bom: bytes.slice(0, 3) };
  return { encoding: 'utf-8', bom: new Uint8Array(0) };
}

// Windows-1252 bytes 0x80..0x9F; the rest of the code page equals Latin-1 (the five unassigned bytes map to C1 controls).
const CP1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const CP1252_REVERSE = new Map<number, number>([...CP1252_HIGH].map((c, i) => [c.charCodeAt(0), 0x80 + i]));

/** Decodes pieces in order; throws TypeError on invalid UTF-8, so the caller can retry as Windows-1252. */
export class ChunkDecoder {
  readonly #decoder: TextDecoder | null;

  constructor(readonly encoding: TextEncoding) {
    // Node 20 decodes the label windows-1252 as Latin-1, so that code page goes through an explicit table.
    this.#decoder = encoding === 'windows-1252' ? null : new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: true });
  }

  decode(bytes: Uint8Array, last: boolean): string {
    if (this.#decoder) return this.#decoder.decode(bytes, { stream: !last });
    let text = '';
    // Bounded slices: String.fromCharCode.apply has an argument limit.
    for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
    return text.replace(/[\x80-\x9F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
  }
}

const utf8 = new TextEncoder();

/** Encodes text back into the encoding it was decoded from, exactly. */
export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf-8') return utf8.encode(text);
  if (encoding === 'windows-1252') {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      out[i] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (CP1252_REVERSE.get(code) ?? code);
    }
    return out;
  }
  const out = new Uint8Array(text.length * 2);
  const [hi, lo] = encoding === 'utf-16le' ? [1, 0] : [0, 1];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 * i + lo] = code & 0xff;
    out[2 * i + hi] = code >> 8;
  }
  return out;
}

/** Joins byte pieces into one new buffer (each output owns its own ArrayBuffer, which the worker transfers). */
export function concatBytes(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
