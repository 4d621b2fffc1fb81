import { describe, expect, it } from 'vitest';
import { decodePDFRawStream, degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFObject } from 'pdf-lib';
import { PNG } from 'pngjs';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput } from '../../tests/fixtures/pdf/make';
import { toolBySlug } from '../../tests/support/catalogue';
import { bytesToBase64 } from '../lib/image/signature-image';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import { framePoint, placementFrame } from '../lib/pdf/signature';
import { cropToUserSpace } from '../lib/pdf/page-box';
import esignPdfProcessor, { noPlacementMessage, noSignatureMessage } from './esign-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';

const esignPdf = asWorkerCalls(esignPdfProcessor);

/** Page 0: 600 x 800. Page 1: 600 x 800 turned 90 with CropBox [50 100 550 700]. Page 2: 300 x 400. Each has a line of text. */
async function threePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const sizes: [number, number][] = [[600, 800], [600, 800], [300, 400]];
  sizes.forEach((size, i) => {
    const page = doc.addPage(size);
    page.drawText(`Body of page ${i + 1}`, { x: 60, y: 150, size: 12, font });
  });
  doc.getPage(1).setCropBox(50, 100, 500, 600);
  doc.getPage(1).setRotation(degrees(90));
  return doc.save();
}

/** A solid PNG of the given size, base64 as the view sends it. */
function pngBase64(width: number, height: number): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([20, 30, 120, 255], i);
  return bytesToBase64(new Uint8Array(PNG.sync.write(png)));
}

function streamsOf(doc: PDFDocument, index: number): string[] {
  const contents = doc.getPage(index).node.get(PDFName.of('Contents'));
  const list: (PDFObject | undefined)[] = contents instanceof PDFArray ? contents.asArray() : [contents];
  return list.map((ref) => {
    const stream = ref && doc.context.lookup(ref);
    return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';
  });
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];

/** The user-space bounding box of every image painted (Do) by the content, following q/Q and cm. */
function paintedBoxes(content: string): number[][] {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  const numbers: number[] = [];
  const boxes: number[][] = [];
  for (const token of content.split(/\s+/)) {
    if (token === 'q') saved.push(ctm);
    else if (token === 'Q') ctm = saved.pop() ?? ctm;
    else if (token === 'cm') ctm = times(numbers.slice(-6) as Matrix, ctm);
    else if (token === 'Do') {
      const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => [x * ctm[0] + y * ctm[2] + ctm[4], x * ctm[1] + y * ctm[3] + ctm[5]]);
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      boxes.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((v) => Math.round(v * 100) / 100));
    }
    if (/^-?[\d.]+(e-?\d+)?$/.test(token)) numbers.push(Number(token));
  }
  return boxes;
}

function imageXObjects(doc: PDFDocument, index: number): { width: number; height: number }[] {
  const resources = doc.getPage(index).node.Resources();
  const xobjects = resources?.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict)) return [];
  return xobjects.values().flatMap((ref) => {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return [];
    const n = (key: string) => Number(stream.dict.get(PDFName.of(key))?.toString());
    return [{ width: n('Width'), height: n('Height') }];
  });
}

