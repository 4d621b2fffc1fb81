import { describe, expect, it } from 'vitest';
import { degrees, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, rgb, decodePDFRawStream } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput } from '../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { renderPage } from '../../tests/fixtures/pdf-build/render';
import { halfTransparentPng, twoToneJpeg } from '../../tests/fixtures/pdf-build/images';
import { emptyEditsMessage } from '../lib/pdf/annotate';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import editPdfProcessor, { type PdfEdit } from './edit-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';

const editPdf = asWorkerCalls(editPdfProcessor);

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const run = (bytes: Uint8Array, edits: PdfEdit[]) => editPdf([pdfInput(bytes)], { edits }, ctx());

/** Pages filled black, so white-out and drawn colours show when rendered. */
async function blackPages(sizes: [number, number][], setup?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const [w, h] of sizes) doc.addPage([w, h]).drawRectangle({ x: 0, y: 0, width: w, height: h, color: rgb(0, 0, 0) });
  setup?.(doc);
  return doc.save();
}

/** The distinct image XObjects a page's resources refer to. */
function imageXObjects(doc: PDFDocument, index: number): string[] {
  const resources = doc.getPage(index).node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  return xobjects
    .entries()
    .filter(([, ref]) => doc.context.lookup(ref, PDFStream).dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map(([, ref]) => ref.toString())
    .filter((ref, i, all) => all.indexOf(ref) === i);
}

/** The decoded text of every content stream of a page. */
function contentText(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.Contents();
  const streams = contents instanceof PDFStream ? [contents] : (contents?.asArray() ?? []).map((r) => doc.context.lookup(r, PDFStream));
  return streams
    .map((s) => new TextDecoder('latin1').decode(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : (s as PDFStream).getContents()))
    .join('\n');
}

const isWhite = (p: number[]) => p[0] > 240 && p[1] > 240 && p[2] > 240;
const isBlack = (p: number[]) => p[0] < 20 && p[1] < 20 && p[2] < 20;

describe('edit-pdf', () => {
  it('adds text, white-out, a rectangle and an image; the page count stays and the text reads back on its page', async () => {
    const input = await blackPages([[600, 800], [600, 800], [600, 800]]);
    const copy = input.slice();
    const edits: PdfEdit[] = [
      { page: 1, kind: 'whiteout', x: 0.1, y: 0.1, width: 0.8, height: 0.2 },
      { page: 1, kind: 'text', x: 0.1, y: 0.1, width: 0.8, height: 0.1, text: 'Hello FileDesk Ελληνικά Кириллица', fontSize: 18, color: '#ff0000' },
      { page: 2, kind: 'rect', x: 0.5, y: 0.5, width: 0.25, height: 0.25, color: '#00ff00', strokeWidth: 6 },
      { page: 0, kind: 'image', x: 0.5, y: 0, width: 0.5, height: 0.5, imageBase64: `data:image/jpeg;base64,${b64(twoToneJpeg(40, 40))}` },
    ];
    const [out] = await run(input, edits);
    expect(input).toEqual(copy);
    expect(out.type).toBe('application/pdf');
    expect(out.meta).toEqual({ pageCount: 3, edits: 4 });

    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(3);
    const texts = await pdfPageTexts(out.bytes);
    expect(texts[1]).toContain('Hello FileDesk Ελληνικά Кириллица');
    expect(texts[0]).not.toContain('Hello');
    expect(texts[2]).not.toContain('Hello');
    expect(imageXObjects(doc, 0)).toHaveLength(1);
    expect(imageXObjects(doc, 1)).toHaveLength(0);

    const page1 = await renderPage(out.bytes, 1, 1);
    expect(isWhite(page1.at(0.85, 0.25))).toBe(true); // white-out, right of the text
    expect(isBlack(page1.at(0.05, 0.25))).toBe(true); // outside it
    const page2 = await renderPage(out.bytes, 2, 1);
    const edge = page2.at(0.5, 0.625); // the left edge of the rectangle
    expect(edge[1]).toBeGreaterThan(200);
    expect(edge[0]).toBeLessThan(60);
    expect(isBlack(page2.at(0.625, 0.625))).toBe(true); // outlined, not filled
    const page0 = await renderPage(out.bytes, 0, 1);
    const top = page0.at(0.75, 0.1);
    const bottom = page0.at(0.75, 0.4);
    expect(top[0]).toBeGreaterThan(200); // the red half of the picture, upright
    expect(bottom[2]).toBeGreaterThan(200); // the blue half
    expect(isBlack(page0.at(0.25, 0.25))).toBe(true);
  });

  it('places objects where they were drawn on rotated pages with a CropBox offset', async () => {
    const input = await blackPages([[600, 800], [600, 800], [600, 800]], (doc) => {
      doc.getPage(0).setRotation(degrees(90));
      doc.getPage(1).setRotation(degrees(180));
      const third = doc.getPage(2);
      third.setRotation(degrees(270));
      third.setCropBox(100, 100, 400, 600);
    });
    // The top-left quarter of each page as shown.
    const quarter = (page: number): PdfEdit => ({ page, kind: 'whiteout', x: 0, y: 0, width: 0.5, height: 0.5 });
    const [out] = await run(input, [quarter(0), quarter(1), quarter(2)]);
    for (const index of [0, 1, 2]) {
      const shown = await renderPage(out.bytes, index, 0.5);
      expect(isWhite(shown.at(0.2, 0.2)), `page ${index + 1} top left`).toBe(true);
      expect(isBlack(shown.at(0.8, 0.2)), `page ${index + 1} top right`).toBe(true);
      expect(isBlack(shown.at(0.2, 0.8)), `page ${index + 1} bottom left`).toBe(true);
      expect(isBlack(shown.at(0.8, 0.8)), `page ${index + 1} bottom right`).toBe(true);
    }
    const doc = await PDFDocument.load(out.bytes);
    // Display space to user space: /Rotate 90 maps (X, Y) to (600 - Y, X); 270 inside the CropBox to (100 + Y, 700 - X).
    expect(contentText(doc, 0)).toMatch(/(^|\s)0 1 -1 0 600 0 cm\s/);
    expect(contentText(doc, 1)).toMatch(/(^|\s)-1 0 0 -1 600 800 cm\s/);
    expect(contentText(doc, 2)).toMatch(/(^|\s)0 -1 1 0 100 700 cm\s/);
  });

  it('keeps text upright and extractable on a rotated page, and draws ellipses and lines in colour', async () => {
    const input = await blackPages([[600, 800]], (doc) => doc.getPage(0).setRotation(degrees(90)));
    const [out] = await run(input, [
      { page: 0, kind: 'text', x: 0.05, y: 0.05, width: 0.9, height: 0.1, text: 'Sideways page', fontSize: 24, color: '#ffffff' },
      { page: 0, kind: 'ellipse', x: 0.5, y: 0.5, width: 0.4, height: 0.4, color: '#0000ff', strokeWidth: 8 },
      { page: 0, kind: 'line', x: 0.1, y: 0.9, width: 0.3, height: 0, color: '#ffff00', strokeWidth: 10 },
    ]);
    expect((await pdfPageTexts(out.bytes))[0]).toContain('Sideways page');
    const shown = await renderPage(out.bytes, 0, 1);
    expect(shown.at(0.5, 0.7)[2]).toBeGreaterThan(200); // the ellipse's left edge, x = 0.5
    expect(isBlack(shown.at(0.7, 0.7))).toBe(true); // its middle stays unfilled
    const line = shown.at(0.25, 0.9);
    expect(line[0] > 200 && line[1] > 200 && line[2] < 60).toBe(true);
  });

  it('embeds a picture used twice once, and keeps PNG transparency', async () => {
    const input = await blackPages([[300, 300]]);
    const png = b64(halfTransparentPng(20, 20));
    const [out] = await run(input, [
      { page: 0, kind: 'image', x: 0, y: 0, width: 0.5, height: 0.5, imageBase64: png },
      { page: 0, kind: 'image', x: 0.5, y: 0.5, width: 0.5, height: 0.5, imageBase64: png },
    ]);
    const doc = await PDFDocument.load(out.bytes);
    expect(imageXObjects(doc, 0)).toHaveLength(1);
    const shown = await renderPage(out.bytes, 0, 1);
    expect(shown.at(0.1, 0.25)[1]).toBeGreaterThan(200); // the opaque green half
    expect(isBlack(shown.at(0.4, 0.25))).toBe(true); // the transparent half shows the page
    expect(shown.at(0.6, 0.75)[1]).toBeGreaterThan(200);
  });

  it('refuses no edits, encrypted and non-PDF files with the exact messages', async () => {
    const input = await blackPages([[200, 200]]);
    await expect(run(input, [])).rejects.toThrow(emptyEditsMessage());
    expect(emptyEditsMessage()).toBe('Add at least one edit before saving.');
    await expect(editPdf([pdfInput(input)], {}, ctx())).rejects.toThrow('Add at least one edit before saving.');
    const edits: PdfEdit[] = [{ page: 0, kind: 'rect', x: 0, y: 0, width: 0.5, height: 0.5 }];
    const locked = await encryptedPdf(input, 'secret1');
    await expect(run(locked, edits)).rejects.toThrow(encryptedMessage());
    await expect(editPdf([pdfInput(NOT_A_PDF, 'x.png')], { edits }, ctx())).rejects.toThrow(notPdfMessage('x.png'));
  });

  it('says what is wrong with a bad edit', async () => {
    const input = await blackPages([[200, 200], [200, 200]]);
    const box = { x: 0.1, y: 0.1, width: 0.3, height: 0.3 };
    await expect(run(input, [{ page: 2, kind: 'rect', ...box }])).rejects.toThrow('Edit 1 is on page 3, but this PDF has 2 pages.');
    await expect(run(input, [{ page: 0, kind: 'text', ...box, text: '  ' }])).rejects.toThrow(
      'A text box on page 1 is empty. Please type some text or delete the box.',
    );
    await expect(run(input, [{ page: 1, kind: 'text', ...box, text: 'Hi 你好' }])).rejects.toThrow(
      'A text box on page 2 has characters the font cannot show (你 好).',
    );
    await expect(run(input, [{ page: 0, kind: 'rect', ...box, color: 'red' }])).rejects.toThrow('Edit 1 has a colour that is not of the form #rrggbb.');
    await expect(run(input, [{ page: 0, kind: 'rect', ...box, x: 0.9 }])).rejects.toThrow('Edit 1 lies partly outside page 1.');
    await expect(run(input, [{ page: 0, kind: 'text', ...box, text: 'x', fontSize: 500 }])).rejects.toThrow(
      'Edit 1 has a font size outside 4 to 200 pt.',
    );
    await expect(run(input, [{ page: 0, kind: 'image', ...box, imageBase64: b64(new TextEncoder().encode('GIF89a not a png')) }])).rejects.toThrow(
      'The image on page 1 is not a PNG or JPEG image. Please choose a PNG or JPEG image.',
    );
  });

  it('refuses a small PNG that claims a huge size from its header, before decoding it', async () => {
    const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0xc3, 0x50, 0, 0, 0xc3, 0x50, 8, 6, 0, 0, 0]);
    const input = await blackPages([[200, 200]]);
    await expect(run(input, [{ page: 0, kind: 'image', x: 0, y: 0, width: 0.5, height: 0.5, imageBase64: b64(header) }])).rejects.toThrow(
      'The image on page 1 is 50000 x 50000 pixels, too large to add.',
    );
  });

  it('removes scripts from the saved file', async () => {
    const input = await blackPages([[200, 200]], (doc) => {
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' }));
    });
    const [out] = await run(input, [{ page: 0, kind: 'whiteout', x: 0, y: 0, width: 1, height: 1 }]);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
  });
});
