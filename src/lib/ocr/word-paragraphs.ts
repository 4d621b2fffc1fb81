/**
 * Word paragraphs for a page of PDF to Word that had no text layer and was
 * read with OCR: one plain paragraph per recognised paragraph, its lines run
 * together. Fonts and sizes of a scan are not known, so no styling is guessed.
 */
import { Paragraph, TextRun } from 'docx';
import { joinLines } from './scanned';

export function scannedPageParagraphs(paragraphs: readonly string[][], pageBreakBefore: boolean): Paragraph[] {
  // An empty page still gets a paragraph, so the page count is kept.
  if (paragraphs.length === 0) return [new Paragraph({ pageBreakBefore })];
  return paragraphs.map(
    (lines, i) => new Paragraph({ children: [new TextRun({ text: joinLines(lines) })], pageBreakBefore: pageBreakBefore && i === 0 }),
  );
}
