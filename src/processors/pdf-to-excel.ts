/**
 * PDF to Excel: one worksheet per page ("Page N") holding the page's text as
 * a grid recovered from positions (rows by baseline, columns across rows).
 * Numbers become real numbers with a format that shows them as printed;
 * IDs with leading zeros stay text. Filled form fields are cells where the
 * fields sit, beside their printed labels.
 *
 * Meta: pageCount, rows (filled rows over all sheets).
 */
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import { ToolError } from '../lib/errors';
import { formFieldItems, printsText } from '../lib/pdf/form-text';
import { mapPdfPages } from '../lib/pdf/page-loop';
import { pageTextItems } from '../lib/pdf/pdfjs';
import { recoverTable, type Table } from '../lib/pdf/text-layout';
import { firstInput } from '../lib/inputs';
import { runText } from '../lib/i18n/run-messages';

/** No options: manifests/pdf/pdf-to-excel.json declares none. */
export const options = z.object({});

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const noTextMessage = () => runText('processors.pdfToExcel.noText');

/** Writes a recovered table into a worksheet, sizing each column to its longest text. */
function fillSheet(sheet: ExcelJS.Worksheet, table: Table): void {
  const widths: number[] = [];
  table.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      if (cell.number) {
        target.value = cell.number.value;
        if (cell.number.format) target.numFmt = cell.number.format;
      } else {
        target.value = cell.text;
      }
      widths[c] = Math.max(widths[c] ?? 8, Math.min(60, cell.text.length + 2));
    });
  });
  widths.forEach((w, c) => {
    sheet.getColumn(c + 1).width = w;
  });
}

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = firstInput(inputs);
  const workbook = new ExcelJS.Workbook();
  const rowCounts = await mapPdfPages(input, ctx, async (page) => {
    const printed = await pageTextItems(page);
    const fields = await formFieldItems(page, printed.some(printsText));
    const table = recoverTable([...printed, ...fields]);
    fillSheet(workbook.addWorksheet(runText('processors.pdfToExcel.sheetName', { page: page.pageNumber })), table);
    return table.length;
  });
  const rows = rowCounts.reduce((sum, n) => sum + n, 0);
  if (rows === 0) throw new ToolError(noTextMessage());
  const buffer = await workbook.xlsx.writeBuffer();
  return [{ bytes: new Uint8Array(buffer as ArrayBuffer), type: XLSX_TYPE, meta: { pageCount: rowCounts.length, rows } }];
});
