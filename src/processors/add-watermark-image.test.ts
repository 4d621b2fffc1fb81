import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { ctx, pdfInput, qpdfChecks } from '../../tests/fixtures/pdf/make';
import { halfTransparentPng, twoToneJpeg } from '../../tests/fixtures/pdf-build/images';
import { renderPage, type Rendered } from '../../tests/fixtures/pdf-build/render';
import { pageContentText } from '../../tests/fixtures/pdf-build/page-content';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { imageValue } from '../contract/image-value';
import { checkRunOptions } from '../contract/run-options';
import { crc32 } from '../lib/image/png-check';
import { imageRequiredMessage, notPngOrJpegMessage, tooManyPixelsMessage } from '../lib/pdf/watermark-image';
import { readManifest } from '../manifests/read';
import addWatermarkProcessor from './add-watermark';

const addWatermark = asWorkerCalls(addWatermarkProcessor);
const DEFAULTS = { kind: 'image', text: 'CONFIDENTIAL', fontSize: 60, color: '#808080', opacity: 50, rotation: 0, layout: 'once', pages: '', imageWidth: 40 };

/** A solid red PNG logo, twice as wide as it is high. */
function redLogo(width = 200, height = 100): Uint8Array {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width, height);
  return new Uint8Array(canvas.encodeSync('png'));
}

/** The bytes of a PNG whose header claims width x height pixels, with valid CRCs and no image data. */
function claimedPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: number[]) => {
    const body = new Uint8Array([...type].map((c) => c.charCodeAt(0)).concat(data));
    const crc = crc32(body);
    const length = data.length;
    return [length >>> 24, (length >>> 16) & 255, (length >>> 8) & 255, length & 255, ...body, crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255];
  };
  const be32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', [...be32(width), ...be32(height), 8, 6, 0, 0, 0]), ...chunk('IEND', [])]);
}

async function pages(count: number, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage(size);
  return doc.save();
}

const run = (bytes: Uint8Array, options: Record<string, unknown> = {}, image: Uint8Array | null = redLogo(), imageName = 'logo.png') =>
  addWatermark([pdfInput(bytes)], { ...DEFAULTS, image: image ? imageValue(imageName, 'image/png', image) : '', ...options }, ctx());

/** The image XObjects a page's resources name, and how many times its content paints one (Do). */
function imagesOnPage(doc: PDFDocument, index: number): { images: number; paints: number } {
  const page = doc.getPage(index);
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = (xobjects?.keys() ?? []).filter((key) => {
    const object = xobjects!.lookup(key);
    return object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
  }).length;
  const text = pageContentText(doc, index);
  return { images, paints: [...text.matchAll(/\/\S+ Do\b/g)].length };
}

const isWhite = ([r, g, b]: number[]) => r > 245 && g > 245 && b > 245;
/** Red at 50 % over white: (255, 128, 128), give or take the renderer's rounding. */
const isHalfRed = ([r, g, b]: number[]) => r > 240 && Math.abs(g - 128) < 20 && Math.abs(b - 128) < 20;

