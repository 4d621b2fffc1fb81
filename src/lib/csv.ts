/**
 * Reading CSV files for the data tools: text decoding (UTF-8 with or without
 * a BOM, UTF-16 with a BOM, Windows-1252 as a fallback) and parsing with
 * papaparse, with the delimiter detected automatically.
 */
import Papa from 'papaparse';
import { ToolError } from './errors';
import { runText } from './i18n/run-messages';

/** Message for a file with no data. */
export function emptyCsvMessage(name: string): string {
  return runText('run.csv.empty', { name });
}

/** Message for a binary file given as CSV. */
export function notCsvMessage(name: string): string {
  return runText('run.csv.notText', { name });
}

/** Message for a quote that is opened and never closed, which would swallow the rest of the file into one cell. */
export function unclosedQuoteMessage(name: string, row: number): string {
  return runText('run.csv.unclosedQuote', { name, row });
}

function hasBom(bytes: Uint8Array, ...bom: number[]): boolean {
  return bom.every((b, i) => bytes[i] === b);
}

/**
 * Decodes CSV bytes to text without a BOM. UTF-16 is recognised by its BOM;
 * text that is not valid UTF-8 is read as Windows-1252, which is what
 * spreadsheet programs on Windows write. Binary data is refused.
 */
export function decodeCsvText(bytes: Uint8Array, name: string): string {
  if (hasBom(bytes, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (hasBom(bytes, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = hasBom(bytes, 0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes;
  // A NUL byte never appears in UTF-8 or Windows-1252 text, but fills binary formats (xlsx, images, PDF streams).
  if (body.subarray(0, 65536).includes(0)) throw new ToolError(notCsvMessage(name));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

// Windows-1252 bytes 0x80..0x9F; the rest of the code page equals Latin-1.
const CP1252_HIGH = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** Decodes Windows-1252 with an explicit table, since some runtimes (Node 20) decode that label as Latin-1. */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes).replace(/[\x80-\x9F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/**
 * The delimiter (comma, tab, semicolon, pipe ...) guessed from the first rows.
 * Blank lines are skipped while guessing: papaparse counts a trailing line
 * break as a one-field row and then fails to see any delimiter.
 */
export function detectDelimiter(text: string): string {
  return Papa.parse<string[]>(text, { preview: 20, skipEmptyLines: 'greedy' }).meta.delimiter || ',';
}

export interface CsvRowInfo {
  /** Zero-based row number. */
  index: number;
  /** Characters of the text read so far, for progress. */
  cursor: number;
}

/**
 * Calls onRow for each row of the CSV text, in order, without keeping the
 * rows, so large files can be converted as they are read. onRow may throw to
 * stop. A trailing line break does not make an extra empty row.
 */
export function forEachCsvRow(text: string, name: string, onRow: (row: string[], info: CsvRowInfo) => void): number {
  let pending: { row: string[]; info: CsvRowInfo } | null = null;
  let count = 0;
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    skipEmptyLines: false,
    step(result) {
      const quoteError = result.errors.find((error) => error.code === 'MissingQuotes');
      if (quoteError) throw new ToolError(unclosedQuoteMessage(name, count + 1));
      if (pending) onRow(pending.row, pending.info);
      pending = { row: result.data, info: { index: count, cursor: result.meta.cursor } };
      count += 1;
    },
  });
  const last = pending as { row: string[]; info: CsvRowInfo } | null;
  if (last && !(last.row.length === 1 && last.row[0] === '' && count > 1)) onRow(last.row, last.info);
  else if (last) count -= 1;
  return count;
}

/** Parses CSV text into rows of strings; throws ToolError for an unclosed quote or an empty file. */
export function parseCsv(text: string, name: string): string[][] {
  const rows: string[][] = [];
  forEachCsvRow(text, name, (row) => rows.push(row));
  if (rows.every((row) => row.every((cell) => cell === ''))) throw new ToolError(emptyCsvMessage(name));
  return rows;
}
