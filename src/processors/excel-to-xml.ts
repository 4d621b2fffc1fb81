/**
 * Excel to XML: every sheet becomes a <sheet> element, every row under the
 * header a <row> element whose children are named after the column headers
 * (made valid XML names). Values are text: numbers in full precision, dates
 * in ISO form.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { sheetTextRows } from '../lib/data/sheet-rows';
import { escapeXml, xmlNames } from '../lib/data/table-out';
import { emptyWorkbookMessage, readWorkbook } from '../lib/data/workbook';
import { throwIfAborted, ToolError } from '../lib/errors';
import { firstInput } from '../lib/inputs';

export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  const XLSX = await import('@e965/xlsx');
  const book = await readWorkbook(input.bytes, input.name, { dense: true });
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<workbook>\n'];
  let rowCount = 0;
  book.SheetNames.forEach((sheetName, index) => {
    throwIfAborted(ctx.signal);
    const rows = sheetTextRows(book.Sheets[sheetName], XLSX.utils.decode_range);
    while (rows.length > 0 && rows[rows.length - 1].every((cell) => cell === '')) rows.pop();
    if (rows.length === 0) return;
    const names = xmlNames(rows[0]);
    parts.push(`  <sheet name="${escapeXml(sheetName)}">\n`);
    for (const row of rows.slice(1)) {
      if (row.every((cell) => cell === '')) continue;
      let xml = '    <row>\n';
      row.forEach((cell, c) => {
        xml += cell === '' ? `      <${names[c]}/>\n` : `      <${names[c]}>${escapeXml(cell)}</${names[c]}>\n`;
      });
      parts.push(`${xml}    </row>\n`);
      rowCount += 1;
    }
    parts.push('  </sheet>\n');
    ctx.onProgress(index + 1, book.SheetNames.length);
  });
  if (parts.length === 1) throw new ToolError(emptyWorkbookMessage(input.name));
  parts.push('</workbook>\n');
  const bytes = new TextEncoder().encode(parts.join(''));
  return [{ bytes, type: 'application/xml', meta: { rows: rowCount, sheets: book.SheetNames.length, originalSize: input.bytes.byteLength } }];
});
