import { existsSync, readdirSync, readFileSync } from 'node:fs';
import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import * as UTIF from 'utif2';
import { describe, expect, it, vi } from 'vitest';
import { sniffFormat } from '../lib/image/header';
import { readJpegOrientation } from '../lib/image/jpeg-orientation';
import { decode } from '../lib/image/decode';
import { encode } from '../lib/image/encode';
import type { ImageFrame, RasterImage } from '../lib/image/types';
import { twoToneJpeg, withExifOrientation } from '../../tests/fixtures/pdf-build/images';
import { ONE_COLOR_NO_PALETTE, ONE_COLOUR_OPAQUE, ONE_COLOUR_RGBA } from '../../tests/fixtures/webp';
import { resizedNote } from '../lib/image/fit-size';
import { FIXTURE_AVIF } from '../../tests/fixtures/avif-jxl';
import { jpegWithMetadata, markersIn } from '../../tests/support/metadata';
import processor, { keptNote, keptWithMetadataNote, options } from './image-convert';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const file = (name: string, bytes: Uint8Array) => ({ name, type: '', bytes });
const run = (inputs: { name: string; bytes: Uint8Array; type: string }[], values: Record<string, unknown>, c = ctx()) =>
  processor.run(inputs, options.parse(values), c);

/** Left half red, right half blue, the first row fully transparent. */
function picture(w = 40, h = 20): RasterImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    data.set(i < w ? [0, 0, 0, 0] : x < w / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
  }
  return { width: w, height: h, data };
}

function solid(w: number, h: number, rgba: number[], delayMs = 0): ImageFrame {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width: w, height: h, data, delayMs };
}

const px = (img: { width: number; data: ArrayLike<number> }, x: number, y: number) =>
  Array.from({ length: 4 }, (_, k) => img.data[(y * img.width + x) * 4 + k]);
const near = (a: number[], b: number[], tolerance = 30) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

describe('image-convert to still formats', () => {
  it('png to jpg: flattens transparency onto white, keeps the size and reports quality', async () => {
    const input = await encode(picture(), 'png');
    const before = input.slice();
    const c = ctx();
    const [out] = await run([file('logo.png', input)], { to: 'jpg', quality: 90 }, c);
    expect(out.type).toBe('image/jpeg');
    const jpg = jpegJs.decode(out.bytes, { useTArray: true });
    expect([jpg.width, jpg.height]).toEqual([40, 20]);
    expect(near(px(jpg, 5, 0), [255, 255, 255, 255])).toBe(true);
    expect(near(px(jpg, 5, 10), [255, 0, 0, 255])).toBe(true);
    expect(near(px(jpg, 35, 10), [0, 0, 255, 255])).toBe(true);
    expect(out.meta).toMatchObject({ width: 40, height: 20, quality: '90%', originalSize: input.byteLength });
    expect(input).toEqual(before);
    expect(c.onProgress).toHaveBeenLastCalledWith(1, 1);
  });

  it('quality changes the JPEG size', async () => {
    const noisy = solid(64, 64, [0, 0, 0, 255]);
    for (let i = 0; i < noisy.data.length; i++) if (i % 4 !== 3) noisy.data[i] = (i * 7919) % 251;
    const input = await encode(noisy, 'png');
    const [low] = await run([file('n.png', input)], { to: 'jpg', quality: 20 });
    const [high] = await run([file('n.png', input)], { to: 'jpg', quality: 95 });
    expect(low.bytes.length).toBeLessThan(high.bytes.length * 0.7);
  });

  it('jpg to png: the PNG holds exactly the decoded JPEG pixels', async () => {
    const jpg = await encode(picture(), 'jpg', { quality: 75 });
    const [out] = await run([file('photo.jpg', jpg)], { to: 'png' });
    expect(out.type).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(out.bytes));
    const source = (await decode('photo.jpg', jpg)).frames[0];
    expect([png.width, png.height]).toEqual([40, 20]);
    expect(Buffer.from(png.data).equals(Buffer.from(source.data))).toBe(true);
    expect(near(px(png, 35, 10), [0, 0, 255, 255])).toBe(true);
  });

  it('png to webp: lossless keeps every pixel, lossy reports its quality', async () => {
    const input = await encode(picture(), 'png');
    const [lossless] = await run([file('a.png', input)], { to: 'webp', lossless: true, quality: 75 });
    expect(sniffFormat(lossless.bytes)).toBe('webp');
    expect(lossless.meta?.quality).toBe('Lossless');
    const back = (await decode('a.webp', lossless.bytes)).frames[0];
    expect(px(back, 5, 10)).toEqual([255, 0, 0, 255]);
    expect(px(back, 5, 0)[3]).toBe(0);
    const [lossy] = await run([file('a.png', input)], { to: 'webp', lossless: false, quality: 60 });
    expect(lossy.meta?.quality).toBe('60%');
    expect(near(px((await decode('b.webp', lossy.bytes)).frames[0], 30, 10), [0, 0, 255, 255], 40)).toBe(true);
  });

  it('gif to png: the first frame of an animation, marked with -frame', async () => {
    const gif = await encode([solid(10, 6, [255, 0, 0, 255], 100), solid(10, 6, [0, 0, 255, 255], 100)], 'gif');
    const [out, extra] = await run([file('anim.gif', gif)], { to: 'png' });
    expect(extra).toBeUndefined();
    expect(out.name).toBe('anim-frame.png');
    const png = PNG.sync.read(Buffer.from(out.bytes));
    expect(near(px(png, 3, 3), [255, 0, 0, 255])).toBe(true);
    const [still] = await run([file('still.gif', await encode(solid(4, 4, [0, 255, 0, 255]), 'gif'))], { to: 'jpg' });
    expect(still.name).toBeUndefined();
  });

  it('tiff to png: one output per page, numbered', async () => {
    const tiff = await encode([solid(8, 5, [255, 0, 0, 255]), solid(6, 4, [0, 0, 255, 255])], 'tiff');
    const outs = await run([file('scan.tif', tiff)], { to: 'png' });
    expect(outs.map((o) => o.name)).toEqual(['scan-page-1.png', 'scan-page-2.png']);
    const second = PNG.sync.read(Buffer.from(outs[1].bytes));
    expect([second.width, second.height]).toEqual([6, 4]);
    expect(px(second, 2, 2)).toEqual([0, 0, 255, 255]);
  });
});

