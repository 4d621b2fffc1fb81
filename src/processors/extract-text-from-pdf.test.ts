import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../engine/types';
import { ToolError } from '../lib/errors';
import extractTextFromPdf, { NO_TEXT_MESSAGE, PAGE_WITHOUT_TEXT } from './extract-text-from-pdf';

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
    expect(out!.meta).toEqual({ pageCount: 2, pagesWithoutText: 0 });
    expect(progress).toEqual([[0, 2], [1, 2], [2, 2]]);
  });

  it('notes a page without a text layer and counts it', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).drawText('Only page one has text', { x: 10, y: 100, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
    doc.addPage([200, 200]).drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: rgb(0, 0, 0) });
    const [out] = await extractTextFromPdf.run(pdfInput(await doc.save()), {}, context());
    const text = new TextDecoder().decode(out!.bytes);
    expect(text).toContain('--- Page 1 ---\nOnly page one has text\n');
    expect(text).toContain(`--- Page 2 ---\n${PAGE_WITHOUT_TEXT}\n`);
    expect(out!.meta).toEqual({ pageCount: 2, pagesWithoutText: 1 });
    expect(out!.notice).toBe('1 of 2 pages have no text layer (they are probably scanned images), so they have no text to extract.');
  });

  it('refuses a PDF with no text at all (a scan)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]).drawRectangle({ x: 10, y: 10, width: 50, height: 50, color: rgb(0.2, 0.2, 0.2) });
    const run = extractTextFromPdf.run(pdfInput(await doc.save()), {}, context());
    await expect(run).rejects.toBeInstanceOf(ToolError);
    await expect(run).rejects.toThrow(NO_TEXT_MESSAGE);
  });

  it('refuses a damaged PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4\nthis is not really a pdf');
    await expect(extractTextFromPdf.run(pdfInput(bytes), {}, context())).rejects.toThrow('The file doc.pdf is damaged');
  });
});
