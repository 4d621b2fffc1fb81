import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import wordToPdfProcessor from './word-to-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { legacyDocMessage } from '../lib/word/docx-to-html';
import { halfTransparentPng } from '../../tests/fixtures/pdf-build/images';
import { pdfPageTexts, pdfText } from '../../tests/fixtures/pdf-build/pdf-text';
import { arabicForms, dejavuSans, embeddedOutlines, pdfLines } from '../../tests/support/pdf-scripts';

const wordToPdf = asWorkerCalls(wordToPdfProcessor);

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const docxInput = (name: string, bytes: Uint8Array) => [{ name, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes }];

async function sampleDocx(extraParagraphs = 0): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Annual Summary', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('Revenue grew '), new TextRun({ text: 'strongly', bold: true }), new TextRun({ text: ' this year', italics: true })] }),
          new Paragraph({ text: 'First bullet point', bullet: { level: 0 } }),
          new Paragraph({ text: 'Second bullet point', bullet: { level: 0 } }),
          new Table({ rows: [new TableRow({ children: [cell('Cell A1'), cell('Cell B1')] }), new TableRow({ children: [cell('Cell A2'), cell('Cell B2')] })] }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: halfTransparentPng(120, 60), transformation: { width: 120, height: 60 } })] }),
          new Paragraph('Ελληνικά και кириллица.'),
          ...Array.from({ length: extraParagraphs }, (_, i) => new Paragraph(`Filler paragraph ${i + 1} with enough words to take up a line of the page.`)),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe('word-to-pdf', () => {
  it('converts headings, bold runs, lists, tables and images with their text', async () => {
    const [out] = await wordToPdf(docxInput('report.docx', await sampleDocx()), {}, ctx);
    const pdf = await PDFDocument.load(out.bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    const text = (await pdfText(out.bytes)).replace(/\s+/g, ' ');
    for (const expected of ['Annual Summary', 'strongly', 'this year', 'First bullet point', 'Second bullet point', 'Cell A1', 'Cell B2', 'Ελληνικά', 'кириллица']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('•');
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBeGreaterThan(0);
  });

  it('sets Arabic and Hebrew right to left with joined letters, mixed lines in bidi order, and Chinese, Japanese and Korean in the CJK fonts', async () => {
    const paragraphs = [
      'مرحبا بالعالم، هذا نص عربي.',
      'שלום עולם, זה טקסט בעברית.',
      'The word مرحبا means hello in Arabic.',
      'كلمة hello تعني مرحبا في عام 2024.',
      '这是一个中文段落，用于测试。',
      'これは日本語の段落です。ひらがなとカタカナ。',
      '이것은 한국어 문단입니다.',
    ];
    const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }] });
    const [out] = await wordToPdf(docxInput('scripts.docx', new Uint8Array(await Packer.toBuffer(doc))), {}, ctx);
    expect(out.notice).toBeUndefined();
    // pdf.js reads each line back in logical order, equal to the paragraph it came from.
    expect(await pdfLines(out.bytes)).toEqual([paragraphs]);
    // The glyphs embedded are the contextual (joined) forms, not the isolated letters shaping replaces.
    const outlines = await embeddedOutlines(out.bytes);
    const forms = arabicForms(await dejavuSans(), paragraphs.filter((text) => /\p{Script=Arabic}/u.test(text)));
    expect(forms.isolatedOnly.size).toBeGreaterThanOrEqual(5);
    for (const outline of forms.joined) expect(outlines.has(outline)).toBe(true);
    for (const outline of forms.isolatedOnly) expect(outlines.has(outline)).toBe(false);
  });

  it('warns, naming them, about characters no font has, and leaves them out rather than drawing boxes', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph('Amharic ሰላም and Linear B 𐀀 end.')] }] });
    const [out] = await wordToPdf(docxInput('rare.docx', new Uint8Array(await Packer.toBuffer(doc))), {}, ctx);
    expect(out.notice).toBe(
      'Some characters could not be drawn because none of the fonts has them, so they are left out of the PDF: ሰ (U+1230), ላ (U+120B), ም (U+121D), 𐀀 (U+10000).',
    );
    expect(out.noticeTone).toBe('warning');
    expect(await pdfLines(out.bytes)).toEqual([['Amharic and Linear B end.']]);
  });

  it('paginates a long document', async () => {
    const [out] = await wordToPdf(docxInput('long.docx', await sampleDocx(120)), {}, ctx);
    const pages = await pdfPageTexts(out.bytes);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[pages.length - 1]).toContain('Filler paragraph 120');
  });

  it('explains that legacy .doc files must be saved as .docx', async () => {
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(wordToPdf(docxInput('old.doc', ole), {}, ctx)).rejects.toThrow(legacyDocMessage());
  });

  it('names the file when it is not a Word document', async () => {
    await expect(wordToPdf(docxInput('notes.docx', new TextEncoder().encode('plain text')), {}, ctx)).rejects.toThrow('The file notes.docx is not a Word document. Please choose a .docx file.');
    const zip = zipSync({ 'hello.txt': new TextEncoder().encode('hi') });
    await expect(wordToPdf(docxInput('archive.docx', zip), {}, ctx)).rejects.toThrow(/archive\.docx is a ZIP archive but not a Word document/);
    const cut = (await sampleDocx()).slice(0, 300);
    await expect(wordToPdf(docxInput('cut.docx', cut), {}, ctx)).rejects.toMatchObject({ name: 'ToolError', message: expect.stringContaining('cut.docx') });
  });
});