describe('image-convert with a size limit', () => {
  /** Detail everywhere, so the file size follows the quality and the pixel count. */
  function detailed(w: number, h: number): RasterImage {
    const data = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) data.set([(i * 7919) % 251, (i % w) * 2, (i * 31) % 239, 255], i * 4);
    return { width: w, height: h, data };
  }

  it('png to jpg: the best quality of at most the limit, at full size, with that quality on the card', async () => {
    const input = await encode(detailed(160, 120), 'png');
    const free = (await run([file('a.png', input)], { to: 'jpg', quality: 95 }))[0].bytes.byteLength;
    const maxKb = Math.floor(free / 1024 / 2);
    const [out] = await run([file('a.png', input)], { to: 'jpg', quality: 95, limitSize: true, maxKb });
    expect(out.bytes.byteLength).toBeLessThanOrEqual(maxKb * 1024);
    const back = jpegJs.decode(out.bytes, { useTArray: true });
    expect([back.width, back.height]).toEqual([160, 120]);
    expect(out.meta?.quality).toMatch(/^\d+%$/);
    expect(Number.parseInt(String(out.meta?.quality))).toBeLessThan(95);
  });

  it('png to webp: a picture too detailed for the limit is made smaller, and the card says so', async () => {
    const input = await encode(detailed(400, 200), 'png');
    const [out] = await run([file('a.png', input)], { to: 'webp', limitSize: true, maxKb: 2 });
    expect(out.bytes.byteLength).toBeLessThanOrEqual(2048);
    const back = (await decode('a.webp', out.bytes)).frames[0];
    expect(back.width).toBeLessThan(400);
    expect(Math.abs(back.width / back.height - 2)).toBeLessThan(0.05);
    expect(out.note).toBe(resizedNote(back.width, back.height, 2));
  });

  it('lossless WebP has no size limit: every pixel is kept', async () => {
    const input = await encode(picture(), 'png');
    const [out] = await run([file('a.png', input)], { to: 'webp', lossless: true, limitSize: true, maxKb: 1 });
    expect(out.meta?.quality).toBe('Lossless');
    expect(px((await decode('a.webp', out.bytes)).frames[0], 5, 10)).toEqual([255, 0, 0, 255]);
  });
});

