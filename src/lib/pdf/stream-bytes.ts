/**
 * The decoded bytes of a PDF stream, never more than a limit. A Flate stream
 * can grow about a thousand times when inflated, so a PDF of a few hundred
 * kilobytes could otherwise make us inflate gigabytes. Flate is inflated a
 * piece at a time and stops as soon as the output passes the limit; the other
 * filters pdf-lib supports (LZW, ASCII85, ASCIIHex, RunLength) are read
 * through pdf-lib's decoders a piece at a time, with the same check.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFFlateStream, PDFName, PDFRawStream, type PDFContext, type PDFStream } from 'pdf-lib';
import { ToolError } from '../errors';
import { inflateCapped, inflatePieces } from '../inflate';
import { streamTooLargeMessage } from './messages';

/**
 * The most bytes one decoded stream may have: 256 MiB. Page content, fonts
 * and forms stay far below it (content streams run to a few megabytes, font
 * programs to tens), and so does the largest image the compressor decodes
 * (40 megapixels of RGB, 120 MB), yet a Flate stream of about 250 KB can
 * reach it. The message (messages.ts) names this size.
 */
export const MAX_STREAM_BYTES = 256 * 1024 * 1024;

/** Decoded bytes read from pdf-lib's decoders between two checks. */
const PIECE = 1024 * 1024;

const N = {
  Filter: PDFName.of('Filter'),
  DecodeParms: PDFName.of('DecodeParms'),
  FlateDecode: PDFName.of('FlateDecode'),
};

const tooLarge = () => new ToolError(streamTooLargeMessage());

/** The stream's filters in the order they are undone, each with its parameters (as pdf-lib reads them). */
function filtersOf(dict: PDFDict): { filter: PDFName; parms: PDFDict | undefined }[] {
  const filter = dict.lookup(N.Filter);
  const parms = dict.lookup(N.DecodeParms);
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [{ filter, parms: parms instanceof PDFDict ? parms : undefined }];
  if (filter instanceof PDFArray) {
    return filter.asArray().map((_, index) => {
      const own = parms instanceof PDFArray ? parms.lookup(index) : undefined;
      return { filter: filter.lookup(index, PDFName), parms: own instanceof PDFDict ? own : undefined };
    });
  }
  throw new Error('The stream has a Filter that is neither a name nor an array');
}

/** Flate (zlib-wrapped DEFLATE), with the header checks pdf-lib makes. */
function inflateZlib(bytes: Uint8Array, limit: number): Uint8Array {
  const [cmf, flg] = bytes;
  if (bytes.length < 2 || (cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) {
    throw new Error(`Invalid header in flate stream: ${cmf}, ${flg}`);
  }
  return inflateCapped(bytes.subarray(2), { limit, tooLarge });
}

/** One of pdf-lib's other decoders, read a piece at a time; what was read stays in its buffer. */
function decodeWithPdfLib(context: PDFContext, filter: PDFName, parms: PDFDict | undefined, bytes: Uint8Array, limit: number): Uint8Array {
  const dict = PDFDict.withContext(context);
  dict.set(N.Filter, filter);
  if (parms) dict.set(N.DecodeParms, parms);
  // Throws pdf-lib's UnsupportedEncodingError for DCT, JPX, CCITT, JBIG2 and Crypt, as decodePDFRawStream does.
  const decoder = decodePDFRawStream(PDFRawStream.of(dict, bytes));
  let total = 0;
  for (let piece = decoder.getBytes(PIECE); piece.length > 0; piece = decoder.getBytes(PIECE)) {
    total += piece.length;
    if (total > limit) throw tooLarge();
  }
  return decoder.decode();
}

/**
 * The decoded bytes of a pdf-lib stream: a raw stream's filters undone in
 * order, or the contents of a stream pdf-lib made itself. Throws a ToolError
 * (streamTooLargeMessage) as soon as the output would pass `limit`, and
 * pdf-lib's or fflate's error for a filter it does not support or damaged data.
 */
export function decodedStreamBytes(stream: PDFStream, limit = MAX_STREAM_BYTES): Uint8Array {
  if (!(stream instanceof PDFRawStream)) {
    const contents = stream instanceof PDFFlateStream ? stream.getUnencodedContents() : stream.getContents();
    if (contents.length > limit) throw tooLarge();
    return contents;
  }
  let bytes = stream.contents;
  for (const { filter, parms } of filtersOf(stream.dict)) {
    bytes = filter === N.FlateDecode ? inflateZlib(bytes, limit) : decodeWithPdfLib(stream.dict.context, filter, parms, bytes, limit);
  }
  if (bytes.length > limit) throw tooLarge();
  return bytes;
}

const STREAM = new TextEncoder().encode('stream');
const END = new TextEncoder().encode('endstream');
/** Files already looked through, so a tool that opens a file with pdf-lib and pdf.js pays once. */
const fitting = new WeakSet<Uint8Array>();

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = haystack.indexOf(needle[0]!, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(needle[0]!, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/**
 * Before a PDF is handed to pdf-lib or pdf.js, which inflate what they read
 * with no ceiling (object streams and cross-reference streams as the file
 * opens, pages and pictures as they are drawn): every Flate stream in the
 * file is inflated once, counting the bytes and keeping none, and the file is
 * refused with streamTooLargeMessage when one would pass `limit`.
 * Encrypted streams are not Flate data until decrypted, and are checked in
 * the decrypted copy the PDF tools open.
 */
export function assertStreamsFit(bytes: Uint8Array, limit = MAX_STREAM_BYTES): void {
  if (fitting.has(bytes)) return;
  const bound = { limit, tooLarge };
  for (let at = indexOfBytes(bytes, STREAM, 0); at !== -1; at = indexOfBytes(bytes, STREAM, at + STREAM.length)) {
    const isEnd = at >= 3 && bytes[at - 3] === 0x65 && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64;
    if (isEnd) continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const [cmf = 0, flg = 0] = [bytes[start], bytes[start + 1]];
    if ((cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0) continue;
    const end = indexOfBytes(bytes, END, start);
    try {
      inflatePieces(bytes.subarray(start + 2, end === -1 ? bytes.length : end), bound, () => undefined);
    } catch (error) {
      if (error instanceof ToolError) throw error;
      // Damaged data is the readers' to report, in their own words.
    }
    if (end !== -1) at = end;
  }
  fitting.add(bytes);
}
