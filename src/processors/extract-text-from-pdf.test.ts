import '../../tests/setup/offscreen-canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../contract/types';
import { ToolError } from '../lib/errors';
import { terminateOcr } from '../lib/ocr/recognize';
import { SAMPLE_TEXT, scannedPdf, wordAccuracy } from '../../tests/fixtures/scanned-pdf';
import extractTextFromPdf, { noTextMessage, pageWithoutText } from './extract-text-from-pdf';

afterAll(() => terminateOcr());

function context(progress: [number, number][] = []): ProcessorContext {
  return { signal: new AbortController().signal, onProgress: (done, total) => progress.push([done, total]) };
}

const pdfInput = (bytes: Uint8Array) => [{ name: 'doc.pdf', type: 'application/pdf', bytes }];

describe('extract-text-from-pdf', () => {
  it('writes each page in reading order under a page header, whatever the drawing order', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const first = doc.addPage([400, 300]);
    // Drawn bottom first and right before left: reading order must still be top-down, left-right.
    first.drawText('Second paragraph here.', { x: 30, y: 150, size: 12, font });
    first.drawText('world', { x: 75, y: 250, size: 12, font });
    first.drawText('Hello', { x: 30, y: 250, size: 12, font });
    first.drawText('next line', { x: 30, y: 236, size: 12, font });
    const second = doc.addPage([400, 300]);
    second.drawText('Caf\u00e9 na\u00efve', { x: 30, y: 250, size: 12, font });
    const bytes = await doc.save();
    const progress: [number, number][] = [];
    const [out] = await extractTextFromPdf.run(pdfInput(bytes), {}, context(progress));
    expect(out!.type).toBe('text/plain');
    const text = new TextDecoder('utf-8', { fatal: true }).decode(out!.bytes);
    expect(text).toBe('--- Page 1 ---\nHello world\nnext line\n\nSecond paragraph here.\n\n--- Page 2 ---\nCaf\u00e9 na\u00efve\n');
    expect(out!.meta).toEqual({ pageCount: 2 });
    expect(out!.notice).toBeUndefined();
    // Progress counts hundredths of a page, so a page read with OCR can move the bar within itself.
    expect(progress).toEqual([[0, 200], [100, 200], [200, 200]]);
  });

  it('reads a scanned page with OCR, at least 97 % of its words right, and says which page it was', async () => {
    const scan = await scannedPdf([SAMPLE_TEXT]);
    const doc = await PDFDocument.load(scan.bytes);
    const typed = doc.insertPage(0, [595, 842]);
    typed.drawText('Cover page with real text', { x: 72, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bytes = await doc.save();
    const progress: [number, number][] = [];
    const [out] = await extractTextFromPdf.run(pdfInput(bytes), { language: 'eng' }, context(progress));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(out!.bytes);
    expect(text.startsWith('--- Page 1 ---\nCover page with real text\n\n--- Page 2 ---\n')).toBe(true);
    const page2 = text.slice(text.indexOf('--- Page 2 ---'));
    expect(wordAccuracy(SAMPLE_TEXT.join(' '), page2)).toBeGreaterThanOrEqual(0.97);
    // Lines keep their breaks: the first printed line is a line of its own.
    expect(page2).toContain('The annual report of the river authority was published on 14 March.\n');
    expect(out!.meta).toEqual({ pageCount: 2, scannedPagesRead: 1 });
    expect(out!.notice).toBe('Page 2 has no text layer (it is a scan), so its text was read from the scan with OCR (text recognition). Please check names and figures.');
    expect(progress.some(([done]) => done > 100 && done < 200)).toBe(true);
  }, 180_000);

  it('reads a scan in German with its umlauts and sharp s', async () => {
    const lines = ['Die Brücke über den Fluss wurde im März geöffnet.', 'Größere Schiffe müssen jetzt außen vorbeifahren.'];
    const { bytes } = await scannedPdf([lines]);
    const [out] = await extractTextFromPdf.run(pdfInput(bytes), { language: 'deu' }, context());
    const text = new TextDecoder().decode(out!.bytes);
    for (const word of ['Brücke', 'über', 'März', 'geöffnet', 'Größere', 'müssen', 'außen']) expect(text).toContain(word);
    expect(wordAccuracy(lines.join(' '), text)).toBeGreaterThanOrEqual(0.9);
    expect(out!.notice).toBe('The page has no text layer (it is a scan), so its text was read from the scan with OCR (text recognition). Please check names and figures.');
  }, 180_000);

  it('refuses a PDF with no text layer and nothing readable on its pages', async () => {
    const { bytes } = await scannedPdf([[], []]);
    const run = extractTextFromPdf.run(pdfInput(bytes), {}, context());
    await expect(run).rejects.toBeInstanceOf(ToolError);
    await expect(run).rejects.toThrow(noTextMessage());
  }, 180_000);

  it('marks a page on which nothing could be read', async () => {
    const doc = await PDFDocument.load((await scannedPdf([[]])).bytes);
    doc.insertPage(0, [200, 200]).drawText('Only page one has text', { x: 10, y: 100, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
    const [out] = await extractTextFromPdf.run(pdfInput(await doc.save()), {}, context());
    const text = new TextDecoder().decode(out!.bytes);
    expect(text).toBe(`--- Page 1 ---\nOnly page one has text\n\n--- Page 2 ---\n${pageWithoutText()}\n`);
    expect(pageWithoutText()).toBe('(No text was found on this page.)');
  }, 180_000);

  it('refuses a damaged PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\nthis is not really a pdf');
    await expect(extractTextFromPdf.run(pdfInput(bytes), {}, context())).rejects.toThrow('The file doc.pdf is damaged');
  });
});
