import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { INPUT_PATH, isInvalidPassword, OUTPUT_PATH, runQpdf } from './qpdf';

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([100, 200]);
  doc.addPage([300, 400]);
  return doc.save();
}

describe('runQpdf', () => {
  it('captures stdout and leaves the process exit code alone', async () => {
    const before = process.exitCode;
    const run = await runQpdf(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/version 12\.\d+\.\d+/);
    expect(process.exitCode).toBe(before);
  });

  it("leaves the caller's argument array alone, so it can be run again", async () => {
    const args = ['--version'];
    expect((await runQpdf(args)).code).toBe(0);
    expect(args).toEqual(['--version']);
    expect((await runQpdf(args)).code).toBe(0);
  });

  it('encrypts with AES-256 and decrypts with the password', async () => {
    const input = await twoPages();
    const copy = input.slice();
    const encrypted = await runQpdf(['--encrypt', '--user-password=s3cret pw', '--owner-password=owner!', '--bits=256', '--', INPUT_PATH, OUTPUT_PATH], input);
    expect(encrypted.code).toBe(0);
    expect(input).toEqual(copy);
    const bytes = encrypted.output!;
    await expect(PDFDocument.load(bytes)).rejects.toThrow(/encrypted/);

    const show = await runQpdf(['--show-encryption', '--password=s3cret pw', INPUT_PATH], bytes);
    expect(show.stdout).toContain('AESv3');

    const decrypted = await runQpdf(['--password=s3cret pw', '--decrypt', INPUT_PATH, OUTPUT_PATH], bytes);
    expect(decrypted.code).toBe(0);
    expect(new TextDecoder('latin1').decode(decrypted.output!)).not.toContain('/Encrypt');
    expect((await PDFDocument.load(decrypted.output!)).getPageCount()).toBe(2);
  });

  it('reports a wrong password and errors on stderr with exit code 2', async () => {
    const encrypted = (await runQpdf(['--encrypt', '--user-password=right1', '--owner-password=o', '--bits=256', '--', INPUT_PATH, OUTPUT_PATH], await twoPages())).output!;
    const wrong = await runQpdf(['--password=wrong1', '--decrypt', INPUT_PATH, OUTPUT_PATH], encrypted);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toBeUndefined();
    expect(isInvalidPassword(wrong)).toBe(true);

    const junk = await runQpdf(['--check', INPUT_PATH], new TextEncoder().encode('%PDF-1.7 nothing else'));
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/\/input\.pdf: can't find startxref/);
    expect(isInvalidPassword(junk)).toBe(false);
  });
});
