/**
 * CSV to Excel: reads the CSV (delimiter detected) and writes a one-sheet
 * .xlsx whose cells hold the CSV's values, numbers as numbers and every other
 * value as text that can never run as a formula.
 */
import type { Processor } from '../engine/types';
import { cellValue } from '../lib/cell-value';
import { decodeCsvText, emptyCsvMessage, forEachCsvRow } from '../lib/csv';
import { throwIfAborted, ToolError } from '../lib/errors';
import { MAX_CELL_TEXT, MAX_COLUMNS, MAX_ROWS, XLSX_TYPE, XlsxSheetWriter } from '../lib/xlsx-writer';

const SPLIT_CSV_LINK = { href: '/tools/split-csv', label: 'Open Split CSV' };
const fmt = (n: number) => n.toLocaleString('en-US');

/** Message for a CSV with more rows than an Excel sheet holds. */
export function tooManyRowsMessage(name: string): string {
  return `The file ${name} has more than ${fmt(MAX_ROWS)} rows, the most an Excel sheet can hold. Please split it into smaller files first.`;
}

/** Message for a CSV row with more columns than an Excel sheet holds. */
export function tooManyColumnsMessage(name: string, row: number, columns: number): string {
  return `Row ${fmt(row)} of ${name} has ${fmt(columns)} columns, more than the ${fmt(MAX_COLUMNS)} an Excel sheet can hold.`;
}

/** Message for a value longer than an Excel cell holds. */
export function cellTooLongMessage(name: string, row: number, column: number, length: number): string {
  return `Row ${fmt(row)}, column ${fmt(column)} of ${name} holds ${fmt(length)} characters, more than the ${fmt(MAX_CELL_TEXT)} an Excel cell can hold.`;
}

const csvToExcel: Processor = async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a CSV file to convert.');
  if (input.bytes.byteLength === 0) throw new ToolError(emptyCsvMessage(input.name));
  const text = decodeCsvText(input.bytes, input.name);
  const writer = new XlsxSheetWriter(input.name.replace(/\.[^.]*$/, ''));
  let rows = 0;
  let columns = 0;
  let hasData = false;
  forEachCsvRow(text, input.name, (row, { index, cursor }) => {
    // Checked row by row, before the row is written, so an oversized file stops early.
    if (index >= MAX_ROWS) throw new ToolError(tooManyRowsMessage(input.name), SPLIT_CSV_LINK);
    if (row.length > MAX_COLUMNS) throw new ToolError(tooManyColumnsMessage(input.name, index + 1, row.length));
    const long = row.findIndex((cell) => cell.length > MAX_CELL_TEXT);
    if (long >= 0) throw new ToolError(cellTooLongMessage(input.name, index + 1, long + 1, row[long].length));
    hasData ||= row.some((cell) => cell !== '');
    writer.addRow(row.map(cellValue));
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
  return [{ bytes, type: XLSX_TYPE, meta: { rows, columns, originalSize: input.bytes.byteLength } }];
};

export default csvToExcel;