describe('add-watermark with an image', () => {
  it('draws the image in the middle of the chosen pages only, at the chosen opacity', async () => {
    const [out] = await run(await pages(3), { pages: '2' });
    expect(out.meta).toMatchObject({ pageCount: 3, watermarkedPages: 1 });
    const doc = await PDFDocument.load(out.bytes);
    expect([0, 1, 2].map((i) => imagesOnPage(doc, i))).toEqual([
      { images: 0, paints: 0 },
      { images: 1, paints: 1 },
      { images: 0, paints: 0 },
    ]);
    const [first, second] = [await renderPage(out.bytes, 0, 1), await renderPage(out.bytes, 1, 1)];
    expect(isWhite(first.at(0.5, 0.5))).toBe(true);
    // 40 % of the page's width wide, half as high: x within 0.3..0.7, y within 0.5 ± 0.07 of the height.
    for (const [fx, fy] of [[0.5, 0.5], [0.32, 0.5], [0.68, 0.5], [0.5, 0.44], [0.5, 0.56]]) expect(second.at(fx, fy), `${fx},${fy}`).toSatisfy(isHalfRed);
    for (const [fx, fy] of [[0.27, 0.5], [0.73, 0.5], [0.5, 0.4], [0.5, 0.6]]) expect(second.at(fx, fy), `${fx},${fy}`).toSatisfy(isWhite);
    expect(await qpdfChecks(out.bytes)).toBe(true);
  });

  it('turns the image by the angle', async () => {
    const [out] = await run(await pages(1), { rotation: 90 });
    const shown = await renderPage(out.bytes, 0, 1);
    // Turned upright: 0.4 x 595 = 238 pt high (0.5 ± 0.14 of 842), 119 pt wide (0.5 ± 0.1 of 595).
    expect(shown.at(0.5, 0.62)).toSatisfy(isHalfRed);
    expect(shown.at(0.5, 0.38)).toSatisfy(isHalfRed);
    expect(shown.at(0.65, 0.5)).toSatisfy(isWhite);
    expect(shown.at(0.35, 0.5)).toSatisfy(isWhite);
  });

  it('opacity 100 paints the image solid', async () => {
    const [out] = await run(await pages(1), { opacity: 100 });
    const [r, g, b] = (await renderPage(out.bytes, 0, 1)).at(0.5, 0.5);
    expect([r > 240, g < 15, b < 15]).toEqual([true, true, true]);
  });

  it('tiled, repeats one embedded image over the whole page', async () => {
    const [out] = await run(await pages(1), { layout: 'tiled', imageWidth: 15, rotation: 30 });
    const doc = await PDFDocument.load(out.bytes);
    const { images, paints } = imagesOnPage(doc, 0);
    expect(images).toBe(1);
    expect(paints).toBeGreaterThan(10);
    const shown: Rendered = await renderPage(out.bytes, 0, 1);
    // A 10 x 10 grid of samples: every quarter of the page has watermark pixels, and about a third of the page is covered.
    const quarters = [0, 0, 0, 0];
    let covered = 0;
    for (let i = 0; i < 10; i++) {
      for (let j = 0; j < 10; j++) {
        const [fx, fy] = [(i + 0.5) / 10, (j + 0.5) / 10];
        if (isWhite(shown.at(fx, fy))) continue;
        covered++;
        quarters[(fx < 0.5 ? 0 : 1) + (fy < 0.5 ? 0 : 2)]++;
      }
    }
    expect(quarters.every((n) => n > 0), `quarters ${quarters}`).toBe(true);
    expect(covered).toBeGreaterThan(15);
    expect(covered).toBeLessThan(80);
    expect(await qpdfChecks(out.bytes)).toBe(true);
  });

  it('keeps the transparent parts of a PNG see-through, and takes a JPEG', async () => {
    const [png] = await run(await pages(1), { opacity: 100, imageWidth: 50 }, halfTransparentPng(200, 100));
    const shownPng = await renderPage(png.bytes, 0, 1);
    const [r, g, b] = shownPng.at(0.4, 0.5);
    expect([r < 15, g > 240, b < 15]).toEqual([true, true, true]);
    expect(shownPng.at(0.6, 0.5)).toSatisfy(isWhite);

    const [jpeg] = await run(await pages(1), { opacity: 100, imageWidth: 50 }, twoToneJpeg(200, 100), 'logo.jpg');
    const shownJpeg = await renderPage(jpeg.bytes, 0, 1);
    expect(shownJpeg.at(0.5, 0.47)[0]).toBeGreaterThan(200);
    expect(shownJpeg.at(0.5, 0.53)[2]).toBeGreaterThan(200);
    expect(await qpdfChecks(jpeg.bytes)).toBe(true);
  });

  it('says what is wrong with a missing, wrong or oversized image before drawing', async () => {
    const input = await pages(1);
    await expect(run(input, {}, null)).rejects.toThrow(imageRequiredMessage());
    // null is no image too, as the image field's own check reads it.
    await expect(run(input, { image: null }, null)).rejects.toThrow(imageRequiredMessage());
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
    await expect(run(input, {}, gif, 'logo.gif')).rejects.toThrow(notPngOrJpegMessage('logo.gif'));
    // Claimed in the header only: refused without decoding 36 or 400 megapixels.
    await expect(run(input, {}, claimedPng(6000, 6000), 'big.png')).rejects.toThrow(tooManyPixelsMessage('big.png', 6000, 6000));
    await expect(run(input, {}, claimedPng(20000, 20000), 'huge.png')).rejects.toThrow(/The image huge\.png is 20000 x 20000 pixels/);
  });

  it('gets the bytes from the value the options form checks, as every run path passes it', async () => {
    const manifest = readManifest('add-watermark');
    const values = { ...Object.fromEntries(manifest.options.map((f) => [f.name, f.default])), kind: 'image', image: imageValue('logo.png', 'image/png', redLogo()) };
    const checked = checkRunOptions(values, { fields: manifest.options, facts: { fileCount: 1, totalBytes: 1 } }, addWatermarkProcessor.options);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    // The processor gets the value the form checked as it is, and reads the file from it when it runs.
    expect((checked.typed as { image: unknown }).image).toBe(values.image);
    const [out] = await addWatermarkProcessor.run([pdfInput(await pages(1))], checked.typed as never, ctx());
    expect(imagesOnPage(await PDFDocument.load(out.bytes), 0).images).toBe(1);
    // The default is text: the same values without an image and kind make the CONFIDENTIAL text, no image.
    const text = checkRunOptions({ ...values, kind: 'text', image: '' }, { fields: manifest.options, facts: { fileCount: 1, totalBytes: 1 } }, addWatermarkProcessor.options);
    expect(text.ok).toBe(true);
    const blank = checkRunOptions({ ...values, image: '' }, { fields: manifest.options, facts: { fileCount: 1, totalBytes: 1 } }, addWatermarkProcessor.options);
    expect(blank).toMatchObject({ ok: false, problems: [{ field: 'image', message: 'Please choose the watermark image (a PNG or JPEG file).' }] });
  });
});
