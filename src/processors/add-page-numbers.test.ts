import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput } from '../../tests/fixtures/pdf/make';
import { pdfPagePlacements } from '../../tests/fixtures/pdf-build/pdf-text';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import addPageNumbersProcessor, { numberText, textOrigin } from './add-page-numbers';

const addPageNumbers = asWorkerCalls(addPageNumbersProcessor);
const DEFAULTS = { position: 'bottom-center', format: 'n', firstPage: 1, startNumber: 1, fontSize: 12, margin: 10 };
const run = (bytes: Uint8Array, options: Partial<typeof DEFAULTS> = {}, name?: string) =>
  addPageNumbers([pdfInput(bytes, name)], { ...DEFAULTS, ...options }, ctx());

const MM = 72 / 25.4;
// Helvetica's ascender and descender, per 1000 units of font size.
const ASCENT = 0.718;
const DESCENT = 0.207;

/**
 * Five pages that a reader shows differently: A4 portrait; sideways by /Rotate 90; a CropBox
 * smaller than the MediaBox and off its origin; landscape; /Rotate 270 with a CropBox.
 */
async function mixedPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.addPage([595, 842]).setRotation(degrees(90));
  doc.addPage([600, 800]).setCropBox(50, 100, 400, 500);
  doc.addPage([842, 595]);
  const last = doc.addPage([600, 800]);
  last.setCropBox(100, 50, 300, 600);
  last.setRotation(degrees(270));
  return doc.save();
}

describe('add-page-numbers', () => {
  it('writes "Page n of total" from the chosen page on, bottom right and upright on every kind of page', async () => {
    const input = await mixedPages();
    const copy = input.slice();
    const [out] = await run(input, { position: 'bottom-right', format: 'page-n-of-total', firstPage: 2, fontSize: 12, margin: 10 });
    expect(input).toEqual(copy);
    expect(out.meta).toMatchObject({ pageCount: 5, numberedPages: 4 });
    const pages = await pdfPagePlacements(out.bytes);
    // Sizes as shown: sideways pages swap width and height; cropped pages show their CropBox.
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([[595, 842], [842, 595], [400, 500], [842, 595], [600, 300]]);
    expect(pages[0].items).toEqual([]);
    const margin = 10 * MM;
    for (const [i, page] of pages.slice(1).entries()) {
      expect(page.items.map((item) => item.str)).toEqual([`Page ${i + 1} of 4`]);
      const [item] = page.items;
      expect(item.angle).toBeCloseTo(0, 3);
      expect(item.size).toBeCloseTo(12, 3);
      // The right end of the text and the bottom of its descenders sit one margin in from the page's edges.
      expect(item.x + item.width).toBeCloseTo(page.width - margin, 1);
      expect(item.y + DESCENT * 12).toBeCloseTo(page.height - margin, 1);
    }
  });

  it.each([
    ['top-left', 'n', () => [20, 20 + ASCENT * 10], '1'],
    ['top-center', 'page-n', (p: Box, w: number) => [(p.width - w) / 2, 20 + ASCENT * 10], 'Page 1'],
    ['top-right', 'n-slash-total', (p: Box, w: number) => [p.width - 20 - w, 20 + ASCENT * 10], '1 / 3'],
    ['bottom-left', 'page-n-of-total', (p: Box) => [20, p.height - 20 - DESCENT * 10], 'Page 1 of 3'],
    ['bottom-center', 'n', (p: Box, w: number) => [(p.width - w) / 2, p.height - 20 - DESCENT * 10], '1'],
  ] as [string, string, (p: Box, w: number) => number[], string][])('places %s text (format %s) on the page as shown', async (position, format, expectAt, first) => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage([500, 700]).setRotation(degrees(i * 90));
    const [out] = await run(await doc.save(), { position, format, fontSize: 10, margin: 20 / MM });
    const pages = await pdfPagePlacements(out.bytes);
    for (const page of pages) {
      expect(page.items).toHaveLength(1);
      expect(page.items[0].angle).toBeCloseTo(0, 3);
    }
    const [item] = pages[0].items;
    expect(item.str).toBe(first);
    const [x, y] = expectAt(pages[0], item.width);
    expect(item.x).toBeCloseTo(x, 1);
    expect(item.y).toBeCloseTo(y, 1);
  });

  it('counts from the start number, and "of" names the last number written', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i++) doc.addPage([400, 400]);
    const [out] = await run(await doc.save(), { format: 'n-slash-total', firstPage: 3, startNumber: 10 });
    const texts = (await pdfPagePlacements(out.bytes)).map((p) => p.items.map((i) => i.str).join(' '));
    expect(texts).toEqual(['', '', '10 / 11', '11 / 11']);
  });

  it('keeps the number on a page smaller than its margins', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 60]);
    const [out] = await run(await doc.save(), { position: 'top-right', margin: 100, fontSize: 12 });
    const [page] = await pdfPagePlacements(out.bytes);
    const [item] = page.items;
    expect(item.x).toBeGreaterThanOrEqual(-0.01);
    expect(item.x + item.width).toBeLessThanOrEqual(page.width + 0.01);
    expect(item.y - ASCENT * 12).toBeGreaterThanOrEqual(-0.01);
    expect(item.y + DESCENT * 12).toBeLessThanOrEqual(page.height + 0.01);
  });

  it('keeps the form fields of a fillable PDF', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 400]);
    const form = doc.getForm();
    form.createCheckBox('agree').addToPage(page, { x: 20, y: 300, width: 20, height: 20 });
    form.getCheckBox('agree').check();
    const [out] = await run(await doc.save());
    const back = await PDFDocument.load(out.bytes);
    expect(back.getForm().getCheckBox('agree').isChecked()).toBe(true);
  });

  it('refuses a first page the file does not have, naming the file', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]);
    doc.addPage([300, 400]);
    await expect(run(await doc.save(), { firstPage: 3 }, 'two.pdf')).rejects.toThrow('two.pdf has 2 pages, so numbering cannot start on page 3.');
  });

  it('gives the shared messages for a file that is not a PDF and for an encrypted one', async () => {
    await expect(run(NOT_A_PDF, {}, 'notes.pdf')).rejects.toThrow(notPdfMessage('notes.pdf'));
    await expect(run(await encryptedPdf(await mixedPages(), 'secret'))).rejects.toThrow(encryptedMessage());
  });

  it('writes each format', () => {
    expect(['n', 'page-n', 'page-n-of-total', 'n-slash-total'].map((f) => numberText(f as never, 2, 5))).toEqual(['2', 'Page 2', 'Page 2 of 5', '2 / 5']);
    expect(textOrigin('bottom-right', { width: 100, height: 100 }, { width: 20, ascent: 8, descent: 2 }, 10)).toEqual({ x: 70, y: 12 });
  });
});

type Box = { width: number; height: number };