describe('image-convert to GIF and TIFF', () => {
  it('jpg to gif: several pictures make one animation with the chosen delay', async () => {
    const a = await encode(solid(20, 10, [255, 0, 0, 255]), 'jpg');
    const b = await encode(solid(10, 10, [0, 0, 255, 255]), 'jpg');
    const [out] = await run([file('a.jpg', a), file('b.jpg', b)], { to: 'gif', animate: true, frameDelay: 250 });
    expect(out.meta).toMatchObject({ frameCount: 2, type: 'Animated (250 ms)' });
    const back = await decode('out.gif', out.bytes);
    expect(back.frames.map((f) => [f.width, f.height, f.delayMs])).toEqual([[20, 10, 250], [20, 10, 250]]);
    expect(near(px(back.frames[1], 10, 5), [0, 0, 255, 255], 40)).toBe(true);
    // The narrower picture is centred over transparency.
    expect(px(back.frames[1], 1, 5)[3]).toBe(0);
  });

  it('png to gif without animation: one still GIF per picture', async () => {
    const outs = await run([file('a.png', await encode(picture(), 'png'))], { to: 'gif', animate: false, frameDelay: 100 });
    expect(outs).toHaveLength(1);
    expect(outs[0].meta).toMatchObject({ frameCount: 1, type: 'Static' });
    const back = await decode('a.gif', outs[0].bytes);
    expect(back.frames).toHaveLength(1);
    expect(near(px(back.frames[0], 5, 10), [255, 0, 0, 255], 40)).toBe(true);
  });

  it('jpg to tiff: LZW when lossless, JPEG compression otherwise', async () => {
    const jpg = await encode(picture(), 'jpg');
    const [lzw] = await run([file('p.jpg', jpg)], { to: 'tiff', lossless: true });
    const [lossy] = await run([file('p.jpg', jpg)], { to: 'tiff', lossless: false, quality: 85 });
    expect(lzw.meta?.compression).toBe('LZW lossless');
    expect(lossy.meta?.compression).toBe('JPEG lossy');
    expect(UTIF.decode(lzw.bytes.slice().buffer)[0].t259).toEqual([5]);
    expect(UTIF.decode(lossy.bytes.slice().buffer)[0].t259).toEqual([7]);
    const page = (await decode('p.tiff', lzw.bytes)).frames[0];
    expect(Buffer.from(page.data).equals(Buffer.from((await decode('p.jpg', jpg)).frames[0].data))).toBe(true);
  });
});

describe('image-convert of a JPEG with EXIF orientation 6', () => {
  // Stored 40 x 20 with red over blue; orientation 6 shows it turned a quarter clockwise: 20 x 40, blue left, red right.
  const rotated = withExifOrientation(twoToneJpeg(40, 20), 6);

  it.each(['png', 'webp', 'jpg'])('writes an upright %s', async (to) => {
    const [out] = await run([file('turned.jpg', rotated)], { to, lossless: true });
    const picture = to === 'png' ? PNG.sync.read(Buffer.from(out.bytes)) : to === 'jpg' ? jpegJs.decode(out.bytes, { useTArray: true }) : (await decode('o.webp', out.bytes)).frames[0];
    expect([picture.width, picture.height]).toEqual([20, 40]);
    expect(near(px(picture, 4, 20), [0, 0, 255, 255])).toBe(true);
    expect(near(px(picture, 15, 20), [255, 0, 0, 255])).toBe(true);
    expect(out.meta).toMatchObject({ width: 20, height: 40 });
    // No orientation is written with the turned pixels, so no viewer turns them twice.
    if (to === 'jpg') expect(readJpegOrientation(out.bytes)).toBe(1);
  });
});

