/**
 * PDF to Word: a .docx with the text of each page as paragraphs in reading
 * order. Lines much larger than the page's body text become Heading 1 or 2;
 * bold and italic follow the PDF font names; each page after the first
 * starts on a new page. Images and exact positions are not carried over.
 *
 * Options: none (manifests/pdf/pdf-to-word.json declares none).
 * Meta: pageCount, paragraphs.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { z } from 'zod';
import { defineProcessor } from '../engine/processor';
import { ToolError } from '../lib/errors';
import { mapPdfPages } from '../lib/pdf/page-loop';
import { pageFontNames, pageTextItems } from '../lib/pdf/pdfjs';
import { bodySize, fontStyle, groupLines, groupParagraphs, headingLevel, lineSegments, type Paragraph as TextParagraph } from '../lib/pdf/text-layout';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const NO_TEXT_MESSAGE = 'This PDF has no text layer (it is probably scanned), so there is no text to convert to Word.';

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2 } as const;

/** Runs for one paragraph: consecutive pieces with the same style are merged. */
function paragraphRuns(paragraph: TextParagraph, fonts: Map<string, string>, withSize: boolean): TextRun[] {
  const pieces: { text: string; bold: boolean; italic: boolean; size: number }[] = [];
  paragraph.lines.forEach((line, i) => {
    const previous = paragraph.lines[i - 1];
    lineSegments(line.fragments).forEach((seg, j) => {
      const style = fontStyle(fonts.get(seg.fragment.fontName) ?? '');
      const joiner = j === 0 && previous && !previous.text.endsWith('-') ? ' ' : '';
      const size = Math.round(seg.fragment.size * 2);
      const last = pieces[pieces.length - 1];
      if (last && last.bold === style.bold && last.italic === style.italic && last.size === size) last.text += joiner + seg.text;
      else pieces.push({ text: joiner + seg.text, ...style, size });
    });
  });
  // docx sizes are in half-points; headings keep their style's size.
  return pieces.map((p) => new TextRun({ text: p.text, bold: p.bold, italics: p.italic, size: withSize ? p.size : undefined }));
}

/** PDF to Word takes no options. */
export const options = z.object({});

export default defineProcessor(options, async (inputs, _options, ctx) => {
  const input = inputs[0];
  if (!input) throw new ToolError('Please upload a PDF file to convert.');
  const pages = await mapPdfPages(input, ctx, async (page) => {
    const lines = groupLines(await pageTextItems(page));
    const fonts = lines.length > 0 ? await pageFontNames(page) : new Map<string, string>();
    return { lines, fonts };
  });
  const children: Paragraph[] = [];
  let textParagraphs = 0;
  pages.forEach(({ lines, fonts }, index) => {
    const n = index + 1;
    const body = bodySize(lines);
    const paragraphs = groupParagraphs(lines);
    textParagraphs += paragraphs.length;
    // An empty page still gets a paragraph, so the page count is kept.
    if (paragraphs.length === 0) children.push(new Paragraph({ pageBreakBefore: n > 1 }));
    paragraphs.forEach((p, i) => {
      const level = headingLevel(p.size, body);
      children.push(
        new Paragraph({
          children: paragraphRuns(p, fonts, level === 0),
          heading: level === 0 ? undefined : HEADINGS[level],
          pageBreakBefore: n > 1 && i === 0,
        }),
      );
    });
  });
  if (textParagraphs === 0) throw new ToolError(NO_TEXT_MESSAGE);
  const document = new Document({ sections: [{ children }] });
  const bytes = new Uint8Array(await Packer.toArrayBuffer(document));
  return [{ bytes, type: DOCX_TYPE, meta: { pageCount: pages.length, paragraphs: textParagraphs } }];
});
