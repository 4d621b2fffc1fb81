import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ctx, encryptedPdf, isEncrypted, NOT_A_PDF, numberedPdf, numberedTextPdf, pdfInput, qpdfChecks, RESTRICTIONS, restrictedPdf, sourceIndexes, type Restriction } from '../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { damagedPdfMessage, notPdfMessage } from '../lib/pdf/load';
import unlockPdfProcessor, { restrictionsRemovedNotice } from './unlock-pdf';
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

  it.each(Object.keys(RESTRICTIONS) as Restriction[])(
    'removes the restrictions of a PDF that opens without a password (%s) without asking for one, and says so',
    async (kind) => {
      const restricted = await restrictedPdf(await numberedTextPdf(3), kind);
      const copy = restricted.slice();
      const progress = ctx();
      const [out] = await unlockPdf([pdfInput(restricted)], { password: '' }, progress);
      expect(restricted).toEqual(copy);
      expect(out.notice).toBe(restrictionsRemovedNotice());
      expect(out.notice).toMatch(/^Restrictions removed: /);
      expect(out.meta).toEqual({ pageCount: 3 });
      expect(await sourceIndexes(out.bytes)).toEqual([0, 1, 2]);
      expect(await pdfPageTexts(out.bytes)).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
      expect(await isEncrypted(out.bytes)).toBe(false);
      expect(await qpdfChecks(out.bytes)).toBe(true);
      expect(latin1(out.bytes)).not.toContain('/Encrypt');
      expect(progress.onProgress).toHaveBeenLastCalledWith(3, 3);
    },
  );

  it('unlocks a restrictions-only PDF whatever password is typed, the owner password or another', async () => {
    const restricted = await restrictedPdf(await numberedPdf(2));
    for (const password of ['owner-pass', 'not the owner password']) {
      const [out] = await unlockPdf([pdfInput(restricted)], { password }, ctx());
      expect(out.notice).toBe(restrictionsRemovedNotice());
      expect(await sourceIndexes(out.bytes)).toEqual([0, 1]);
      expect(await isEncrypted(out.bytes)).toBe(false);
    }
  });

  it('asks for the password of a PDF that needs one to open, and removes it without a notice', async () => {
    const locked = await encryptedPdf(await numberedPdf(2), 'open-me');
    for (const password of ['', '  ']) {
      const error = await unlockPdf([pdfInput(locked)], { password }, ctx()).catch((e: Error) => e);
      expect(error).toMatchObject({ name: 'ToolError', message: 'Please enter the PDF password.' });
    }
    const [out] = await unlockPdf([pdfInput(locked)], { password: 'open-me' }, ctx());
    expect(out.notice).toBeUndefined();
    expect(await isEncrypted(out.bytes)).toBe(false);
  });

  it('checks the file type, encryption and damage', async () => {
    const plain = pdfInput(await numberedPdf(1));
    for (const password of ['', ' ', 'anything']) {
      await expect(unlockPdf([plain], { password }, ctx())).rejects.toThrow('This PDF is not password-protected, so there is nothing to unlock.');
    }
    await expect(unlockPdf([pdfInput(NOT_A_PDF, 'n.txt')], { password: 'x' }, ctx())).rejects.toThrow(notPdfMessage('n.txt'));
    const broken = pdfInput(new TextEncoder().encode('%PDF-1.7\nbroken'), 'broken.pdf');
    await expect(unlockPdf([broken], { password: 'x' }, ctx())).rejects.toThrow(
      damagedPdfMessage('broken.pdf', 'its cross-reference table or catalog is missing or broken'),
    );
  });
});
