/**
 * Splitting a CSV file into parts of N data rows, each starting with the
 * header row. The file is decoded and parsed piece by piece with papaparse's
 * parser (never as one string), and every part is cut from the original text
 * and encoded back into the original encoding with the original BOM, so the
 * quoting, line endings and cells of every row stay exactly as they were.
 */
import Papa from 'papaparse';
import { emptyCsvMessage, notCsvMessage, unclosedQuoteMessage } from '../csv';
import { throwIfAborted, ToolError } from '../errors';
import { ChunkDecoder, concatBytes, detectEncoding, encodeText, type TextEncoding } from './text-codec';
import { runText } from '../i18n/run-messages';

/** Bytes decoded and parsed at a time: keeps the JavaScript heap small whatever the file size. */
export const CHUNK_BYTES = 1 << 20;
/** More parts than this would bury the page in results. */
export const MAX_PARTS = 5000;
/** A single row longer than this (in characters) is almost certainly an unclosed quote. */
export const MAX_ROW_CHARS = 64 << 20;

export function headerOnlyMessage(name: string): string {
  return runText('run.csvSplit.headerOnly', { name });
}

export function tooManyPartsMessage(name: string, parts: number, rowsPerPart: number): string {
  const suggestion = Math.ceil((parts * rowsPerPart) / MAX_PARTS);
  return runText('run.csvSplit.tooManyParts', { name, rows: rowsPerPart, parts, max: MAX_PARTS, suggestion });
}

export interface CsvSplitResult {
  parts: { bytes: Uint8Array; rows: number }[];
  rows: number;
  encoding: TextEncoding;
  delimiter: string;
}

export interface CsvSplitContext {
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
}

class NotUtf8 extends Error {}

/** Splits the CSV bytes; throws ToolError for empty, binary or malformed files. */
export function splitCsvBytes(bytes: Uint8Array, name: string, rowsPerPart: number, ctx: CsvSplitContext): CsvSplitResult {
  if (bytes.byteLength === 0) throw new ToolError(emptyCsvMessage(name));
  const detected = detectEncoding(bytes);
  // A NUL byte never appears in 8-bit text, but fills binary formats (xlsx, images, PDF streams).
  if (detected.encoding === 'utf-8' && bytes.subarray(0, 65536).includes(0)) throw new ToolError(notCsvMessage(name));
  try {
    return split(bytes, name, rowsPerPart, detected.encoding, detected.bom, ctx);
  } catch (error) {
    if (!(error instanceof NotUtf8)) throw error;
    // Text that is not valid UTF-8 is what spreadsheet programs on Windows write: Windows-1252.
    return split(bytes, name, rowsPerPart, 'windows-1252', detected.bom, ctx);
  }
}

function split(
  bytes: Uint8Array,
  name: string,
  rowsPerPart: number,
  encoding: TextEncoding,
  bom: Uint8Array,
  ctx: CsvSplitContext,
): CsvSplitResult {
  const decoder = new ChunkDecoder(encoding);
  const parts: CsvSplitResult['parts'] = [];
  let header: Uint8Array | null = null;
  let pieces: Uint8Array[] = [];
  let partRows = 0;
  let totalRows = 0;
  let rowNumber = 0;
  let parser: Papa.Parser | null = null;
  let delimiter = ',';
  let pending = '';
  let tried = 0;
  let offset = 0;

  // Per parse call: the text being parsed and where its not-yet-written text starts.
  let text = '';
  let sliceStart = 0;
  let rowStart = 0;

  const closePart = () => {
    parts.push({ bytes: concatBytes(pieces), rows: partRows });
    if (parts.length >= MAX_PARTS) {
      const estimate = Math.ceil(((totalRows / rowsPerPart) * bytes.length) / Math.max(1, offset));
      throw new ToolError(tooManyPartsMessage(name, Math.max(MAX_PARTS + 1, estimate), rowsPerPart));
    }
    pieces = [header as Uint8Array];
    partRows = 0;
  };

  const onRow = (result: Papa.ParseStepResult<string[]>) => {
    const rowEnd: number = result.meta.cursor;
    rowNumber += 1;
    if (result.errors.some((e) => e.code === 'MissingQuotes')) throw new ToolError(unclosedQuoteMessage(name, rowNumber));
    const row = result.data as unknown as string[][];
    const cells = row[0] ?? [];
    const blank = cells.length <= 1 && (cells[0] ?? '') === '';
    if (!blank) {
      if (header === null) {
        // Blank lines before the header stay with it.
        header = concatBytes([bom, encodeText(text.slice(0, rowEnd), encoding)]);
        pieces = [header];
        sliceStart = rowEnd;
      } else {
        if (partRows === rowsPerPart) {
          pieces.push(encodeText(text.slice(sliceStart, rowStart), encoding));
          sliceStart = rowStart;
          closePart();
        }
        partRows += 1;
        totalRows += 1;
      }
    }
    rowStart = rowEnd;
  };

  while (offset < bytes.length || pending !== '') {
    const end = Math.min(bytes.length, offset + CHUNK_BYTES);
    const last = end >= bytes.length;
    let decoded: string;
    try {
      decoded = decoder.decode(bytes.subarray(offset, end), last);
    } catch {
      throw new NotUtf8();
    }
    offset = end;
    text = pending + decoded;
    // A row longer than the pieces read so far is parsed again only once the text has doubled, so it costs linear time.
    if (!last && text.length < 2 * tried) {
      pending = text;
      continue;
    }
    if (!parser) {
      const meta = Papa.parse<string[]>(text.slice(0, 65536), { preview: 20, skipEmptyLines: 'greedy' }).meta;
      delimiter = meta.delimiter || ',';
      parser = new Papa.Parser({ delimiter, newline: meta.linebreak as Papa.ParseConfig['newline'], step: onRow });
    }
    sliceStart = 0;
    rowStart = 0;
    parser.parse(text, 0, !last);
    if (header !== null && rowStart > sliceStart) pieces.push(encodeText(text.slice(sliceStart, rowStart), encoding));
    else if (header === null) rowStart = 0;
    pending = text.slice(rowStart);
    tried = rowStart === 0 ? text.length : 0;
    if (pending.length > MAX_ROW_CHARS) throw new ToolError(unclosedQuoteMessage(name, rowNumber + 1));
    if (last) {
      // The parser took everything; anything left is a final row it had no reason to hold back.
      pending = '';
    }
    throwIfAborted(ctx.signal);
    ctx.onProgress(offset, bytes.length);
  }
  if (header === null) throw new ToolError(emptyCsvMessage(name));
  if (partRows === 0 && parts.length === 0) throw new ToolError(headerOnlyMessage(name));
  if (partRows > 0) parts.push({ bytes: concatBytes(pieces), rows: partRows });
  else if (pieces.length > 1) {
    // Only blank lines after the last full part: they belong to it.
    const previous = parts[parts.length - 1];
    previous.bytes = concatBytes([previous.bytes, ...pieces.slice(1)]);
  }
  return { parts, rows: totalRows, encoding, delimiter };
}