describe('image-convert of tiny lossless WebP files', () => {
  it.each([
    // Transparent black, flattened onto the white background.
    ["libwebp's 28-byte one_color_no_palette.webp", ONE_COLOR_NO_PALETTE, [255, 255, 255, 255]],
    ["cwebp's 32-byte one-colour file", ONE_COLOUR_OPAQUE, ONE_COLOUR_RGBA],
  ])('%s to a 100 x 100 JPEG of its colour', async (_label, bytes, rgba) => {
    const [out] = await run([file('one.webp', bytes)], { to: 'jpg' });
    expect(out.type).toBe('image/jpeg');
    const jpg = jpegJs.decode(out.bytes, { useTArray: true });
    expect([jpg.width, jpg.height]).toEqual([100, 100]);
    for (const [x, y] of [[0, 0], [50, 50], [99, 99]]) expect(near(px(jpg, x, y), rgba, 3)).toBe(true);
    expect(out.meta).toMatchObject({ width: 100, height: 100 });
  });
});

describe('image-convert refusals', () => {
  it('refuses a header claiming a huge image before decoding', async () => {
    const png = (await encode(picture(), 'png', { optimise: false })).slice();
    new DataView(png.buffer).setUint32(16, 30000);
    await expect(run([file('big.png', png)], { to: 'jpg' })).rejects.toThrow('The image big.png is 30000 x 20 pixels');
  });

  it('refuses a GIF whose frames add up to too many pixels', async () => {
    const frames = Array.from({ length: 3 }, () => solid(16, 16, [1, 2, 3, 255], 10));
    const gif = (await encode(frames, 'gif')).slice();
    // Claim a 10000 x 10000 logical screen: three such frames exceed the animation budget.
    new DataView(gif.buffer).setUint16(6, 10000, true);
    new DataView(gif.buffer).setUint16(8, 10000, true);
    await expect(run([file('long.gif', gif)], { to: 'png' })).rejects.toThrow('The file long.gif has 3 frames of 10000 x 10000 pixels');
  });

  it('names a file that is not an image', async () => {
    await expect(run([file('notes.heic', new TextEncoder().encode('plain text'))], { to: 'jpg' })).rejects.toThrow(
      'The file notes.heic is not an image this tool can read',
    );
  });
});

const pngSuite = '../shared/corpus/png';
describe.runIf(existsSync(pngSuite))('PngSuite', () => {
  const files = existsSync(pngSuite) ? readdirSync(pngSuite) : [];
  it.each(files.filter((f) => /(^|_)x[^_]*\.png$/.test(f)))('%s (a broken file) gets the damaged message', async (name) => {
    const bytes = new Uint8Array(readFileSync(`${pngSuite}/${name}`));
    await expect(run([file(name, bytes)], { to: 'jpg' })).rejects.toThrow(/is damaged or not a valid PNG image\.|is not an image this tool can read/);
  });
  it.each(files.filter((f) => !/(^|_)x[^_]*\.png$/.test(f)))('%s converts to a JPEG of its size', async (name) => {
    const bytes = new Uint8Array(readFileSync(`${pngSuite}/${name}`));
    const [out] = await run([file(name, bytes)], { to: 'jpg' });
    const jpg = jpegJs.decode(out.bytes);
    expect([jpg.width, jpg.height]).toEqual([out.meta?.width, out.meta?.height]);
  });
});

describe('a converter handing back the original', () => {
  it('takes its metadata out when the format allows, its pixels unchanged', async () => {
    const input = jpegWithMetadata(await encode(picture(96, 64), 'jpg', { quality: 20 }));
    const [out] = await run([file('phone.png', input)], { to: 'jpg', quality: 100 });
    expect(out.note).toBe(keptNote());
    expect(markersIn(out.bytes)).toEqual([]);
    const [before, after] = [(await decode('a', input)).frames[0], (await decode('b', out.bytes)).frames[0]];
    expect(Buffer.compare(Buffer.from(before.data), Buffer.from(after.data))).toBe(0);
  });

  it('says so when it hands the file back as it was (AVIF)', async () => {
    const [out] = await run([file('odd.png', FIXTURE_AVIF)], { to: 'avif', quality: 100 });
    expect(out.note).toBe(keptWithMetadataNote());
    expect(Buffer.compare(Buffer.from(out.bytes), Buffer.from(FIXTURE_AVIF))).toBe(0);
  });
});
