/**
 * CSV to Excel: reads the CSV (delimiter detected) and writes an .xlsx whose
 * cells hold the CSV's values: numbers as numbers, ISO dates as Excel dates,
 * every other value as text that can never run as a formula. Rows beyond
 * what one sheet holds continue on further sheets, the header repeated.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { spreadsheetCell } from '../lib/cell-value';
import { decodeCsvText, emptyCsvMessage, forEachCsvRow } from '../lib/csv';
import { throwIfAborted, ToolError } from '../lib/errors';
import { type CellValue, MAX_CELL_TEXT, MAX_COLUMNS, MAX_ROWS, XLSX_TYPE, XlsxSheetWriter } from '../lib/xlsx-writer';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** Notice for a CSV with more rows than an Excel sheet holds. */
export function spilledRowsNotice(name: string, rows: number, sheets: number): string {
  return runText('processors.csvToExcel.spilledRows', { name, rows, max: MAX_ROWS, sheets });
}

/** Message for a CSV row with more columns than an Excel sheet holds. */
export function tooManyColumnsMessage(name: string, row: number, columns: number): string {
  return runText('processors.csvToExcel.tooManyColumns', { row, name, columns, max: MAX_COLUMNS });
}

/** Message for a value longer than an Excel cell holds. */
export function cellTooLongMessage(name: string, row: number, column: number, length: number): string {
  return runText('processors.csvToExcel.cellTooLong', { row, column, name, length, max: MAX_CELL_TEXT });
}

/** CSV to Excel takes no options. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  if (input.bytes.byteLength === 0) throw new ToolError(emptyCsvMessage(input.name));
  const text = decodeCsvText(input.bytes, input.name);
  const base = input.name.replace(/\.[^.]*$/, '');
  const writer = new XlsxSheetWriter(base);
  let header: CellValue[] = [];
  let rows = 0;
  let columns = 0;
  let hasData = false;
  forEachCsvRow(text, input.name, (row, { index, cursor }) => {
    // Checked row by row, before the row is written, so an oversized file stops early.
    if (row.length > MAX_COLUMNS) throw new ToolError(tooManyColumnsMessage(input.name, index + 1, row.length));
    const long = row.findIndex((cell) => cell.length > MAX_CELL_TEXT);
    if (long >= 0) throw new ToolError(cellTooLongMessage(input.name, index + 1, long + 1, row[long].length));
    hasData ||= row.some((cell) => cell !== '');
    const cells = row.map(spreadsheetCell);
    if (index === 0) header = cells;
    if (writer.rows === MAX_ROWS) {
      writer.nextSheet(`${base} ${writer.sheets + 1}`);
      writer.addRow(header);
    }
    writer.addRow(cells);
    rows = index + 1;
    columns = Math.max(columns, row.length);
    if (index % 10000 === 9999) {
      throwIfAborted(ctx.signal);
      ctx.onProgress(cursor, text.length);
    }
  });
  if (!hasData) throw new ToolError(emptyCsvMessage(input.name));
  throwIfAborted(ctx.signal);
  const bytes = writer.finish();
  ctx.onProgress(text.length, text.length);
  const sheets = writer.sheets;
  const notice = sheets > 1 ? spilledRowsNotice(input.name, rows, sheets) : undefined;
  return [{ bytes, type: XLSX_TYPE, meta: { rows, columns, ...(sheets > 1 ? { sheets } : {}), originalSize: input.bytes.byteLength }, notice }];
});
