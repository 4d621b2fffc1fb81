import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { isEncrypted, numberedTextPdf, qpdfChecks, RESTRICTIONS, restrictedPdf, sourceIndexes, type Restriction } from '../../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../../tests/fixtures/pdf-build/pdf-text';
import { ToolError } from '../errors';
import { pageTreeReason } from './damage';
import { damagedPdfMessage, encryptedMessage, loadPdf, mentionsEncryption, notPdfMessage, openablePdfBytes } from './load';
import { runQpdf } from './qpdf';

// The real qpdf, watched: unencrypted files must never start it.
vi.mock('./qpdf', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./qpdf')>();
  return { ...actual, runQpdf: vi.fn(actual.runQpdf) };
});

const kinds = Object.keys(RESTRICTIONS) as Restriction[];
const locked = () => new Uint8Array(readFileSync(new URL('../../../tests/fixtures/encrypted.pdf', import.meta.url)));

describe('loadPdf', () => {
  it.each(kinds)('opens a restrictions-only PDF (%s) with its pages and text, and saves it unencrypted', async (kind) => {
    const plain = await numberedTextPdf(3);
    const input = await restrictedPdf(plain, kind);
    expect(await isEncrypted(input)).toBe(true);
    await expect(PDFDocument.load(input)).rejects.toThrow(/encrypted/);
    const copy = input.slice();

    const doc = await loadPdf(input, 'restricted.pdf');
    expect(input).toEqual(copy);
    expect(doc.isEncrypted).toBe(false);
    expect(doc.getPageCount()).toBe(3);
    const saved = await doc.save();
    expect(await sourceIndexes(saved)).toEqual([0, 1, 2]);
    expect(await pdfPageTexts(saved)).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(await isEncrypted(saved)).toBe(false);
    expect(await qpdfChecks(saved)).toBe(true);
  });

  it('still refuses a PDF that needs a password to open, with the unlock message and link', async () => {
    const error = await loadPdf(locked(), 'locked.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toBe(encryptedMessage());
    expect((error as ToolError).link?.href).toBe('/tools/unlock-pdf');
    expect(encryptedMessage()).toBe('This PDF is password-protected. Unlock it first with Unlock PDF.');
  });

  it('keeps the unlock message for encryption qpdf cannot handle either', async () => {
    const restricted = await restrictedPdf(await numberedTextPdf(1), 'RC4-128 (R3)');
    const text = new TextDecoder('latin1').decode(restricted);
    expect(text).toContain('/Filter /Standard');
    const bytes = Uint8Array.from(text.replace('/Filter /Standard', '/Filter /Xtandard'), (c) => c.charCodeAt(0));
    await expect(loadPdf(bytes, 'foreign.pdf')).rejects.toMatchObject({ message: encryptedMessage(), link: { href: '/tools/unlock-pdf' } });
    expect(await openablePdfBytes(bytes)).toBe(bytes);
  });

  it('does not start qpdf for an unencrypted PDF', async () => {
    const plain = await numberedTextPdf(2);
    vi.mocked(runQpdf).mockClear();
    expect((await loadPdf(plain, 'plain.pdf')).getPageCount()).toBe(2);
    expect(await openablePdfBytes(plain)).toBe(plain);
    expect(runQpdf).not.toHaveBeenCalled();
  });

  it('keeps the non-PDF and damaged messages', async () => {
    await expect(loadPdf(new TextEncoder().encode('hello'), 'a.txt')).rejects.toThrow(notPdfMessage('a.txt'));
    // pdf-lib reads no page list at all from this file, and the message says so.
    await expect(loadPdf(new TextEncoder().encode('%PDF-1.7\nbroken'), 'b.pdf')).rejects.toThrow(damagedPdfMessage('b.pdf', pageTreeReason()));
  });
});

describe('openablePdfBytes', () => {
  it('gives the decrypted copy of a restrictions-only PDF and the input itself otherwise', async () => {
    const plain = await numberedTextPdf(2);
    const input = await restrictedPdf(plain, 'AES-128 (R4)');
    const opened = await openablePdfBytes(input);
    expect(await isEncrypted(opened)).toBe(false);
    expect(await pdfPageTexts(opened)).toEqual(['Page 1 of 2', 'Page 2 of 2']);
    const text = new TextEncoder().encode('not a pdf');
    expect(await openablePdfBytes(text)).toBe(text);
  });

  it('refuses a PDF that needs a password to open with the unlock message', async () => {
    await expect(openablePdfBytes(locked())).rejects.toMatchObject({ message: encryptedMessage(), link: { href: '/tools/unlock-pdf' } });
  });
});

describe('mentionsEncryption', () => {
  it('finds /Encrypt wherever it is, and only then', async () => {
    const encoder = new TextEncoder();
    expect(mentionsEncryption(await restrictedPdf(await numberedTextPdf(1)))).toBe(true);
    expect(mentionsEncryption(locked())).toBe(true);
    expect(mentionsEncryption(await numberedTextPdf(1))).toBe(false);
    expect(mentionsEncryption(encoder.encode('%PDF-1.4 trailer << /Encrypt 5 0 R >>'))).toBe(true);
    expect(mentionsEncryption(encoder.encode('%PDF-1.4 /Encryp'))).toBe(false);
    expect(mentionsEncryption(encoder.encode('/Encrypt'))).toBe(true);
    expect(mentionsEncryption(new Uint8Array())).toBe(false);
  });
});
