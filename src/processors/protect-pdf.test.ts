import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, numberedPdf, pdfInput, sourceIndexes } from '../../tests/fixtures/pdf/make';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import { INPUT_PATH, OUTPUT_PATH, runQpdf } from '../lib/pdf/qpdf';
import protectPdfProcessor from './protect-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';

const protectPdf = asWorkerCalls(protectPdfProcessor);

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('protect-pdf', () => {
  it('encrypts with AES-256 so the file needs the password, which decrypts it', async () => {
    const input = await numberedPdf(3);
    const copy = input.slice();
    const [out] = await protectPdf([pdfInput(input)], { password: 'open sesame' }, ctx());
    expect(input).toEqual(copy);
    expect(out.meta).toEqual({ pageCount: 3, encryption: 'AES-256' });
    await expect(PDFDocument.load(out.bytes)).rejects.toThrow(/encrypted/);

    const check = await runQpdf(['--check', INPUT_PATH], out.bytes);
    expect(check.code).toBe(2);
    expect(check.stderr).toMatch(/invalid password/);
    const show = await runQpdf(['--show-encryption', '--password=open sesame', INPUT_PATH], out.bytes);
    expect(show.stdout).toContain('R = 6');
    expect(show.stdout).toContain('file encryption method: AESv3');
    expect(show.stdout).toContain('print high resolution: allowed');

    const decrypted = await runQpdf(['--password=open sesame', '--decrypt', INPUT_PATH, OUTPUT_PATH], out.bytes);
    expect(decrypted.code).toBe(0);
    expect(await sourceIndexes(decrypted.output!)).toEqual([0, 1, 2]);
  });

  it('maps permission toggles to qpdf restrictions', async () => {
    const [out] = await protectPdf(
      [pdfInput(await numberedPdf(1))],
      { password: 'secret-pw', allowPrinting: false, allowCopying: false, allowEditing: false },
      ctx(),
    );
    const show = await runQpdf(['--show-encryption', '--password=secret-pw', INPUT_PATH], out.bytes);
    expect(show.stdout).toContain('print low resolution: not allowed');
    expect(show.stdout).toContain('extract for any purpose: not allowed');
    expect(show.stdout).toContain('modify anything: not allowed');
  });

  it('removes scripts before encrypting', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const js = doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hi")') }));
    doc.catalog.set(PDFName.of('OpenAction'), js);
    const [out] = await protectPdf([pdfInput(await doc.save())], { password: 'secret-pw' }, ctx());
    const decrypted = await runQpdf(['--password=secret-pw', '--decrypt', '--qdf', '--object-streams=disable', INPUT_PATH, OUTPUT_PATH], out.bytes);
    const text = latin1(decrypted.output!);
    expect(text).toContain('/Type /Catalog');
    expect(text).not.toContain('/JavaScript');
    expect(text).not.toContain('/OpenAction');
  });

  it('checks the password', async () => {
    const input = pdfInput(await numberedPdf(1));
    await expect(protectPdf([input], { password: '' }, ctx())).rejects.toThrow('Please enter a password to protect the PDF.');
    await expect(protectPdf([input], { password: '   ' }, ctx())).rejects.toThrow('Please enter a password to protect the PDF.');
    // The page always sends the field; without it the worker's parse refuses the values.
    expect(protectPdfProcessor.options.safeParse({}).success).toBe(false);
    await expect(protectPdf([input], { password: 'abc12' }, ctx())).rejects.toThrow('Password must be at least 6 characters long.');
  });

  it('refuses encrypted and non-PDF input', async () => {
    const locked = await encryptedPdf(await numberedPdf(1), 'secret1');
    await expect(protectPdf([pdfInput(locked)], { password: 'another1' }, ctx())).rejects.toThrow(encryptedMessage());
    await expect(protectPdf([pdfInput(NOT_A_PDF, 'a.doc')], { password: 'another1' }, ctx())).rejects.toThrow(notPdfMessage('a.doc'));
  });
});
