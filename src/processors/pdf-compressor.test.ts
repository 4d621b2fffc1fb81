import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString } from 'pdf-lib';
import { createPdfCompressor } from './pdf-compressor';
import { napiJpegCodec } from '../../tests/fixtures/pdf-build/napi-codec';
import { imageHeavyPdf, noisePng, tinyTextPdf } from '../../tests/fixtures/pdf-build/build';
import { pdfPageTexts, pdfText } from '../../tests/fixtures/pdf-build/pdf-text';
import { encryptedPdf, isEncrypted, qpdfChecks, restrictedPdf } from '../../tests/fixtures/pdf/make';
import { encryptedMessage } from '../lib/pdf/load';

// These tests are about the pdf-lib path; the two-engine choice is tested in pdf-compressor-engines.test.ts.
const compressor = createPdfCompressor(napiJpegCodec, null);
/** Runs the compressor as the worker does: the options parsed with its schema first. */
const compress = (inputs: Parameters<typeof compressor.run>[0], values: Record<string, unknown>, context: Parameters<typeof compressor.run>[2]) =>
  compressor.run(inputs, compressor.options.parse(values), context);
const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const pdf = (bytes: Uint8Array, name = 'report.pdf') => [{ name, type: 'application/pdf', bytes }];

function images(doc: PDFDocument) {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => ({
      width: (stream.dict.get(PDFName.of('Width')) as PDFNumber).asNumber(),
      filter: String(stream.dict.get(PDFName.of('Filter'))),
      smask: stream.dict.has(PDFName.of('SMask')),
      bytes: stream.contents.length,
    }));
}

