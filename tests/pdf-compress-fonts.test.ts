/**
 * The compressor subsets a fully embedded TrueType font (with hb-subset; the
 * other kinds of font are in pdf-compress-font-kinds.test.ts): the output must be
 * far smaller, pass qpdf --check, extract the same text with pdf.js, draw
 * the same pixels, and keep the glyphs of every character shown. A font a
 * form field types with is left whole.
 */
import { describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, StandardFonts } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { compressPdf } from '../src/lib/pdf/compress';
import { INPUT_PATH, runQpdf } from '../src/lib/pdf/qpdf';
import { FONT_TEXT, fullFontPdf, meanDifference, renderPixels } from './fixtures/pdf-build/compress-inputs';
import { napiJpegCodec } from './fixtures/pdf-build/napi-codec';
import { pdfPageTexts } from './fixtures/pdf-build/pdf-text';

const ctx = { signal: new AbortController().signal, onProgress: () => {} };

/** Embedded TrueType font programs with their descriptor's FontName. */
async function fontFiles(bytes: Uint8Array): Promise<{ name: string; bytes: Uint8Array }[]> {
  const doc = await PDFDocument.load(bytes);
  const files = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || !object.has(PDFName.of('FontFile2'))) continue;
    const file = object.lookup(PDFName.of('FontFile2')) as PDFRawStream;
    files.push({ name: String(object.get(PDFName.of('FontName'))), bytes: decodePDFRawStream(file).decode() });
  }
  return files;
}

describe('subsetting a fully embedded TrueType font', () => {
  it('keeps only the glyphs shown, with the same text and look', async () => {
    const input = await fullFontPdf();
    const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    expect(result.kept).toBe(false);
    // DejaVu Sans is about 740 kB; two lines of text need a few kilobytes of it.
    expect(input.length).toBeGreaterThan(300_000);
    expect(result.bytes.length).toBeLessThan(60_000);
    expect((await runQpdf(['--check', INPUT_PATH], result.bytes)).code).toBe(0);
    expect(await pdfPageTexts(result.bytes)).toEqual(await pdfPageTexts(input));
    expect((await pdfPageTexts(result.bytes))[0].replace(/\s+/g, '')).toBe(FONT_TEXT.join('').replace(/\s+/g, ''));

    const page = { x: 0, y: 0, width: 400, height: 200 };
    const before = await renderPixels(input, 0, 2);
    const after = await renderPixels(result.bytes, 0, 2);
    expect(meanDifference(before, after, page)).toBeLessThan(0.5);

    const [font] = await fontFiles(result.bytes);
    expect(font.name).toMatch(/^\/[A-Z]{6}\+DejaVuSans/);
    // fontkit reads the subset: glyph ids are kept, the glyphs of the text still have outlines, others are empty.
    const [original] = await fontFiles(input);
    const full = fontkit.create(original.bytes as Buffer);
    const face = fontkit.create(font.bytes as Buffer);
    const shown = full.layout(FONT_TEXT.join('')).glyphs.filter((glyph) => glyph.id !== full.glyphForCodePoint(32).id);
    expect(shown.every((glyph) => face.getGlyph(glyph.id).path.toSVG() === glyph.path.toSVG() && glyph.path.toSVG().length > 0)).toBe(true);
    expect(face.getGlyph(full.glyphForCodePoint('Z'.codePointAt(0)!).id).path.toSVG()).toBe('');
  });

  it('follows text drawn inside a form XObject', async () => {
    const outer = await PDFDocument.create();
    const [embedded] = await outer.embedPdf(await fullFontPdf());
    outer.addPage([400, 200]).drawPage(embedded, { x: 0, y: 0 });
    const input = await outer.save();
    const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    expect(result.bytes.length).toBeLessThan(60_000);
    expect(await pdfPageTexts(result.bytes)).toEqual(await pdfPageTexts(input));
    const page = { x: 0, y: 0, width: 400, height: 200 };
    expect(meanDifference(await renderPixels(input, 0, 2), await renderPixels(result.bytes, 0, 2), page)).toBeLessThan(0.5);
  });

  it('leaves a font whole when a form field uses it', async () => {
    const doc = await PDFDocument.load(await fullFontPdf());
    const fontRef = (doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).values()[0];
    const form = doc.getForm();
    const field = form.createTextField('name');
    field.addToPage(doc.getPage(0), { x: 20, y: 40, width: 200, height: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
    // The form's default resources list the embedded font, so a reader may type any character with it.
    const dr = doc.context.obj({ Font: { DejaVu: fontRef } });
    doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict).set(PDFName.of('DR'), dr);
    const input = await doc.save();
    const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    const [before] = await fontFiles(input);
    const [after] = result.kept ? [before] : await fontFiles(result.bytes);
    expect(after.bytes.length).toBe(before.bytes.length);
    expect(after.name).toBe(before.name);
  });

  it("leaves a font whole when an annotation's appearance uses it, even through the page's own resources", async () => {
    const doc = await PDFDocument.load(await fullFontPdf());
    const page = doc.getPage(0);
    const resources = doc.context.register(page.node.Resources()!);
    page.node.set(PDFName.of('Resources'), resources);
    const fontName = (page.node.Resources()!.lookup(PDFName.of('Font')) as PDFDict).keys()[0];
    // A free-text note drawn with a glyph the page text never shows (Z).
    const appearance = doc.context.stream(`BT ${fontName} 12 Tf 2 4 Td <003D> Tj ET`, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 20], Resources: resources });
    const note = doc.context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: [20, 20, 120, 40], Contents: PDFString.of('Z'), DA: PDFString.of(`${fontName} 12 Tf`), AP: { N: doc.context.register(appearance) } });
    page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(note)]));
    const input = await doc.save();
    const result = await compressPdf(input, 'in.pdf', 'medium', napiJpegCodec, ctx);
    const [before] = await fontFiles(input);
    const [after] = result.kept ? [before] : await fontFiles(result.bytes);
    expect(after.bytes.length).toBe(before.bytes.length);
  });
});
