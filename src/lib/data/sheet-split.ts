/**
 * Splitting SheetJS worksheets: one workbook per sheet, or a sheet cut into
 * blocks of N rows with the header row repeated. Cells are copied as they
 * are (values and number formats; formulas too when a sheet is kept whole,
 * their last values when rows move), with column widths, row heights and
 * the merged cells that fall inside a block.
 */
import type { CellObject, Range, WorkBook, WorkSheet } from '@e965/xlsx';

type Utils = typeof import('@e965/xlsx').utils;

function denseRows(sheet: WorkSheet): (CellObject | undefined)[][] | undefined {
  return (sheet as unknown as { '!data'?: (CellObject | undefined)[][] })['!data'];
}

/** True when the sheet has at least one cell with a value. */
export function sheetHasData(sheet: WorkSheet): boolean {
  const data = denseRows(sheet);
  if (data) return data.some((row) => row?.some((cell) => cell && cell.v !== undefined && cell.v !== ''));
  return Object.keys(sheet).some((key) => key[0] !== '!' && (sheet[key] as CellObject).v !== undefined);
}

/** A workbook holding only the given sheet, under its own name. */
export function bookOfSheet(utils: Utils, sheet: WorkSheet, name: string, source: WorkBook): WorkBook {
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, name);
  // Keep the date system (1904 workbooks), so serial dates keep their meaning.
  if (source.Workbook?.WBProps?.date1904) book.Workbook = { ...(book.Workbook ?? {}), WBProps: { date1904: true } };
  return book;
}

/** A row with formulas replaced by their last computed values: moved rows would make relative references point elsewhere. */
function valuesOnly(row: (CellObject | undefined)[] | undefined): (CellObject | undefined)[] {
  if (!row) return [];
  return row.some((cell) => cell?.f) ? row.map((cell) => (cell?.f ? { ...cell, f: undefined, F: undefined } : cell)) : row;
}

/**
 * Cuts a dense sheet into sheets of rowsPerPart data rows below its first
 * (header) row. Rows are the used range's; blank rows count like any other.
 */
export function splitSheetRows(utils: Utils, sheet: WorkSheet, rowsPerPart: number): WorkSheet[] {
  const ref = sheet['!ref'];
  if (!ref) return [];
  const range = utils.decode_range(ref);
  const data = denseRows(sheet) ?? [];
  const header = range.s.r;
  const parts: WorkSheet[] = [];
  for (let start = header + 1; start <= range.e.r; start += rowsPerPart) {
    const end = Math.min(range.e.r, start + rowsPerPart - 1);
    const rows: (CellObject | undefined)[][] = [];
    // Row indexes below the header keep the sheet's leading blank rows, so A1 references inside a block stay sensible.
    rows[header] = valuesOnly(data[header]);
    for (let r = start; r <= end; r++) rows[header + 1 + r - start] = valuesOnly(data[r]);
    const part = { '!data': rows } as unknown as WorkSheet;
    const partRange: Range = { s: { r: range.s.r, c: range.s.c }, e: { r: header + 1 + end - start, c: range.e.c } };
    part['!ref'] = utils.encode_range(partRange);
    if (sheet['!cols']) part['!cols'] = sheet['!cols'];
    if (sheet['!rows']) {
      const heights = sheet['!rows'];
      part['!rows'] = [];
      part['!rows'][header] = heights[header];
      for (let r = start; r <= end; r++) part['!rows'][header + 1 + r - start] = heights[r];
    }
    const merges = (sheet['!merges'] ?? []).flatMap((m) => {
      if (m.s.r === header && m.e.r === header) return [m];
      if (m.s.r < start || m.e.r > end) return [];
      const shift = header + 1 - start;
      return [{ s: { r: m.s.r + shift, c: m.s.c }, e: { r: m.e.r + shift, c: m.e.c } }];
    });
    if (merges.length) part['!merges'] = merges;
    parts.push(part);
  }
  return parts;
}
