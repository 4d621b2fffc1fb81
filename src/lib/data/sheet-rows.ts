/**
 * Cell values of a SheetJS worksheet as text rows, for tools that turn a
 * sheet into another format: numbers in full precision, dates in ISO form,
 * booleans as TRUE/FALSE, error cells as their code (#N/A).
 */
import type { CellObject, WorkSheet } from '@e965/xlsx';

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The cell's value as text. */
export function cellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return cell?.w ?? '';
  if (cell.t === 'd' && cell.v instanceof Date) {
    const d = cell.v;
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const time = d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds() ? `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : '';
    return date + time;
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'e') return cell.w ?? '#ERROR';
  return String(cell.v);
}

/** Every row of the sheet's used range as text cells (empty cells as ''). */
export function sheetTextRows(sheet: WorkSheet, decodeRange: (ref: string) => { s: { r: number; c: number }; e: { r: number; c: number } }): string[][] {
  const ref = sheet['!ref'];
  if (!ref) return [];
  const range = decodeRange(ref);
  const dense = (sheet as unknown as { '!data'?: (CellObject | undefined)[][] })['!data'];
  const rows: string[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = dense ? dense[r]?.[c] : (sheet[encodeCell(r, c)] as CellObject | undefined);
      row.push(cellText(cell));
    }
    rows.push(row);
  }
  return rows;
}

function encodeCell(r: number, c: number): string {
  let col = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) col = String.fromCharCode(65 + ((n - 1) % 26)) + col;
  return `${col}${r + 1}`;
}
