import { describe, expect, it } from 'vitest';
import { degrees, PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput } from '../../tests/fixtures/pdf/make';
import { pdfPagePlacements, type PlacedText } from '../../tests/fixtures/pdf-build/pdf-text';
import { pageContentText } from '../../tests/fixtures/pdf-build/page-content';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import addWatermarkProcessor, { textRequiredMessage } from './add-watermark';

const addWatermark = asWorkerCalls(addWatermarkProcessor);
const DEFAULTS = { text: 'CONFIDENTIAL', image: '', fontSize: 60, color: '#808080', opacity: 30, rotation: 45, layout: 'once', pages: '' };
const run = (bytes: Uint8Array, options: Partial<Record<keyof typeof DEFAULTS, string | number>> = {}, name?: string) =>
  addWatermark([pdfInput(bytes, name)], { ...DEFAULTS, ...options }, ctx());

// Helvetica Bold's ascender per 1000 units of font size: the watermark is centred on its letters' height.
const ASCENT = 0.718;

async function pages(count: number, setup?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage([595, 842]).drawText(`Body ${i + 1}`, { x: 50, y: 780, size: 12 });
  setup?.(doc);
  return doc.save();
}

/** The /ca values of the graphics states a page's content selects with the gs operator. */
function opacitiesUsed(doc: PDFDocument, index: number): number[] {
  const page = doc.getPage(index);
  const states = page.node.Resources()?.lookupMaybe(PDFName.of('ExtGState'), PDFDict);
  const text = pageContentText(doc, index);
  return [...text.matchAll(/\/(\S+) gs/g)].map(([, name]) => {
    const state = states?.lookup(PDFName.of(name), PDFDict);
    return (state?.lookup(PDFName.of('ca'), PDFNumber) as PDFNumber | undefined)?.asNumber() ?? NaN;
  });
}

/** Where the middle of a watermark item lies on the page as shown (y down). */
function middle(item: PlacedText): [number, number] {
  const t = (item.angle * Math.PI) / 180;
  const [w, a] = [item.width, ASCENT * item.size];
  return [item.x + (w / 2) * Math.cos(t) - (a / 2) * Math.sin(t), item.y - (w / 2) * Math.sin(t) - (a / 2) * Math.cos(t)];
}

const marks = (items: PlacedText[], text = 'CONFIDENTIAL') => items.filter((i) => i.str === text);

describe('add-watermark', () => {
  it('writes the text once in the middle of the chosen pages only, turned and at the chosen opacity', async () => {
    const input = await pages(4);
    const copy = input.slice();
    const [out] = await run(input, { pages: '2, 4', rotation: 45, opacity: 30 });
    expect(input).toEqual(copy);
    expect(out.meta).toMatchObject({ pageCount: 4, watermarkedPages: 2 });
    const placed = await pdfPagePlacements(out.bytes);
    expect(placed.map((p) => marks(p.items).length)).toEqual([0, 1, 0, 1]);
    for (const page of [placed[1], placed[3]]) {
      const [item] = marks(page.items);
      expect(item.angle).toBeCloseTo(45, 3);
      expect(item.size).toBeCloseTo(60, 3);
      const [x, y] = middle(item);
      expect(x).toBeCloseTo(page.width / 2, 0);
      expect(y).toBeCloseTo(page.height / 2, 0);
    }
    // The page's own text is still there.
    expect(placed.map((p) => p.items.some((i) => i.str.startsWith('Body')))).toEqual([true, true, true, true]);
    const doc = await PDFDocument.load(out.bytes);
    expect([0, 1, 2, 3].map((i) => opacitiesUsed(doc, i))).toEqual([[], [0.3], [], [0.3]]);
  });

  it('repeats the text over the whole page when tiled, every copy at the same angle', async () => {
    const [out] = await run(await pages(1), { layout: 'tiled', text: 'DRAFT', fontSize: 30, rotation: -30, opacity: 50 });
    const [page] = await pdfPagePlacements(out.bytes);
    const copies = marks(page.items, 'DRAFT');
    expect(copies.length).toBeGreaterThan(10);
    for (const item of copies) expect(item.angle).toBeCloseTo(-30, 3);
    // Copies reach every quarter of the page.
    const quarters = new Set(copies.map(middle).filter(([x, y]) => x > 0 && x < page.width && y > 0 && y < page.height)
      .map(([x, y]) => `${x < page.width / 2 ? 'left' : 'right'} ${y < page.height / 2 ? 'top' : 'bottom'}`));
    expect(quarters.size).toBe(4);
    const doc = await PDFDocument.load(out.bytes);
    expect(opacitiesUsed(doc, 0)).toEqual([0.5]);
  });

  it('stays upright as the page is shown, whatever its /Rotate and CropBox', async () => {
    const input = await pages(2, (doc) => {
      doc.getPage(0).setRotation(degrees(90));
      doc.getPage(1).setCropBox(100, 200, 300, 400);
      doc.getPage(1).setRotation(degrees(180));
    });
    const [out] = await run(input, { rotation: 0, fontSize: 40 });
    const placed = await pdfPagePlacements(out.bytes);
    for (const page of placed) {
      const [item] = marks(page.items);
      expect(item.angle).toBeCloseTo(0, 3);
      const [x, y] = middle(item);
      expect(x).toBeCloseTo(page.width / 2, 0);
      expect(y).toBeCloseTo(page.height / 2, 0);
    }
  });

  it('makes a single watermark smaller when it would not fit on the page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const [out] = await run(await doc.save(), { fontSize: 200, rotation: 0 });
    const [page] = await pdfPagePlacements(out.bytes);
    const [item] = marks(page.items);
    expect(item.size).toBeLessThan(200);
    expect(item.width).toBeLessThanOrEqual(page.width * 0.9 + 0.01);
  });

  it('embeds a font for Greek and Cyrillic text, and names the characters no font here can show', async () => {
    const [out] = await run(await pages(1), { text: 'Черновик Πρόχειρο' });
    const [page] = await pdfPagePlacements(out.bytes);
    expect(page.items.map((i) => i.str).join(' ')).toContain('Черновик Πρόχειρο');
    await expect(run(await pages(1), { text: 'Draft 草稿' })).rejects.toThrow(
      'The watermark has characters the font cannot show (草 稿). Latin, Greek and Cyrillic letters work; please remove the others.',
    );
  });

  it('refuses blank text, and pages the file does not have', async () => {
    await expect(run(await pages(1), { text: '   ' })).rejects.toThrow(textRequiredMessage());
    expect(textRequiredMessage()).toBe('Please enter the watermark text.');
    await expect(run(await pages(2), { pages: '3-4' }, 'two.pdf')).rejects.toThrow('two.pdf has 2 pages, so it has none of the pages 3-4.');
  });

  it('keeps the form fields of a fillable PDF', async () => {
    const input = await pages(1, (doc) => {
      const form = doc.getForm();
      form.createTextField('name').addToPage(doc.getPage(0), { x: 20, y: 300, width: 200, height: 24 });
      form.getTextField('name').setText('Ada');
    });
    const [out] = await run(input);
    expect((await PDFDocument.load(out.bytes)).getForm().getTextField('name').getText()).toBe('Ada');
  });

  it('gives the shared messages for a file that is not a PDF and for an encrypted one', async () => {
    await expect(run(NOT_A_PDF, {}, 'notes.pdf')).rejects.toThrow(notPdfMessage('notes.pdf'));
    await expect(run(await encryptedPdf(await pages(1), 'secret'))).rejects.toThrow(encryptedMessage());
  });
});
