import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import createPdfProcessor, { blankTextMessage } from './create-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { pdfPageTexts, pdfText } from '../../tests/fixtures/pdf-build/pdf-text';
import { pdfLines } from '../../tests/support/pdf-scripts';

const createPdf = asWorkerCalls(createPdfProcessor);

const ctx = { signal: new AbortController().signal, onProgress: () => {} };

describe('create-pdf', () => {
  it('writes Latin, Greek and Cyrillic text that pdf.js reads back', async () => {
    const text = 'Hello world.\nΚαλημέρα κόσμε, Ελληνικά.\nПривет мир, Кириллица.';
    const [out] = await createPdf([], { text, fontSize: 12, pageSize: 'a4' }, ctx);
    expect(out.type).toBe('application/pdf');
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(1);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([w, h]).toEqual([595.28, 841.89]);
    const extracted = await pdfText(out.bytes);
    expect(extracted).toContain('Καλημέρα');
    expect(extracted).toContain('Привет');
    expect(extracted).toContain('Кириллица');
    expect(extracted).toContain('Hello world.');
  });

  it('paginates a long text over several pages in order', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `Line number ${i + 1} of a long document.`);
    const [out] = await createPdf([], { text: lines.join('\n'), fontSize: 12, pageSize: 'letter' }, ctx);
    const pages = await pdfPageTexts(out.bytes);
    expect(pages.length).toBeGreaterThan(4);
    expect(pages[0]).toContain('Line number 1 of');
    expect(pages[pages.length - 1]).toContain('Line number 300 of');
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPage(0).getWidth()).toBe(612);
  });

  it('breaks a word longer than the line across lines without losing characters', async () => {
    const word = 'x'.repeat(400) + 'END';
    const [out] = await createPdf([], { text: word, fontSize: 20, pageSize: 'a4' }, ctx);
    const text = (await pdfText(out.bytes)).replace(/\s+/g, '');
    expect(text).toBe(word);
  });

  it('writes Arabic and Chinese text, and warns about characters no font has', async () => {
    const text = 'مرحبا بالعالم\n你好，世界\nEthiopic ሀ';
    const [out] = await createPdf([], { text, fontSize: 12, pageSize: 'a4' }, ctx);
    expect(await pdfLines(out.bytes)).toEqual([['مرحبا بالعالم', '你好，世界', 'Ethiopic']]);
    expect(out.notice).toBe('Some characters could not be drawn because none of the fonts has them, so they are left out of the PDF: ሀ (U+1200).');
    expect(out.noticeTone).toBe('warning');
  });

  it('uses a .txt input when the text box is blank', async () => {
    const bytes = new TextEncoder().encode('From a file: Ωμέγα');
    const [out] = await createPdf([{ name: 'a.txt', type: 'text/plain', bytes }], { text: '  ', fontSize: 12, pageSize: 'a4' }, ctx);
    expect(await pdfText(out.bytes)).toContain('Ωμέγα');
  });

  it('refuses blank text with the page message', async () => {
    await expect(createPdf([], { text: ' \n\t ', fontSize: 12, pageSize: 'a4' }, ctx)).rejects.toThrow(blankTextMessage());
  });

  it('declares its options: a font size of 8 to 32 points and A4 or Letter', () => {
    const parse = (values: object) => createPdfProcessor.options.safeParse({ text: 'x', fontSize: 12, pageSize: 'a4', ...values }).success;
    expect(parse({})).toBe(true);
    expect([parse({ fontSize: 7 }), parse({ fontSize: 33 }), parse({ fontSize: 12.5 }), parse({ pageSize: 'a3' }), parse({ text: undefined })]).toEqual([false, false, false, false, false]);
  });
});