describe('pdf-compressor', () => {
  it('shrinks an image-heavy PDF, more at high than at medium, keeping pages, text, links and bookmarks', async () => {
    const input = await imageHeavyPdf({ pages: 2, imageWidth: 2000, imageHeight: 1500, drawWidth: 300 });
    const before = input.slice();
    const [medium] = await compress(pdf(input), { level: 'medium' }, ctx);
    const [high] = await compress(pdf(input), { level: 'high' }, ctx);
    const [low] = await compress(pdf(input), { level: 'low' }, ctx);
    expect(Buffer.compare(input, before)).toBe(0);
    expect(medium.bytes.length).toBeLessThan(input.length);
    expect(high.bytes.length).toBeLessThan(medium.bytes.length);
    expect(medium.bytes.length).toBeLessThan(low.bytes.length);
    expect(medium.meta).toMatchObject({ originalSize: input.length, compressedSize: medium.bytes.length, kept: 0, imagesRecompressed: 2 });
    expect(Number(medium.meta?.compressionRatio)).toBeGreaterThan(50);

    const doc = await PDFDocument.load(medium.bytes);
    expect(doc.getPageCount()).toBe(2);
    // 2000 px drawn 300 pt (4.17 in) wide is 480 dpi; at 150 dpi it becomes 625 px.
    expect(images(doc).map((image) => image.width)).toEqual([625, 625]);
    expect(images(doc).every((image) => image.filter === '/DCTDecode')).toBe(true);
    const highDoc = await PDFDocument.load(high.bytes);
    expect(images(highDoc).map((image) => image.width)).toEqual([400, 400]);

    const text = await pdfText(medium.bytes);
    expect(text).toContain('Quarterly report page 1');
    expect(text).toContain('Quarterly report page 2');
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'));
    expect(annots).toBeDefined();
    const outlines = doc.catalog.lookup(PDFName.of('Outlines'));
    expect(outlines).toBeInstanceOf(PDFDict);
  });

  it('returns a text-only PDF unchanged and marks it as already optimised', async () => {
    const input = await tinyTextPdf();
    const [out] = await compress(pdf(input), { level: 'high' }, ctx);
    expect(out.meta?.kept).toBe(1);
    expect(Buffer.compare(out.bytes, input)).toBe(0);
    expect(out.meta).toMatchObject({ originalSize: input.length, compressedSize: input.length, compressionRatio: 0 });
  });

  it('re-encodes Flate images, keeping the soft mask of a transparent one as it was', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const opaque = await doc.embedPng(noisePng(1200, 900, false));
    const translucent = await doc.embedPng(noisePng(600, 450, true));
    page.drawImage(opaque, { x: 0, y: 400, width: 200, height: 150 });
    page.drawImage(translucent, { x: 0, y: 0, width: 200, height: 150 });
    const input = await doc.save();
    const maskBefore = images(doc).find((image) => image.filter === '/FlateDecode' && image.width === 600 && !image.smask);
    const [out] = await compress(pdf(input), {}, ctx);
    expect(out.meta?.kept).toBe(0);
    const result = images(await PDFDocument.load(out.bytes));
    // 1200 px over 200 pt is 432 dpi; medium takes it to 150 dpi (417 px) as a JPEG.
    expect(result.filter((image) => image.filter === '/DCTDecode' && !image.smask).map((image) => image.width)).toEqual([417]);
    // 600 px over 200 pt is 216 dpi, also taken to 417 px. Its soft mask (a ramp that Flate stores in 1.4 kB)
    // would only grow if resampled, so the original mask is carried over byte for byte.
    expect(result.filter((image) => image.smask).map((image) => [image.filter, image.width])).toEqual([['/DCTDecode', 417]]);
    const mask = result.find((image) => image.filter === '/FlateDecode');
    expect(mask).toEqual(maskBefore);
  });

  it('follows form XObjects to find how large an image is drawn', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const image = await doc.embedJpg((await import('../../tests/fixtures/pdf-build/images')).noiseJpeg(1600, 1200));
    const embedded = await doc.embedPage(await (async () => {
      const inner = await PDFDocument.create();
      const innerPage = inner.addPage([400, 300]);
      const innerImage = await inner.embedJpg((await import('../../tests/fixtures/pdf-build/images')).noiseJpeg(1600, 1200, 90, 5));
      innerPage.drawImage(innerImage, { x: 0, y: 0, width: 400, height: 300 });
      return (await PDFDocument.load(await inner.save())).getPage(0);
    })());
    // The form's image is 1600 px over 400 pt, then the form is drawn at half size: 200 pt, 576 dpi.
    page.drawPage(embedded, { x: 0, y: 0, xScale: 0.5, yScale: 0.5 });
    page.drawImage(image, { x: 0, y: 500, width: 400, height: 300 });
    const [out] = await compress(pdf(await doc.save()), { level: 'high' }, ctx);
    const widths = images(await PDFDocument.load(out.bytes)).map((entry) => entry.width).sort((a, b) => a - b);
    // 200 pt at 96 dpi = 267 px; 400 pt at 96 dpi = 533 px.
    expect(widths).toEqual([267, 533]);
  });

  it('compresses a restrictions-only PDF (no open password) with its pages and text, and puts its owner restrictions back before measuring', async () => {
    const plain = await imageHeavyPdf({ pages: 2, imageWidth: 800, imageHeight: 600, drawWidth: 200 });
    const input = await restrictedPdf(plain, 'AES-128 (R4)');
    const copy = input.slice();
    const [out] = await compress(pdf(input), { level: 'medium' }, ctx);
    expect(input).toEqual(copy);
    expect(compressor.ownsEncryption).toBe(true);
    // The figures are those of the file handed out, encrypted as the original was.
    expect(out.meta).toMatchObject({ originalSize: input.length, compressedSize: out.bytes.length, kept: 0, imagesRecompressed: 2 });
    expect(out.bytes.length).toBeLessThan(input.length);
    expect(await isEncrypted(out.bytes)).toBe(true);
    expect(out.note).toBe("Kept the owner's restrictions: printing and editing stay off, as in the original.");
    expect(await pdfPageTexts(out.bytes)).toEqual(['Quarterly report page 1', 'Quarterly report page 2']);
    expect(await qpdfChecks(out.bytes)).toBe(true);
  }, 60_000);

  it('hands back a restrictions-only PDF it keeps exactly as it came, not its decrypted copy', async () => {
    const input = await restrictedPdf(await tinyTextPdf(), 'AES-256 (R6)');
    const [out] = await compress(pdf(input), { targetSize: true, targetMb: 1 }, ctx);
    expect(out.meta).toMatchObject({ kept: 1, originalSize: input.length, compressedSize: input.length });
    expect(Buffer.compare(out.bytes, input)).toBe(0);
    expect(out.note).toBe("Kept the owner's restrictions: printing and editing stay off, as in the original.");
  });

  it('refuses a PDF that needs a password to open with the unlock message', async () => {
    const locked = await encryptedPdf(await tinyTextPdf(), 'secret1');
    await expect(compress(pdf(locked), {}, ctx)).rejects.toMatchObject({ message: encryptedMessage(), link: { href: '/tools/unlock-pdf' } });
    await expect(compress(pdf(locked), { targetSize: true, targetMb: 0.1 }, ctx)).rejects.toMatchObject({ message: encryptedMessage() });
  });

  it('refuses files that are not PDFs, naming them', async () => {
    await expect(compress(pdf(new TextEncoder().encode('just text'), 'notes.pdf'), {}, ctx)).rejects.toThrow('The file notes.pdf is not a PDF. Please choose a PDF file.');
  });

  it('removes scripts and auto-run actions, even when that does not make the file smaller', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const js = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
    doc.catalog.set(PDFName.of('OpenAction'), js);
    doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: js }));
    const input = await doc.save({ useObjectStreams: false });
    const [out] = await compress(pdf(input), { level: 'medium' }, ctx);
    expect(out.meta?.kept).toBe(0);
    const text = new TextDecoder('latin1').decode(out.bytes);
    expect(text).not.toContain('/JavaScript');
    const reloaded = await PDFDocument.load(out.bytes);
    expect(reloaded.catalog.has(PDFName.of('OpenAction'))).toBe(false);
    expect(reloaded.getPage(0).node.has(PDFName.of('AA'))).toBe(false);
  });
});
