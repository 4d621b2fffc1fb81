/**
 * Excel to PDF: every sheet with data as a paginated table, its first row
 * repeated as the header on each page, numbers right-aligned, cells shown as
 * Excel formats them. A CSV is read too.
 */
import type { CellObject } from '@e965/xlsx';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { cellText } from '../lib/data/sheet-rows';
import { type PdfCell, type PdfSheet, sheetsToPdf } from '../lib/data/sheet-pdf';
import { emptyWorkbookMessage, readWorkbook } from '../lib/data/workbook';
import { ToolError } from '../lib/errors';
import { firstInput } from '../lib/inputs';

export const options = z.object({});

function pdfCell(cell: CellObject | undefined): PdfCell {
  const text = (cell?.w ?? cellText(cell)).replace(/[\r\n\t]+/g, ' ').replace(/[\x00-\x1F\x7F]/g, '');
  return { text, number: cell?.t === 'n' };
}

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  const XLSX = await import('@e965/xlsx');
  const book = await readWorkbook(input.bytes, input.name, { dense: true, cellDates: false, cellNF: true });
  const sheets: PdfSheet[] = [];
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet['!ref']) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    const data = (sheet as unknown as { '!data'?: (CellObject | undefined)[][] })['!data'] ?? [];
    const rows: PdfCell[][] = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const row: PdfCell[] = [];
      for (let c = range.s.c; c <= range.e.c; c++) row.push(pdfCell(data[r]?.[c]));
      rows.push(row);
    }
    while (rows.length > 0 && rows[rows.length - 1].every((cell) => cell.text === '')) rows.pop();
    if (rows.length > 0) sheets.push({ name, rows });
  }
  if (sheets.length === 0) throw new ToolError(emptyWorkbookMessage(input.name));
  const { bytes, pages } = await sheetsToPdf(sheets, input.name, ctx.signal);
  ctx.onProgress(1, 1);
  return [{ bytes, type: 'application/pdf', meta: { pages, sheets: sheets.length, originalSize: input.bytes.byteLength } }];
});
