/**
 * XML to CSV: each repeating record element becomes a row, its nested
 * elements and attributes become dotted columns. Formula-looking cells are
 * prefixed with an apostrophe so a spreadsheet never runs them.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { parseXml } from '../lib/data/xml-read';
import { recordNotice, xmlToTable } from '../lib/data/xml-records';
import { tableToCsvBytes } from '../lib/data/table-out';
import { throwIfAborted } from '../lib/errors';
import { firstInput } from '../lib/inputs';

/** record: the record element by name, blank for the most repeated one. */
export const options = z.object({ record: z.string().max(200).default('') });

export default defineProcessor(options, async (inputs, { record }, ctx) => {
  const input = firstInput(inputs);
  const table = xmlToTable(parseXml(input.bytes, input.name), record);
  throwIfAborted(ctx.signal);
  const bytes = tableToCsvBytes(table.columns, table.rows);
  ctx.onProgress(1, 1);
  return [
    {
      bytes,
      type: 'text/csv',
      meta: { rows: table.rows.length, columns: table.columns.length, originalSize: input.bytes.byteLength },
      notice: recordNotice(table, record.trim() !== ''),
    },
  ];
});
