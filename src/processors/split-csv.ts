/**
 * Split CSV: cuts a CSV file into parts of a set number of data rows, the
 * header row repeated at the top of each. Parts are cut from the original
 * text, so every row, quote and line ending is kept exactly.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { splitCsvBytes } from '../lib/data/csv-split';
import { firstInput } from '../lib/inputs';

export const options = z.object({ rowsPerFile: z.number().int().min(1) });

export default defineProcessor(options, async (inputs, { rowsPerFile }, ctx) => {
  const input = firstInput(inputs);
  const { parts, rows } = splitCsvBytes(input.bytes, input.name, rowsPerFile, ctx);
  return parts.map((part, i) => ({
    bytes: part.bytes,
    type: 'text/csv',
    vars: { part: i + 1, parts: parts.length },
    meta: { rows: part.rows, totalRows: rows, originalSize: input.bytes.byteLength },
  }));
});
