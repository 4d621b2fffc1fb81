/**
 * XML to Excel: each repeating record element becomes a row of the sheet,
 * nested elements and attributes become dotted columns. Cells are numbers,
 * ISO dates or text that can never run as a formula.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { spreadsheetCell } from '../lib/cell-value';
import { parseXml } from '../lib/data/xml-read';
import { recordNotice, xmlToTable } from '../lib/data/xml-records';
import { throwIfAborted, ToolError } from '../lib/errors';
import { MAX_CELL_TEXT, MAX_COLUMNS, MAX_ROWS, XLSX_TYPE, XlsxSheetWriter } from '../lib/xlsx-writer';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** record: the record element by name, blank for the most repeated one. */
export const options = z.object({ record: z.string().max(200).default('') });

export function tooManyXmlColumnsMessage(name: string, columns: number): string {
  return runText('processors.xmlToExcel.tooManyColumns', { name, columns, max: MAX_COLUMNS });
}

export function xmlCellTooLongMessage(name: string, column: string, length: number): string {
  return runText('processors.xmlToExcel.cellTooLong', { column, name, length, max: MAX_CELL_TEXT });
}

export default defineProcessor(options, async (inputs, { record }, ctx) => {
  const input = firstInput(inputs);
  const table = xmlToTable(parseXml(input.bytes, input.name), record);
  if (table.columns.length > MAX_COLUMNS) throw new ToolError(tooManyXmlColumnsMessage(input.name, table.columns.length));
  const base = input.name.replace(/\.[^.]*$/, '');
  const writer = new XlsxSheetWriter(base);
  // Column names are written as text, whatever they look like.
  writer.addRow(table.columns);
  table.rows.forEach((row, i) => {
    const long = row.findIndex((cell) => cell.length > MAX_CELL_TEXT);
    if (long >= 0) throw new ToolError(xmlCellTooLongMessage(input.name, table.columns[long], row[long].length));
    if (writer.rows === MAX_ROWS) {
      writer.nextSheet(`${base} ${writer.sheets + 1}`);
      writer.addRow(table.columns);
    }
    writer.addRow(row.map(spreadsheetCell));
    if (i % 10000 === 9999) throwIfAborted(ctx.signal);
  });
  const bytes = writer.finish();
  ctx.onProgress(1, 1);
  return [
    {
      bytes,
      type: XLSX_TYPE,
      meta: { rows: table.rows.length, columns: table.columns.length, originalSize: input.bytes.byteLength },
      notice: recordNotice(table, record.trim() !== ''),
    },
  ];
});
