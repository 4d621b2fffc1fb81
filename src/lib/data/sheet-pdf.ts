/**
 * Laying sheets out as paginated PDF tables: A4 landscape, DejaVu Sans (Latin,
 * Greek, Cyrillic), the sheet's first row repeated as the header on every
 * page, numbers right-aligned, columns sized to their content and, when a
 * sheet is too wide, split into groups printed one after the other. Each
 * sheet starts on a new page.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { throwIfAborted, ToolError } from '../errors';
import { embedFonts } from '../fonts/embed';
import { runText } from '../i18n/run-messages';

export interface PdfCell {
  text: string;
  /** Numbers are right-aligned. */
  number: boolean;
}

export interface PdfSheet {
  name: string;
  rows: PdfCell[][];
}

const PAGE: [number, number] = [842, 595];
const MARGIN = 36;
const FONT_SIZE = 8;
const TITLE_SIZE = 11;
const ROW_HEIGHT = 13;
const PAD = 3;
const MIN_COL = 24;
const MAX_COL = 220;
/** More pages than this is no longer a document anyone reads; the visitor is asked to split first. */
export const MAX_PAGES = 3000;

export function tooManyPagesMessage(name: string): string {
  return runText('run.sheetPdf.tooManyPages', { name, max: MAX_PAGES });
}

/** Text that fits the width, cut with an ellipsis when it does not. */
function fit(text: string, font: PDFFont, width: number): string {
  if (font.widthOfTextAtSize(text, FONT_SIZE) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid)}…`, FONT_SIZE) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** Groups of consecutive columns that each fit the usable page width. */
function columnGroups(widths: number[], usable: number): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let used = 0;
  widths.forEach((width, c) => {
    if (current.length > 0 && used + width > usable) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(c);
    used += width;
  });
  if (current.length) groups.push(current);
  return groups;
}

export async function sheetsToPdf(sheets: PdfSheet[], name: string, signal: AbortSignal): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc, ['regular', 'bold']);
  const usableWidth = PAGE[0] - 2 * MARGIN;
  const rowsPerPage = Math.floor((PAGE[1] - 2 * MARGIN - TITLE_SIZE - 8) / ROW_HEIGHT) - 1;
  for (const sheet of sheets) {
    const columns = Math.max(...sheet.rows.map((row) => row.length));
    const widths = Array.from({ length: columns }, (_, c) => {
      let widest = MIN_COL;
      // Measuring the first rows is enough to size a column and keeps large sheets fast.
      for (let r = 0; r < Math.min(sheet.rows.length, 500); r++) {
        const cell = sheet.rows[r][c];
        if (cell?.text) widest = Math.max(widest, (r === 0 ? fonts.bold : fonts.regular).widthOfTextAtSize(cell.text, FONT_SIZE) + 2 * PAD);
      }
      return Math.min(MAX_COL, Math.min(usableWidth, widest));
    });
    const [header, ...body] = sheet.rows;
    const groups = columnGroups(widths, usableWidth);
    for (const [g, group] of groups.entries()) {
      for (let start = 0; start < Math.max(1, body.length); start += rowsPerPage) {
        throwIfAborted(signal);
        if (doc.getPageCount() >= MAX_PAGES) throw new ToolError(tooManyPagesMessage(name));
        const page = doc.addPage(PAGE);
        const title = groups.length > 1 ? runText('run.sheetPdf.columnsTitle', { sheet: sheet.name, first: group[0] + 1, last: group[group.length - 1] + 1 }) : sheet.name;
        page.drawText(fit(title, fonts.bold, usableWidth), { x: MARGIN, y: PAGE[1] - MARGIN - TITLE_SIZE, size: TITLE_SIZE, font: fonts.bold });
        let y = PAGE[1] - MARGIN - TITLE_SIZE - 8;
        drawRow(page, header, group, widths, y, fonts.bold, true);
        for (const row of body.slice(start, start + rowsPerPage)) {
          y -= ROW_HEIGHT;
          drawRow(page, row, group, widths, y, fonts.regular, false);
        }
      }
      if (g % 4 === 3) await Promise.resolve();
    }
  }
  return { bytes: await doc.save(), pages: doc.getPageCount() };
}

function drawRow(page: PDFPage, row: PdfCell[], group: number[], widths: number[], top: number, font: PDFFont, header: boolean): void {
  let x = MARGIN;
  const bottom = top - ROW_HEIGHT;
  if (header) page.drawRectangle({ x, y: bottom, width: group.reduce((s, c) => s + widths[c], 0), height: ROW_HEIGHT, color: rgb(0.9, 0.92, 0.95) });
  for (const c of group) {
    const cell = row[c];
    const width = widths[c];
    page.drawLine({ start: { x, y: bottom }, end: { x: x + width, y: bottom }, thickness: 0.3, color: rgb(0.75, 0.75, 0.75) });
    if (cell?.text) {
      const text = fit(cell.text, font, width - 2 * PAD);
      const tx = cell.number && !header ? x + width - PAD - font.widthOfTextAtSize(text, FONT_SIZE) : x + PAD;
      page.drawText(text, { x: tx, y: bottom + 4, size: FONT_SIZE, font, color: rgb(0.1, 0.1, 0.1) });
    }
    x += width;
  }
}
