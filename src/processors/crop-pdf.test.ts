import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument, PDFName } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, numberedPdf, pdfInput } from '../../tests/fixtures/pdf/make';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import cropPdfProcessor, { options } from './crop-pdf';
import { asWorkerCalls, type RawRun } from '../../tests/support/run-processor';

const run = asWorkerCalls(cropPdfProcessor);
/** A run with the manifest's default applyTo unless the test sets it. */
const cropPdf: RawRun = (inputs, raw, context) => run(inputs, { applyTo: 'all', ...raw }, context);

const MM = 72 / 25.4;

/** Page 0: 600 x 800 at the origin. Page 1: MediaBox [10 20 610 820] rotated 90. Page 2: a CropBox inside its MediaBox. */
async function threePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([600, 800]);
  const rotated = doc.addPage([600, 800]);
  rotated.setMediaBox(10, 20, 600, 800);
  rotated.setRotation(degrees(90));
  const cropped = doc.addPage([600, 800]);
  cropped.setCropBox(50, 100, 400, 500);
  return doc.save();
}

async function boxes(bytes: Uint8Array, name: 'CropBox' | 'TrimBox' = 'CropBox'): Promise<(number[] | undefined)[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const raw = page.node.get(PDFName.of(name));
    if (!raw) return undefined;
    const box = name === 'CropBox' ? page.getCropBox() : page.getTrimBox();
    return [box.x, box.y, box.x + box.width, box.y + box.height].map((n) => Math.round(n * 100) / 100);
  });
}

describe('crop-pdf', () => {
  it('maps a drawn box to the CropBox and TrimBox of unrotated, rotated and already-cropped pages', async () => {
    const input = await threePages();
    const copy = input.slice();
    const [out] = await cropPdf([pdfInput(input)], { crop: { x: 0.1, y: 0.2, width: 0.5, height: 0.25 }, applyTo: 'all' }, ctx());
    const crop = await boxes(out.bytes);
    // Unrotated: x 60..360; from the top 20%..45% of 800 is y 640 down to 440.
    expect(crop[0]).toEqual([60, 440, 360, 640]);
    // Rotated 90 clockwise: screen x runs along page y, screen y along page x (800 wide, 600 high on screen).
    expect(crop[1]).toEqual([130, 100, 280, 500]);
    // Measured inside the existing CropBox [50 100 450 600].
    expect(crop[2]).toEqual([90, 375, 290, 500]);
    expect(await boxes(out.bytes, 'TrimBox')).toEqual(crop);
    expect(out.meta).toEqual({ pageCount: 3, croppedPages: 3 });
    expect(input).toEqual(copy);
  });

  it('crops only the chosen page in "current" mode', async () => {
    const input = await threePages();
    const [out] = await cropPdf([pdfInput(input)], { crop: { x: 0, y: 0, width: 0.5, height: 0.5 }, applyTo: 'current', page: 1 }, ctx());
    const crop = await boxes(out.bytes);
    expect(crop[0]).toBeUndefined();
    expect(crop[1]).toEqual([10, 20, 310, 420]);
    expect(crop[2]).toEqual([50, 100, 450, 600]);
    expect((await boxes(out.bytes, 'TrimBox'))[2]).toBeUndefined();
    await expect(cropPdf([pdfInput(input)], { crop: { x: 0, y: 0, width: 1, height: 1 }, applyTo: 'current', page: 3 }, ctx())).rejects.toThrow(
      'Page 4 does not exist in this PDF, which has 3 pages.',
    );
  });

  it('crops margins in millimetres as the page is displayed', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]);
    doc.addPage([600, 800]).setRotation(degrees(90));
    const [out] = await cropPdf([pdfInput(await doc.save())], { top: 20, right: 0, bottom: 0, left: 10 }, ctx());
    const [plain, rotated] = await boxes(out.bytes);
    const r = (n: number) => Math.round(n * 100) / 100;
    expect(plain).toEqual([r(10 * MM), 0, 600, r(800 - 20 * MM)]);
    // On a page rotated 90, the displayed top edge is the page's left edge and the displayed left is its bottom.
    expect(rotated).toEqual([r(20 * MM), r(10 * MM), 600, 800]);
  });

  it('crops a page with an empty MediaBox as readers show it, as US Letter', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([600, 800]).node.set(PDFName.of('MediaBox'), doc.context.obj([0, 0, 0, 0]));
    const [out] = await cropPdf([pdfInput(await doc.save())], { crop: { x: 0, y: 0.5, width: 0.5, height: 0.5 } }, ctx());
    expect(await boxes(out.bytes)).toEqual([[0, 0, 306, 396]]);
    const media = (await PDFDocument.load(out.bytes)).getPage(0).getMediaBox();
    expect([media.width, media.height]).toEqual([612, 792]);
  });

  it('rejects empty boxes and margins larger than the page', async () => {
    const input = pdfInput(await numberedPdf(1));
    for (const crop of [{ x: 0.2, y: 0.2, width: 0, height: 0.5 }, { x: 1, y: 0, width: 0.5, height: 0.5 }]) {
      await expect(cropPdf([input], { crop }, ctx())).rejects.toThrow('The crop area is empty.');
    }
    // A box that is not a box never reaches the processor: the worker's parse refuses it.
    expect(options.safeParse({ applyTo: 'all', crop: { x: 'a', y: 0, width: 1, height: 1 } }).success).toBe(false);
    await expect(cropPdf([input], { left: 30, right: 30 }, ctx())).rejects.toThrow(/The margins are larger than page 1 \(35 x 71 mm\)/);
  });

  it('refuses encrypted and non-PDF input with the project messages', async () => {
    const locked = await encryptedPdf(await numberedPdf(1), 'secret1');
    const copy = locked.slice();
    await expect(cropPdf([pdfInput(locked)], {}, ctx())).rejects.toThrow(encryptedMessage());
    expect(locked).toEqual(copy);
    await expect(cropPdf([pdfInput(NOT_A_PDF, 'x.png')], {}, ctx())).rejects.toThrow(notPdfMessage('x.png'));
  });
});
