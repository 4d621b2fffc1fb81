import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, numberedPdf, pdfInput, sourceIndexes } from '../../tests/fixtures/pdf/make';
import { damagedPdfMessage, notPdfMessage } from '../lib/pdf/load';
import unlockPdfProcessor from './unlock-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';

const unlockPdf = asWorkerCalls(unlockPdfProcessor);

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('unlock-pdf', () => {
  it('removes the password when it is right', async () => {
    const locked = await encryptedPdf(await numberedPdf(4), 'pass word 1');
    const copy = locked.slice();
    const progress = ctx();
    const [out] = await unlockPdf([pdfInput(locked)], { password: 'pass word 1' }, progress);
    expect(locked).toEqual(copy);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.isEncrypted).toBe(false);
    expect(doc.getPageCount()).toBe(4);
    expect(await sourceIndexes(out.bytes)).toEqual([0, 1, 2, 3]);
    expect(latin1(out.bytes)).not.toContain('/Encrypt');
    expect(out.meta).toEqual({ pageCount: 4 });
    expect(progress.onProgress).toHaveBeenLastCalledWith(3, 3);
  });

  it('accepts the owner password too', async () => {
    const locked = await encryptedPdf(await numberedPdf(2), 'user-pass');
    const [out] = await unlockPdf([pdfInput(locked)], { password: 'owner-pass' }, ctx());
    expect((await PDFDocument.load(out.bytes)).getPageCount()).toBe(2);
  });

  it('says exactly that a wrong password is incorrect', async () => {
    const locked = await encryptedPdf(await numberedPdf(2), 'right-one');
    const copy = locked.slice();
    const error = await unlockPdf([pdfInput(locked)], { password: 'wrong-one' }, ctx()).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ToolError');
    expect((error as Error).message).toBe('The password is incorrect.');
    expect(locked).toEqual(copy);
  });

  it('checks the password, the file type, encryption and damage', async () => {
    const plain = pdfInput(await numberedPdf(1));
    await expect(unlockPdf([plain], { password: '' }, ctx())).rejects.toThrow('Please enter the PDF password.');
    await expect(unlockPdf([plain], { password: ' ' }, ctx())).rejects.toThrow('Please enter the PDF password.');
    await expect(unlockPdf([plain], { password: 'anything' }, ctx())).rejects.toThrow(
      'This PDF is not password-protected, so there is nothing to unlock.',
    );
    await expect(unlockPdf([pdfInput(NOT_A_PDF, 'n.txt')], { password: 'x' }, ctx())).rejects.toThrow(notPdfMessage('n.txt'));
    const broken = pdfInput(new TextEncoder().encode('%PDF-1.7\nbroken'), 'broken.pdf');
    await expect(unlockPdf([broken], { password: 'x' }, ctx())).rejects.toThrow(damagedPdfMessage('broken.pdf'));
  });
});
