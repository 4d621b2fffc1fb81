/**
 * Opening spreadsheets for the data tools with SheetJS (@e965/xlsx): .xlsx,
 * .xls, and .csv (read with the project's CSV reader so cells stay text
 * exactly as written). An .xlsx is unzipped here, under the caps of lib/zip
 * (declared sizes checked before anything is inflated, the inflated bytes
 * stopped at the cap), and handed to SheetJS re-packed without compression:
 * SheetJS's own unzipper trusts the sizes in each entry's local header and
 * grows without bound when they are zero, so it must only ever copy bytes.
 */
import type { WorkBook } from '@e965/xlsx';
import { zipSync } from 'fflate';
import { decodeCsvText, parseCsv } from '../csv';
import { ToolError } from '../errors';
import { isOle2, looksLikeZip, readZip, zipBombMessage, zipDirectory, type ZipEntryInfo } from '../zip';
import { runText } from '../i18n/run-messages';

/** The most a workbook may expand to when unzipped; a 50 MB workbook of plain data stays well under it. */
export const MAX_UNZIPPED = 800 * 1024 * 1024;
/** Deflate cannot compress more than about 1032 to 1: an entry claiming more is lying about its size. */
export const MAX_RATIO = 1000;

export function notSpreadsheetMessage(name: string): string {
  return runText('run.workbook.notSpreadsheet', { name });
}

export function emptyWorkbookMessage(name: string): string {
  return runText('run.workbook.empty', { name });
}

export function encryptedWorkbookMessage(name: string): string {
  return runText('run.workbook.encrypted', { name });
}

/**
 * Sums the uncompressed sizes declared in the ZIP's central directory and
 * refuses the archive when they exceed the limits. Reads only the directory,
 * so it takes microseconds whatever the archive claims.
 */
export function checkZipSizes(bytes: Uint8Array, name: string): void {
  let entries: ZipEntryInfo[];
  try {
    entries = zipDirectory(bytes);
  } catch {
    throw new ToolError(notSpreadsheetMessage(name));
  }
  let total = 0;
  for (const { size, compressedSize } of entries) {
    // An unresolved ZIP64 marker (0xFFFFFFFF) exceeds MAX_UNZIPPED by itself: no workbook needs ZIP64.
    total += size;
    if (total > MAX_UNZIPPED || (size > 1 << 20 && size > compressedSize * MAX_RATIO)) throw new ToolError(zipBombMessage(name));
  }
}

/** The archive's entries, inflated under the caps, packed again without compression. */
function storedCopy(bytes: Uint8Array, name: string): Uint8Array {
  const bomb = zipBombMessage(name);
  const files = readZip(bytes, { damaged: notSpreadsheetMessage(name), tooLarge: bomb, bomb, maxBytes: MAX_UNZIPPED });
  return zipSync(files, { level: 0 });
}

const isCsvName = (name: string) => /\.csv$/i.test(name);

/** Reads a workbook; options as for SheetJS read (cellStyles, cellNF, dense ...). */
export async function readWorkbook(bytes: Uint8Array, name: string, options: Record<string, unknown> = {}): Promise<WorkBook> {
  const XLSX = await import('@e965/xlsx');
  if (isCsvName(name) && !looksLikeZip(bytes) && !isOle2(bytes)) {
    const rows = parseCsv(decodeCsvText(bytes, name), name);
    const book = XLSX.utils.book_new();
    // Every cell as text, exactly as in the file.
    const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    return book;
  }
  if (bytes.length === 0) throw new ToolError(notSpreadsheetMessage(name));
  let source: Uint8Array;
  if (looksLikeZip(bytes)) {
    checkZipSizes(bytes, name);
    source = storedCopy(bytes, name);
  } else if (isOle2(bytes)) {
    // A fresh view: SheetJS sets properties on the array it is given, and the input must stay untouched.
    source = bytes.subarray(0);
  } else throw new ToolError(notSpreadsheetMessage(name));
  let book: WorkBook;
  try {
    book = XLSX.read(source, { type: 'array', cellDates: true, ...options });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password|encrypt/i.test(message)) throw new ToolError(encryptedWorkbookMessage(name));
    throw new ToolError(notSpreadsheetMessage(name));
  }
  if (book.SheetNames.length === 0) throw new ToolError(emptyWorkbookMessage(name));
  return book;
}
