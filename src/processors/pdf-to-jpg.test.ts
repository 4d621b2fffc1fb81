import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorContext, ToolInput } from '../contract/types';
import type { RasterBackend } from '../lib/pdf/render';
import { ToolError } from '../lib/errors';
import { napiBackend, readPixels as pixels } from '../../tests/fixtures/pdf-text/napi-backend';
import { convertPdfToJpg as convert, options, parsePageList } from './pdf-to-jpg';

function context(progress: [number, number][] = [], signal = new AbortController().signal): ProcessorContext {
  return { signal, onProgress: (done, total) => progress.push([done, total]) };
}

/** Page 1: 200 x 100 pt with a black square at (20..60, 20..60) pt from the bottom left. Page 2: 144 x 288 pt with text. */
/** The run as the worker makes it: the manifest's defaults, overridden by `raw`, parsed with the schema. */
const convertPdfToJpg = (inputs: ToolInput[], raw: Record<string, unknown>, ctx: ProcessorContext, backend: RasterBackend) =>
  convert(inputs, options.parse({ dpi: '150', quality: 85, pages: '', ...raw }), ctx, backend);

async function fixture(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const first = doc.addPage([200, 100]);
  first.drawRectangle({ x: 20, y: 20, width: 40, height: 40, color: rgb(0, 0, 0) });
  const second = doc.addPage([144, 288]);
  second.drawText('Hello', { x: 10, y: 250, size: 20, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

describe('pdf-to-jpg', () => {
  it.each([72, 150, 300])('renders every page at %i dpi with the size page x dpi / 72', async (dpi) => {
    const input = await fixture();
    const original = input.slice();
    const progress: [number, number][] = [];
    const outputs = await convertPdfToJpg([{ name: 'two.pdf', type: 'application/pdf', bytes: input }], { dpi: String(dpi), quality: 90 }, context(progress), napiBackend);
    expect(outputs.map((o) => o.vars?.page)).toEqual([1, 2]);
    expect(outputs.every((o) => o.type === 'image/jpeg' && o.bytes[0] === 0xff && o.bytes[1] === 0xd8)).toBe(true);
    const first = await pixels(outputs[0]!.bytes);
    const second = await pixels(outputs[1]!.bytes);
    expect([first.width, first.height]).toEqual([Math.round((200 * dpi) / 72), Math.round((100 * dpi) / 72)]);
    expect([second.width, second.height]).toEqual([Math.round((144 * dpi) / 72), Math.round((288 * dpi) / 72)]);
    expect(progress.at(-1)).toEqual([2, 2]);
    expect(input).toEqual(original);
  });

  it('draws the black square dark and leaves the rest white', async () => {
    const [page] = await convertPdfToJpg([{ name: 'a.pdf', type: 'application/pdf', bytes: await fixture() }], { dpi: '150', quality: 90, pages: '1' }, context(), napiBackend);
    const { luma } = await pixels(page!.bytes);
    const px = (pt: number) => Math.round((pt * 150) / 72);
    // Square centre at (40, 40) pt from the bottom left; the image's y runs down from the top of the 100 pt page.
    expect(luma(px(40), px(100 - 40))).toBeLessThan(40);
    expect(luma(px(150), px(50))).toBeGreaterThan(235);
    expect(luma(px(40), px(10))).toBeGreaterThan(235);
  });

  it('renders text as dark pixels', async () => {
    const [page] = await convertPdfToJpg([{ name: 'a.pdf', type: 'application/pdf', bytes: await fixture() }], { dpi: '150', quality: 90, pages: '2' }, context(), napiBackend);
    const { width, luma } = await pixels(page!.bytes);
    let darkest = 255;
    // The "Hello" baseline is 38 pt below the top; scan the band just above it.
    for (let y = Math.round((24 * 150) / 72); y < Math.round((38 * 150) / 72); y++) for (let x = 0; x < width; x++) darkest = Math.min(darkest, luma(x, y));
    expect(darkest).toBeLessThan(80);
    expect(page!.vars).toEqual({ page: 2 });
  });

  it('refuses a page too large for a canvas at the chosen DPI, naming the page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    doc.addPage([4000, 4000]);
    const bytes = await doc.save();
    const run = convertPdfToJpg([{ name: 'big.pdf', type: 'application/pdf', bytes }], { dpi: '300' }, context(), napiBackend);
    await expect(run).rejects.toThrow(ToolError);
    await expect(run).rejects.toThrow(/Page 2 would be 16667 x 16667 pixels at 300 DPI.*lower DPI/);
  });

  it('stops between pages when cancelled', async () => {
    const controller = new AbortController();
    const progress: [number, number][] = [];
    const ctx: ProcessorContext = {
      signal: controller.signal,
      onProgress: (done, total) => {
        progress.push([done, total]);
        if (done === 1) controller.abort();
      },
    };
    await expect(convertPdfToJpg([{ name: 'a.pdf', type: 'application/pdf', bytes: await fixture() }], {}, ctx, napiBackend)).rejects.toThrow('Cancelled');
    expect(progress.at(-1)).toEqual([1, 2]);
  });

  it('rejects a file that is not a PDF', async () => {
    const bytes = new TextEncoder().encode('just text');
    await expect(convertPdfToJpg([{ name: 'notes.txt', type: 'text/plain', bytes }], {}, context(), napiBackend)).rejects.toThrow(
      'The file notes.txt is not a PDF. Please choose a PDF file.',
    );
  });
});

describe('parsePageList', () => {
  it.each([
    ['', 4, [1, 2, 3, 4]],
    ['2', 4, [2]],
    ['1-2, 4', 4, [1, 2, 4]],
    ['3,1-2,2', 4, [1, 2, 3]],
  ])('"%s" of %i pages', (text, count, expected) => {
    expect(parsePageList(text, count)).toEqual(expected);
  });

  it.each([['0'], ['3-1'], ['a'], ['1-']])('"%s" is refused', (text) => {
    expect(() => parsePageList(text, 4)).toThrow(/is not valid/);
  });

  it('names the page count when a page does not exist', () => {
    expect(() => parsePageList('2-5', 4)).toThrow('This PDF has 4 pages, so page 5 does not exist.');
  });
});
