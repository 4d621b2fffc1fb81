/**
 * Split Excel: one workbook per sheet, or each sheet cut into files of a set
 * number of rows with the header row repeated. Parts keep the input's format
 * (.xlsx or .xls) and its cells as they were.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { bookOfSheet, sheetHasData, splitSheetRows } from '../lib/data/sheet-split';
import { checkZipSizes, emptyWorkbookMessage, readWorkbook } from '../lib/data/workbook';
import { splitXlsxRows, type RowSplitContext, type RowSplitPart } from '../lib/data/xlsx-row-split';
import { looksLikeZip } from '../lib/zip';
import { throwIfAborted, ToolError } from '../lib/errors';
import { XLSX_TYPE } from '../lib/xlsx-writer';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

export const options = z.object({ method: z.enum(['sheets', 'rows']), rowsPerFile: z.number().int().min(1) });

const XLS_TYPE = 'application/vnd.ms-excel';
/** More parts than this would bury the page in results. */
export const MAX_PARTS = 1000;

export function oneSheetMessage(name: string): string {
  return runText('processors.splitExcel.oneSheet', { name });
}

export function tooManyExcelPartsMessage(name: string, parts: number): string {
  return runText('processors.splitExcel.tooManyParts', { name, parts, max: MAX_PARTS });
}

/** The streamed split, or null when the workbook is laid out in a way only the general reader follows. */
function splitRowsStreaming(bytes: Uint8Array, name: string, rowsPerFile: number, ctx: RowSplitContext): RowSplitPart[] | null {
  let parts: RowSplitPart[];
  try {
    parts = splitXlsxRows(bytes, rowsPerFile, MAX_PARTS, (count) => new ToolError(tooManyExcelPartsMessage(name, count)), ctx);
  } catch (error) {
    if (error instanceof ToolError || ctx.signal.aborted) throw error;
    return null;
  }
  if (parts.length === 0) throw new ToolError(emptyWorkbookMessage(name));
  return parts;
}

export default defineProcessor(options, async (inputs, { method, rowsPerFile }, ctx) => {
  const input = firstInput(inputs);
  // Rows of an .xlsx are split as its sheets stream past, so a large workbook never becomes a cell model.
  if (method === 'rows' && looksLikeZip(input.bytes)) {
    checkZipSizes(input.bytes, input.name);
    const streamed = splitRowsStreaming(input.bytes, input.name, rowsPerFile, ctx);
    if (streamed) return streamed.map((part) => ({ bytes: part.bytes, type: XLSX_TYPE, meta: { sheet: part.sheet, rows: part.rows, originalSize: input.bytes.byteLength } }));
  }
  const XLSX = await import('@e965/xlsx');
  const book = await readWorkbook(input.bytes, input.name, { cellNF: true, cellStyles: true, cellDates: false, dense: true });
  const xls = /\.xls$/i.test(input.name);
  const bookType = xls ? 'biff8' : 'xlsx';
  const sheets = book.SheetNames.filter((name) => sheetHasData(book.Sheets[name]));
  if (sheets.length === 0) throw new ToolError(emptyWorkbookMessage(input.name));
  if (method === 'sheets' && sheets.length === 1) throw new ToolError(oneSheetMessage(input.name));
  const planned = method === 'sheets' ? sheets.map((name) => ({ name, sheet: book.Sheets[name] })) : [];
  if (method === 'rows') {
    for (const name of sheets) {
      for (const sheet of splitSheetRows(XLSX.utils, book.Sheets[name], rowsPerFile)) {
        planned.push({ name, sheet });
        if (planned.length > MAX_PARTS) {
          throw new ToolError(tooManyExcelPartsMessage(input.name, Math.max(MAX_PARTS + 1, planned.length)));
        }
      }
    }
  }
  if (planned.length === 0) throw new ToolError(emptyWorkbookMessage(input.name));
  return planned.map(({ name, sheet }, i) => {
    throwIfAborted(ctx.signal);
    const part = bookOfSheet(XLSX.utils, sheet, name, book);
    const bytes = new Uint8Array(XLSX.write(part, { type: 'array', bookType, cellStyles: true, compression: true }) as ArrayBuffer);
    ctx.onProgress(i + 1, planned.length);
    const range = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : null;
    return {
      bytes,
      type: xls ? XLS_TYPE : XLSX_TYPE,
      meta: { sheet: name, rows: range ? range.e.r - range.s.r + 1 : 0, originalSize: input.bytes.byteLength },
    };
  });
});