describe('esign-pdf', () => {
  it('stamps a PNG signature on the chosen page only, at the placed box', async () => {
    const input = await threePages();
    const copy = input.slice();
    const placement = { page: 0, x: 0.5, y: 0.75, width: 0.4, height: 0.1 };
    const [out] = await esignPdf([pdfInput(input)], { signatureImage: pngBase64(240, 80), placement }, ctx());
    expect(input).toEqual(copy);

    const before = await PDFDocument.load(input);
    const after = await PDFDocument.load(out.bytes);
    expect(after.getPageCount()).toBe(3);
    expect(imageXObjects(before, 0)).toEqual([]);
    expect(imageXObjects(after, 0)).toEqual([{ width: 240, height: 80 }]);
    // 0.4 x 600 = 240 wide, 0.1 x 800 = 80 high, from x 300 and 0.75..0.85 from the top (y 120..200).
    expect(paintedBoxes(streamsOf(after, 0).join('\n'))).toEqual([[300, 120, 540, 200]]);
    // The original content stream of the signed page is kept as it was, and the other pages are untouched.
    expect(streamsOf(after, 0)).toEqual(expect.arrayContaining(streamsOf(before, 0)));
    expect(streamsOf(after, 1)).toEqual(streamsOf(before, 1));
    expect(streamsOf(after, 2)).toEqual(streamsOf(before, 2));
    expect(imageXObjects(after, 1)).toEqual([]);
    expect(out.meta).toEqual({ pageCount: 3, signedPage: 1 });
  });

  it('maps the box on a page turned 90 degrees with a CropBox offset, and turns the picture with the page', async () => {
    const input = await threePages();
    // On screen the page is 600 wide (CropBox height) and 500 high (CropBox width).
    const placement = { page: 1, x: 0.1, y: 0.2, width: 0.5, height: 0.2 };
    const [out] = await esignPdf([pdfInput(input)], { signatureImage: pngBase64(300, 100), placement }, ctx());
    const after = await PDFDocument.load(out.bytes);
    // Screen-bottom-left (0.1, 0.4) is user (50 + 0.4 x 500, 100 + 0.1 x 600) = (250, 160);
    // 300 pt along screen-right = user +y, 100 pt along screen-up = user -x.
    expect(paintedBoxes(streamsOf(after, 1).join('\n'))).toEqual([[150, 160, 250, 460]]);
    expect(placementFrame({ x: 50, y: 100, width: 500, height: 600 }, 90, placement)).toMatchObject({ x: 250, y: 160, width: 300, height: 100 });
    expect(streamsOf(after, 0)).toEqual(streamsOf(await PDFDocument.load(input), 0));
  });

  it('agrees with cropToUserSpace (used by crop-pdf) about where a box is for every /Rotate', () => {
    const visible = { x: 50, y: 100, width: 500, height: 600 };
    const placement = { page: 0, x: 0.15, y: 0.3, width: 0.4, height: 0.25 };
    for (const rotation of [0, 90, 180, 270]) {
      const frame = placementFrame(visible, rotation, placement);
      const corners = [[0, 0], [frame.width, 0], [0, frame.height], [frame.width, frame.height]].map(([dx, dy]) => framePoint(frame, dx, dy));
      const xs = corners.map((c) => c.x);
      const ys = corners.map((c) => c.y);
      const box = cropToUserSpace(visible, rotation, placement);
      expect(Math.min(...xs)).toBeCloseTo(box.x);
      expect(Math.min(...ys)).toBeCloseTo(box.y);
      expect(Math.max(...xs)).toBeCloseTo(box.x + box.width);
      expect(Math.max(...ys)).toBeCloseTo(box.y + box.height);
    }
  });

  it('writes a typed signature and the date line as text pdf.js reads back, on that page only', async () => {
    const input = await threePages();
    const placement = { page: 2, x: 0.1, y: 0.1, width: 0.6, height: 0.2 };
    const options = { signatureText: 'Zoë Ångström', signatureFont: 'boldItalic', placement, date: '21 November 2025' };
    const [out] = await esignPdf([pdfInput(input)], options, ctx());
    const texts = await pdfPageTexts(out.bytes);
    expect(texts).toHaveLength(3);
    expect(texts[2]).toContain('Zoë Ångström');
    expect(texts[2]).toContain('21 November 2025');
    expect(texts[2]).toContain('Body of page 3');
    expect(texts[0]).toBe('Body of page 1');
    expect(texts[1]).toBe('Body of page 2');
    const after = await PDFDocument.load(out.bytes);
    const before = await PDFDocument.load(input);
    expect(streamsOf(after, 0)).toEqual(streamsOf(before, 0));
    expect(streamsOf(after, 1)).toEqual(streamsOf(before, 1));
  });

  it('turns typed text with a rotated page so it reads upright', async () => {
    const input = await threePages();
    const [out] = await esignPdf([pdfInput(input)], { signatureText: 'Ann Lee', placement: { page: 1, x: 0.5, y: 0.7, width: 0.4, height: 0.15 } }, ctx());
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: out.bytes.slice(), verbosity: 0 }).promise;
    const content = await (await doc.getPage(2)).getTextContent();
    const item = content.items.find((i) => 'str' in i && i.str.includes('Ann Lee'));
    expect(item).toBeDefined();
    const [a, b] = (item as { transform: number[] }).transform;
    // Drawn along user +y, which a 90-degree page shows left to right.
    expect(Math.abs(a)).toBeLessThan(0.001);
    expect(b).toBeGreaterThan(1);
    await doc.destroy();
  });

  it('removes active content from the signed file', async () => {
    const doc = await PDFDocument.load(await threePages());
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: 'app.alert(1)' }));
    const [out] = await esignPdf([pdfInput(await doc.save())], { signatureText: 'A', placement: { page: 0, x: 0, y: 0, width: 0.2, height: 0.1 } }, ctx());
    expect(Buffer.from(out.bytes).toString('latin1')).not.toContain('JavaScript');
  });

  it('refuses a missing signature or placement with the exact messages, as the manifest says them', async () => {
    const input = pdfInput(await threePages());
    const placement = { page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.1 };
    await expect(esignPdf([input], { placement }, ctx())).rejects.toThrow(noSignatureMessage());
    await expect(esignPdf([input], { signatureText: '   ', placement }, ctx())).rejects.toThrow('Please draw, type or upload a signature first.');
    await expect(esignPdf([input], { signatureText: 'Ann' }, ctx())).rejects.toThrow('Click the page preview to place your signature.');
    await expect(esignPdf([input], { signatureText: 'Ann', placement: { ...placement, width: 0 } }, ctx())).rejects.toThrow(noPlacementMessage());
    await expect(esignPdf([input], { signatureText: 'Ann', placement: { ...placement, page: 3 } }, ctx())).rejects.toThrow(
      'Page 4 does not exist in this PDF, which has 3 pages.',
    );
    const messages = toolBySlug('esign-pdf')!.messages;
    expect(messages.noSignature).toBe(noSignatureMessage());
    expect(messages.noPlacement).toBe(noPlacementMessage());
  });

  it('refuses bad signatures: not base64, not an image, too many pixels, too long, glyphs the font lacks', async () => {
    const input = pdfInput(await threePages());
    const placement = { page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.1 };
    const run = (options: Record<string, string>) => esignPdf([input], { ...options, placement }, ctx());
    await expect(run({ signatureImage: 'not base64!' })).rejects.toThrow('The signature image could not be read. Please draw or upload your signature again.');
    await expect(run({ signatureImage: bytesToBase64(new TextEncoder().encode('GIF89a......')) })).rejects.toThrow(
      'The signature image is not a PNG or JPG image. Please choose a PNG or JPG picture of your signature.',
    );
    // A 33-byte PNG header claiming 50000 x 20 pixels is refused before anything decodes it.
    const header = new Uint8Array(PNG.sync.write(new PNG({ width: 1, height: 1 })).subarray(0, 33));
    new DataView(header.buffer).setUint32(16, 50000);
    await expect(run({ signatureImage: bytesToBase64(header) })).rejects.toThrow(
      'The signature image is 50000 x 1 pixels; a signature picture can be at most 4000 pixels a side. Please choose a smaller picture.',
    );
    await expect(run({ signatureText: 'x'.repeat(101) })).rejects.toThrow('Your typed signature is longer than 100 characters. Please shorten it.');
    await expect(run({ signatureText: '山田太郎' })).rejects.toThrow(
      'Your typed signature contains characters the signature font cannot show (山 田 太 郎). Please use Latin, Greek or Cyrillic letters.',
    );
  });

  it('refuses encrypted, damaged and non-PDF input with the project messages', async () => {
    const options = { signatureText: 'Ann', placement: { page: 0, x: 0.1, y: 0.1, width: 0.3, height: 0.1 } };
    const locked = await encryptedPdf(await threePages(), 'secret1');
    await expect(esignPdf([pdfInput(locked)], options, ctx())).rejects.toThrow(encryptedMessage());
    await expect(esignPdf([pdfInput(NOT_A_PDF, 'notes.pdf')], options, ctx())).rejects.toThrow(notPdfMessage('notes.pdf'));
    const cut = (await threePages()).slice(0, 200);
    await expect(esignPdf([pdfInput(cut, 'cut.pdf')], options, ctx())).rejects.toThrow(/cut\.pdf/);
  });
});
