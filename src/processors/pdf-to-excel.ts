/**
 * PDF to Excel: one worksheet per page ("Page N") holding the page's text as
 * a grid recovered from positions (rows by baseline, columns across rows).
 * Numbers become real numbers with a format that shows them as printed;
 * IDs with leading zeros stay text.
 *
 * Options: none (manifests/pdf/pdf-to-excel.json declares none).
 * Meta: pageCount, rows (filled rows over all sheets).
 */
import ExcelJS from 'exceljs';
import type { Processor } from '../engine/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { openPdfjs, pageTextItems } from '../lib/pdf/pdfjs';
import { recoverTable, type Table } from '../lib/pdf/text-layout';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const NO_TEXT_MESSAGE = 'This PDF has no text layer (it is probably scanned), so there is no table to convert.';

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

const pdfToExcel: Processor = async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to convert.');
  const pdf = await openPdfjs(input.bytes, input.name);
  try {
    const total = pdf.doc.numPages;
    const workbook = new ExcelJS.Workbook();
    let rows = 0;
    ctx.onProgress(0, total);
    for (let n = 1; n <= total; n++) {
      throwIfAborted(ctx.signal);
      const page = await pdf.doc.getPage(n);
      const table = recoverTable(await pageTextItems(page));
      page.cleanup();
      rows += table.length;
      fillSheet(workbook.addWorksheet(`Page ${n}`), table);
      ctx.onProgress(n, total);
    }
    if (rows === 0) throw new ToolError(NO_TEXT_MESSAGE);
    const buffer = await workbook.xlsx.writeBuffer();
    return [{ bytes: new Uint8Array(buffer as ArrayBuffer), type: XLSX_TYPE, meta: { pageCount: total, rows } }];
  } finally {
    await pdf.destroy();
  }
};

export default pdfToExcel;
