/**
 * Changes to the text already on the pages, as the Edit PDF view keeps them:
 * one per text run the visitor touched, keyed by page and object index, and
 * the processor's text edits made from them (only runs that changed).
 */
import type { PdfTextEdit, TextRun } from '../../lib/pdf/pdfium-text';

export type { TextRun };

export interface TextChange {
  run: TextRun;
  text: string;
  fontSize: number;
  color: string;
  /** Movement as fractions of the displayed page. */
  dx: number;
  dy: number;
  deleted: boolean;
}

export const runKey = (run: Pick<TextRun, 'page' | 'index'>) => `${run.page}:${run.index}`;

/** A change that changes nothing yet, for a run just chosen. */
export const untouched = (run: TextRun): TextChange => ({ run, text: run.text, fontSize: run.fontSize, color: run.color, dx: 0, dy: 0, deleted: false });

export function isChanged(c: TextChange): boolean {
  return c.deleted || c.text !== c.run.text || Math.abs(c.fontSize - c.run.fontSize) > 0.01 || c.color.toLowerCase() !== c.run.color.toLowerCase() || c.dx !== 0 || c.dy !== 0;
}

/** The processor's edits for the changed runs; each names its run as it was read. */
export function toTextEdits(changes: Iterable<TextChange>): PdfTextEdit[] {
  const edits: PdfTextEdit[] = [];
  for (const c of changes) {
    if (!isChanged(c)) continue;
    const edit: PdfTextEdit = { page: c.run.page, index: c.run.index, was: c.run.text, bounds: c.run.bounds };
    if (c.deleted) edit.delete = true;
    else {
      if (c.text !== c.run.text) edit.text = c.text;
      if (Math.abs(c.fontSize - c.run.fontSize) > 0.01) edit.fontSize = c.fontSize;
      if (c.color.toLowerCase() !== c.run.color.toLowerCase()) edit.color = c.color;
      if (c.dx !== 0) edit.dx = c.dx;
      if (c.dy !== 0) edit.dy = c.dy;
    }
    edits.push(edit);
  }
  return edits;
}
