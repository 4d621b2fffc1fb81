import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument, PDFName } from 'pdf-lib';
import { ctx, encryptedPdf, isEncrypted, NOT_A_PDF, numberedPdf, numberedTextPdf, pdfInput, qpdfChecks, restrictedPdf, sourceIndexes } from '../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import rearrangePdfProcessor from './rearrange-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';

const rearrangePdf = asWorkerCalls(rearrangePdfProcessor);

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('rearrange-pdf', () => {
  it('reorders and removes pages', async () => {
    const input = await numberedPdf(5);
    const copy = input.slice();
    const [out] = await rearrangePdf([pdfInput(input)], { order: [4, 0, 2] }, ctx());
    expect(await sourceIndexes(out.bytes)).toEqual([4, 0, 2]);
    expect(out.meta).toEqual({ pageCount: 3 });
    expect(input).toEqual(copy);
  });

  it('keeps every page in order by default and can repeat a page', async () => {
    const input = await numberedPdf(3);
    const [same] = await rearrangePdf([pdfInput(input)], {}, ctx());
    expect(await sourceIndexes(same.bytes)).toEqual([0, 1, 2]);
    const [repeated] = await rearrangePdf([pdfInput(input)], { order: [1, 1, 0] }, ctx());
    expect(await sourceIndexes(repeated.bytes)).toEqual([1, 1, 0]);
  });

  it('adds rotation per output page on top of the existing /Rotate', async () => {
    const doc = await PDFDocument.load(await numberedPdf(3));
    doc.getPage(2).setRotation(degrees(90));
    const input = await doc.save();
    const [out] = await rearrangePdf([pdfInput(input)], { order: [2, 0, 1], rotations: [90, -90, 0] }, ctx());
    const result = await PDFDocument.load(out.bytes);
    expect(result.getPages().map((p) => p.getRotation().angle)).toEqual([180, 270, 0]);
    expect(result.getPage(0).node.get(PDFName.of('Rotate'))?.toString()).toBe('180');
    expect(await sourceIndexes(out.bytes)).toEqual([2, 0, 1]);
  });

  it('drops the content of removed pages from the file', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    const secret = doc.addPage([101, 100]);
    secret.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream('% REMOVED-PAGE-MARK\n')));
    const input = await doc.save({ useObjectStreams: false });
    expect(latin1(input)).toContain('REMOVED-PAGE-MARK');
    const [out] = await rearrangePdf([pdfInput(input)], { order: [0] }, ctx());
    const reloaded = await PDFDocument.load(out.bytes);
    expect(reloaded.getPageCount()).toBe(1);
    const saved = await reloaded.save({ useObjectStreams: false });
    expect(latin1(saved)).not.toContain('REMOVED-PAGE-MARK');
  });

  it('rejects an empty order and indexes outside the document', async () => {
    const input = pdfInput(await numberedPdf(2));
    await expect(rearrangePdf([input], { order: [] }, ctx())).rejects.toThrow('Please keep at least one page.');
    await expect(rearrangePdf([input], { order: [0, 2] }, ctx())).rejects.toThrow(/does not have/);
    // Not a page index at all: the worker's parse refuses it before the run.
    expect(rearrangePdfProcessor.options.safeParse({ order: [0.5] }).success).toBe(false);
    expect(rearrangePdfProcessor.options.safeParse({ order: [0], rotations: [45] }).success).toBe(false);
  });

  it('rearranges a restrictions-only PDF (no open password) into an unencrypted one with its pages and text', async () => {
    const input = await restrictedPdf(await numberedTextPdf(3), 'AES-256 (R6)');
    const [out] = await rearrangePdf([pdfInput(input)], { order: [2, 0, 1] }, ctx());
    expect(await sourceIndexes(out.bytes)).toEqual([2, 0, 1]);
    expect(await pdfPageTexts(out.bytes)).toEqual(['Page 3 of 3', 'Page 1 of 3', 'Page 2 of 3']);
    expect(await isEncrypted(out.bytes)).toBe(false);
    expect(await qpdfChecks(out.bytes)).toBe(true);
  });

  it('refuses encrypted and non-PDF input with the project messages', async () => {
    const locked = await encryptedPdf(await numberedPdf(2), 'secret1');
    const copy = locked.slice();
    await expect(rearrangePdf([pdfInput(locked)], {}, ctx())).rejects.toThrow(encryptedMessage());
    expect(locked).toEqual(copy);
    await expect(rearrangePdf([pdfInput(NOT_A_PDF, 'a.txt')], {}, ctx())).rejects.toThrow(notPdfMessage('a.txt'));
  });
});
