import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import jpgToPdfProcessor from './jpg-to-pdf';
import { asWorkerCalls, type RawRun } from '../../tests/support/run-processor';
import { twoToneJpeg, withExifOrientation } from '../../tests/fixtures/pdf-build/images';
import { renderPage } from '../../tests/fixtures/pdf-build/render';

const run = asWorkerCalls(jpgToPdfProcessor);
/** A run with the manifest's defaults unless the test sets a value. */
const jpgToPdf: RawRun = (inputs, raw, context) => run(inputs, { pageSize: 'a4', orientation: 'auto', margin: 'none', ...raw }, context);

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const file = (name: string, bytes: Uint8Array) => ({ name, type: 'image/jpeg', bytes });

function isRed([r, g, b]: number[]) {
  return r > 180 && g < 80 && b < 80;
}
function isBlue([r, g, b]: number[]) {
  return b > 180 && r < 80 && g < 80;
}

describe('jpg-to-pdf', () => {
  it('makes one A4 page per image, in order, landscape for wide images', async () => {
    const inputs = [file('wide.jpg', twoToneJpeg(400, 200)), file('tall.jpg', twoToneJpeg(200, 400)), file('third.jpg', twoToneJpeg(64, 64))];
    const [out] = await jpgToPdf(inputs, {}, ctx);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(3);
    expect(doc.getPage(0).getSize()).toEqual({ width: 841.89, height: 595.28 });
    expect(doc.getPage(1).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('honours the Letter, fit, orientation and margin options', async () => {
    const input = [file('wide.jpg', twoToneJpeg(400, 200))];
    const letter = await PDFDocument.load((await jpgToPdf(input, { pageSize: 'letter', orientation: 'portrait' }, ctx))[0].bytes);
    expect(letter.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const fit = await PDFDocument.load((await jpgToPdf(input, { pageSize: 'fit', margin: 'small' }, ctx))[0].bytes);
    expect(fit.getPage(0).getSize()).toEqual({ width: 300 + 40, height: 150 + 40 });
  });

  it('draws the picture upright for EXIF orientation 6 (stored wide, shown tall)', async () => {
    const rotated = withExifOrientation(twoToneJpeg(400, 200), 6);
    const [out] = await jpgToPdf([file('phone.jpg', rotated)], { pageSize: 'fit' }, ctx);
    const doc = await PDFDocument.load(out.bytes);
    const { width, height } = doc.getPage(0).getSize();
    expect(height).toBeGreaterThan(width);
    // Rotating 90 degrees clockwise puts the stored top (red) on the right and the bottom (blue) on the left.
    const page = await renderPage(out.bytes, 0, 1);
    expect(isRed(page.at(0.75, 0.5))).toBe(true);
    expect(isBlue(page.at(0.25, 0.5))).toBe(true);
  });

  it('draws orientation 3 upside down and keeps orientation 1 as stored', async () => {
    const flipped = (await jpgToPdf([file('a.jpg', withExifOrientation(twoToneJpeg(200, 200), 3))], { pageSize: 'fit' }, ctx))[0];
    const page = await renderPage(flipped.bytes, 0, 1);
    expect(isBlue(page.at(0.5, 0.25))).toBe(true);
    expect(isRed(page.at(0.5, 0.75))).toBe(true);
    const plain = (await jpgToPdf([file('b.jpg', twoToneJpeg(200, 200))], { pageSize: 'fit' }, ctx))[0];
    const upright = await renderPage(plain.bytes, 0, 1);
    expect(isRed(upright.at(0.5, 0.25))).toBe(true);
  });

  // An empty list is the run core's to refuse, with the manifest's message (src/processors/no-file.test.ts).
  it('refuses non-JPEG files and damaged JPEGs with messages naming the file', async () => {
    await expect(jpgToPdf([file('x.jpg', new TextEncoder().encode('hello'))], {}, ctx)).rejects.toThrow(/x\.jpg is not a JPEG/);
    const truncated = twoToneJpeg(100, 100).slice(0, 30);
    await expect(jpgToPdf([file('cut.jpg', truncated)], {}, ctx)).rejects.toMatchObject({ name: 'ToolError', message: expect.stringContaining('cut.jpg') });
  });

  it('refuses a JPEG whose header claims a huge picture before decoding it', async () => {
    const jpeg = twoToneJpeg(16, 16);
    const huge = jpeg.slice();
    // Patch the SOF0 height and width to 60000 x 60000.
    for (let i = 2; i < huge.length - 9; i++) {
      if (huge[i] === 0xff && huge[i + 1] === 0xc0) {
        huge[i + 5] = 0xea; huge[i + 6] = 0x60; huge[i + 7] = 0xea; huge[i + 8] = 0x60;
        break;
      }
    }
    await expect(jpgToPdf([file('huge.jpg', huge)], {}, ctx)).rejects.toThrow(/60000 x 60000/);
  });
});
