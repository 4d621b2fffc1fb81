import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import pngToPdfProcessor from './png-to-pdf';
import { asWorkerCalls, type RawRun } from '../../tests/support/run-processor';
import { halfTransparentPng } from '../../tests/fixtures/pdf-build/images';
import { renderPage } from '../../tests/fixtures/pdf-build/render';

const run = asWorkerCalls(pngToPdfProcessor);
/** A run with the manifest's defaults unless the test sets a value. */
const pngToPdf: RawRun = (inputs, raw, context) => run(inputs, { pageSize: 'a4', orientation: 'auto', margin: 'none', ...raw }, context);

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const file = (name: string, bytes: Uint8Array) => ({ name, type: 'image/png', bytes });

describe('png-to-pdf', () => {
  it('makes a page per PNG and keeps transparency as a soft mask', async () => {
    const inputs = [file('a.png', halfTransparentPng(120, 80)), file('b.png', halfTransparentPng(80, 120))];
    const [out] = await pngToPdf(inputs, { pageSize: 'fit' }, ctx);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 90, height: 60 });
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.some((image) => image.dict.get(PDFName.of('SMask')) !== undefined)).toBe(true);
    const page = await renderPage(out.bytes, 0, 1);
    const [r, g, b] = page.at(0.25, 0.5);
    expect(g > 200 && r < 60 && b < 60).toBe(true);
    // The transparent half shows the white page through.
    expect(page.at(0.75, 0.5).slice(0, 3)).toEqual([255, 255, 255]);
    expect(doc.getPage(0).node.Resources()).toBeInstanceOf(PDFDict);
  });

  // An empty list is the run core's to refuse, with the manifest's message (src/processors/no-file.test.ts).
  it('refuses a JPEG given as PNG and a damaged PNG, naming the file', async () => {
    const damaged = halfTransparentPng(50, 50).slice(0, 60);
    await expect(pngToPdf([file('broken.png', damaged)], {}, ctx)).rejects.toMatchObject({ name: 'ToolError', message: expect.stringContaining('broken.png') });
    await expect(pngToPdf([file('photo.png', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))], {}, ctx)).rejects.toThrow(/photo\.png is not a PNG/);
  });
});
