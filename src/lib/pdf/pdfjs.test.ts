import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { restrictedPdf } from '../../../tests/fixtures/pdf/make';
import { ToolError } from '../errors';
import { encryptedMessage } from './load';
import { bundledAssetUrl, openPdfjs, pageFontNames, pageTextItems } from './pdfjs';

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Plain words', { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  page.drawText('Strong words', { x: 20, y: 120, size: 12, font: await doc.embedFont(StandardFonts.HelveticaBold) });
  doc.addPage([300, 200]);
  return doc.save();
}

describe('openPdfjs', () => {
  it('opens a PDF, reads its text and font names, and leaves the input intact', async () => {
    const bytes = await samplePdf();
    const copy = bytes.slice();
    const pdf = await openPdfjs(bytes, 'sample.pdf');
    try {
      expect(pdf.doc.numPages).toBe(2);
      const page = await pdf.doc.getPage(1);
      const items = await pageTextItems(page);
      expect(items.map((i) => i.str).filter(Boolean)).toEqual(['Plain words', 'Strong words']);
      const fonts = await pageFontNames(page);
      expect(items.filter((i) => i.str).map((i) => fonts.get(i.fontName))).toEqual(['Helvetica', 'Helvetica-Bold']);
    } finally {
      await pdf.destroy();
    }
    // pdf.js transfers the buffer it is given; ours must still be whole.
    expect(bytes.byteLength).toBe(copy.byteLength);
    expect(bytes).toEqual(copy);
  });

  it('frees the document on destroy', async () => {
    const pdf = await openPdfjs(await samplePdf(), 'sample.pdf');
    await pdf.destroy();
    await expect((async () => pdf.doc.getPage(1))()).rejects.toThrow();
  });

  it.each([
    ['an empty file', new Uint8Array(), 'The file x.pdf is not a PDF. Please choose a PDF file.'],
    ['a text file', new TextEncoder().encode('hello, not a pdf'), 'The file x.pdf is not a PDF. Please choose a PDF file.'],
    [
      'a damaged PDF',
      new TextEncoder().encode('%PDF-1.7\n1 0 obj garbage\n%%EOF'),
      'The file x.pdf is damaged (its cross-reference table or catalog is missing or broken) and could not be read. Open it in a PDF reader, save or print it as a new PDF, and try that copy, or choose another PDF.',
    ],
  ])('refuses %s with the project message', async (_label, bytes, message) => {
    const run = openPdfjs(bytes, 'x.pdf');
    await expect(run).rejects.toBeInstanceOf(ToolError);
    await expect(run).rejects.toThrow(message);
  });

  it('refuses a truncated PDF as damaged', async () => {
    const bytes = await samplePdf();
    await expect(openPdfjs(bytes.subarray(0, 200), 'cut.pdf')).rejects.toThrow('The file cut.pdf is damaged');
  });

  it('opens a restrictions-only PDF (no open password) and reads its text', async () => {
    const pdf = await openPdfjs(await restrictedPdf(await samplePdf()), 'restricted.pdf');
    try {
      expect(pdf.doc.numPages).toBe(2);
      const items = await pageTextItems(await pdf.doc.getPage(1));
      expect(items.map((i) => i.str).filter(Boolean)).toEqual(['Plain words', 'Strong words']);
    } finally {
      await pdf.destroy();
    }
  });

  it('refuses a password-protected PDF with a link to Unlock PDF', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../../tests/fixtures/encrypted.pdf', import.meta.url)));
    const error = await openPdfjs(bytes, 'locked.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toBe(encryptedMessage());
    expect((error as ToolError).link?.href).toBe('/tools/unlock-pdf');
  });
});

describe('bundledAssetUrl', () => {
  it('maps the files pdf.js asks for to site URLs', () => {
    for (const [kind, file] of [
      ['standardFontDataUrl', 'FoxitSerif.pfb'],
      ['standardFontDataUrl', 'LiberationSans-Regular.ttf'],
      ['cMapUrl', 'UniJIS-UCS2-H.bcmap'],
      ['wasmUrl', 'openjpeg.wasm'],
    ]) {
      const url = bundledAssetUrl(kind!, file!);
      expect(url, `${kind} ${file}`).toMatch(new RegExp(`^/.*${file!.replace('.', '\\.')}`));
    }
    expect(bundledAssetUrl('standardFontDataUrl', 'missing.pfb')).toBeUndefined();
    expect(bundledAssetUrl('other', 'FoxitSerif.pfb')).toBeUndefined();
  });
});
