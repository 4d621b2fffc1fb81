import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ctx, encryptedPdf, isEncrypted, NOT_A_PDF, numberedPdf, numberedTextPdf, pdfInput, qpdfChecks, restrictedPdf, sourceIndexes } from '../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import splitPdfModule, { planSplit, type SplitPdfOptions } from './split-pdf';
import type { ProcessorContext, ToolInput } from '../contract/types';

/** Runs the processor as the worker does: the options parsed with its schema first. */
const splitPdf = (inputs: ToolInput[], options: SplitPdfOptions, ctx: ProcessorContext) =>
  splitPdfModule.run(inputs, splitPdfModule.options.parse(options), ctx);

describe('split-pdf', () => {
  it('splits by ranges into one PDF per part, in order, with vars and meta', async () => {
    const input = await numberedPdf(8);
    const copy = input.slice();
    const progress = ctx();
    const outputs = await splitPdf([pdfInput(input)], { method: 'range', ranges: '1-3, 4-6, 7' }, progress);
    expect(outputs).toHaveLength(3);
    expect(await Promise.all(outputs.map((o) => sourceIndexes(o.bytes)))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(outputs.map((o) => o.vars)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(outputs.map((o) => o.meta)).toEqual([
      { pageCount: 3, pages: '1-3' },
      { pageCount: 3, pages: '4-6' },
      { pageCount: 1, pages: '7' },
    ]);
    expect(outputs.every((o) => o.type === 'application/pdf')).toBe(true);
    expect(progress.onProgress).toHaveBeenLastCalledWith(3, 3);
    expect(input).toEqual(copy);
  });

  it('skips invalid parts and cuts parts at the last page', async () => {
    const outputs = await splitPdf([pdfInput(await numberedPdf(5))], { method: 'range', ranges: '5-2, a-3, 2, 4-9, 12' }, ctx());
    expect(await Promise.all(outputs.map((o) => sourceIndexes(o.bytes)))).toEqual([[1], [3, 4]]);
    // The pages past the end are named, once for the run.
    expect(new Set(outputs.map((o) => o.notice))).toEqual(new Set(['doc.pdf has 5 pages, so pages 6-9, 12 were left out of the split.']));
  });

  it('says nothing about pages when every range is inside the PDF, and words a single page right', async () => {
    const inside = await splitPdf([pdfInput(await numberedPdf(3))], { method: 'range', ranges: '1-2, 3' }, ctx());
    expect(inside.every((o) => o.notice === undefined)).toBe(true);
    const [one] = await splitPdf([pdfInput(await numberedPdf(3))], { method: 'range', ranges: '2-4' }, ctx());
    expect(one!.notice).toBe('doc.pdf has 3 pages, so page 4 was left out of the split.');
  });

  it('allows overlapping and reversed-order parts', async () => {
    const outputs = await splitPdf([pdfInput(await numberedPdf(4))], { ranges: '3-4, 1-3' }, ctx());
    expect(await Promise.all(outputs.map((o) => sourceIndexes(o.bytes)))).toEqual([[2, 3], [0, 1, 2]]);
  });

  it('splits every N pages, forcing N into 1..pageCount', async () => {
    const input = await numberedPdf(7);
    const everyThree = await splitPdf([pdfInput(input)], { method: 'every', everyN: 3 }, ctx());
    expect(await Promise.all(everyThree.map((o) => sourceIndexes(o.bytes)))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(everyThree.map((o) => o.meta?.pages)).toEqual(['1-3', '4-6', '7']);
    expect(await splitPdf([pdfInput(input)], { method: 'every', everyN: 0 }, ctx())).toHaveLength(7);
    const capped = await splitPdf([pdfInput(input)], { method: 'every', everyN: 99 }, ctx());
    expect(capped).toHaveLength(1);
    expect((await PDFDocument.load(capped[0].bytes)).getPageCount()).toBe(7);
  });

  it('rejects blank ranges and ranges with no valid part', async () => {
    const input = pdfInput(await numberedPdf(3));
    await expect(splitPdf([input], { method: 'range', ranges: '  ' }, ctx())).rejects.toThrow('Please enter page ranges to split the PDF.');
    await expect(splitPdf([input], { method: 'range' }, ctx())).rejects.toThrow('Please enter page ranges to split the PDF.');
    await expect(splitPdf([input], { method: 'range', ranges: '5-2, x' }, ctx())).rejects.toThrow('Warning: No valid parts to split based on input.');
    expect(planSplit(3, { method: 'range', ranges: '5-2, x' })).toMatchObject({ ok: false, problem: 'none-valid' });
  });

  it('splits a restrictions-only PDF (no open password) into unencrypted parts with its pages and text', async () => {
    const input = await restrictedPdf(await numberedTextPdf(3), 'RC4-128 (R3)');
    const outputs = await splitPdf([pdfInput(input)], { method: 'range', ranges: '1-2, 3' }, ctx());
    expect(await Promise.all(outputs.map((o) => sourceIndexes(o.bytes)))).toEqual([[0, 1], [2]]);
    expect(await Promise.all(outputs.map((o) => pdfPageTexts(o.bytes)))).toEqual([['Page 1 of 3', 'Page 2 of 3'], ['Page 3 of 3']]);
    for (const output of outputs) {
      expect(await isEncrypted(output.bytes)).toBe(false);
      expect(await qpdfChecks(output.bytes)).toBe(true);
    }
  });

  it('refuses encrypted and non-PDF input with the project messages', async () => {
    const locked = await encryptedPdf(await numberedPdf(3), 'secret1');
    const copy = locked.slice();
    await expect(splitPdf([pdfInput(locked)], { ranges: '1' }, ctx())).rejects.toThrow(encryptedMessage());
    expect(locked).toEqual(copy);
    await expect(splitPdf([pdfInput(NOT_A_PDF, 'notes.txt')], { ranges: '1' }, ctx())).rejects.toThrow(notPdfMessage('notes.txt'));
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(splitPdf([pdfInput(await numberedPdf(3))], { ranges: '1, 2' }, ctx(controller.signal))).rejects.toThrow('Cancelled');
  });
});
