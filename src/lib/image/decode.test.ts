import { createCanvas } from '@napi-rs/canvas';
import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ONE_COLOR_NO_PALETTE, ONE_COLOUR_OPAQUE, ONE_COLOUR_RGBA } from '../../../tests/fixtures/webp';
import { decode } from './decode';
import { encode } from './encode';
import type { RasterImage } from './types';

/** A w x h image: left half red, right half blue, top-left pixel green, bottom rows half transparent. */
export function testImage(w = 32, h = 16): RasterImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data.set(x < w / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i);
      if (y >= h - 2) data[i + 3] = 0;
    }
  }
  data.set([0, 255, 0, 255], 0);
  return { width: w, height: h, data };
}

const at = (img: RasterImage, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];
const near = (a: number[], b: number[], tolerance = 24) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

describe('codec round trips', () => {
  it('PNG keeps every pixel, including transparency, and pngjs reads it back', async () => {
    const bytes = await encode(testImage(), 'png');
    const read = PNG.sync.read(Buffer.from(bytes));
    expect([read.width, read.height]).toEqual([32, 16]);
    const back = await decode('a.png', bytes);
    expect(back.frames).toHaveLength(1);
    expect(at(back.frames[0], 0, 0)).toEqual([0, 255, 0, 255]);
    expect(at(back.frames[0], 31, 0)).toEqual([0, 0, 255, 255]);
    expect(at(back.frames[0], 5, 15)[3]).toBe(0);
  });

  it('JPEG flattens transparency onto the background and jpeg-js reads it back', async () => {
    const bytes = await encode(testImage(), 'jpg', { quality: 90, background: '#00ff00' });
    const read = jpegJs.decode(bytes, { useTArray: true });
    expect([read.width, read.height]).toEqual([32, 16]);
    expect(near([...read.data.subarray((8 * 32 + 4) * 4, (8 * 32 + 4) * 4 + 3)], [255, 0, 0])).toBe(true);
    const back = await decode('a.jpg', bytes);
    expect(near(at(back.frames[0], 4, 15), [0, 255, 0, 255], 40)).toBe(true);
    expect(near(at(back.frames[0], 28, 8), [0, 0, 255, 255])).toBe(true);
  });

  it('WebP lossless keeps every pixel; lossy is close', async () => {
    const lossless = await encode(testImage(), 'webp', { lossless: true });
    const back = await decode('a.webp', lossless);
    expect(at(back.frames[0], 0, 0)).toEqual([0, 255, 0, 255]);
    expect(at(back.frames[0], 20, 3)).toEqual([0, 0, 255, 255]);
    const lossy = await decode('b.webp', await encode(testImage(), 'webp', { quality: 80 }));
    expect(near(at(lossy.frames[0], 4, 8), [255, 0, 0, 255], 40)).toBe(true);
  });

  it('turns a JPEG upright by its EXIF orientation', async () => {
    const canvas = createCanvas(20, 10);
    const g = canvas.getContext('2d');
    g.fillStyle = '#ff0000';
    g.fillRect(0, 0, 10, 10);
    g.fillStyle = '#0000ff';
    g.fillRect(10, 0, 10, 10);
    const plain = new Uint8Array(canvas.encodeSync('jpeg', 95));
    // An APP1 Exif segment (big-endian TIFF) with Orientation = 6 (turn 90 degrees clockwise).
    const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0];
    const payload = [...'Exif'].map((c) => c.charCodeAt(0)).concat([0, 0], tiff);
    const app1 = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255, ...payload];
    const rotated = new Uint8Array([0xff, 0xd8, ...app1, ...plain.subarray(2)]);
    const back = (await decode('r.jpg', rotated)).frames[0];
    expect([back.width, back.height]).toEqual([10, 20]);
    expect(near(at(back, 5, 2), [255, 0, 0, 255], 40)).toBe(true);
    expect(near(at(back, 5, 17), [0, 0, 255, 255], 40)).toBe(true);
  });
});

describe('tiny lossless WebP files', () => {
  it.each([
    ["libwebp's 28-byte one_color_no_palette.webp", ONE_COLOR_NO_PALETTE, [0, 0, 0, 0]],
    ["cwebp's 32-byte one-colour file", ONE_COLOUR_OPAQUE, ONE_COLOUR_RGBA],
  ])('decodes %s to 100 x 100 pixels of its one colour', async (_label, bytes, rgba) => {
    const back = await decode('one.webp', bytes);
    expect(back.frames).toHaveLength(1);
    const frame = back.frames[0];
    expect([frame.width, frame.height]).toEqual([100, 100]);
    const colours = new Set<string>();
    for (let i = 0; i < frame.data.length; i += 4) colours.add(frame.data.subarray(i, i + 4).join());
    expect([...colours]).toEqual([rgba.join()]);
  });
});

describe('refusals before decoding', () => {
  it('refuses a tiny PNG whose header claims 20000 x 20000 pixels', async () => {
    const bytes = await encode(testImage(), 'png', { optimise: false });
    const lying = bytes.slice();
    new DataView(lying.buffer).setUint32(16, 20000);
    new DataView(lying.buffer).setUint32(20, 20000);
    await expect(decode('huge.png', lying)).rejects.toThrow('The image huge.png is 20000 x 20000 pixels (400 megapixels)');
  });

  it('names a damaged file and its format', async () => {
    const bytes = await encode(testImage(), 'png', { optimise: false });
    await expect(decode('cut.png', bytes.slice(0, 60))).rejects.toThrow('The file cut.png is damaged or not a valid PNG image.');
    await expect(decode('x.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4]))).rejects.toThrow(
      'The file x.jpg is damaged or not a valid JPEG image.',
    );
  });

  it('refuses a 28-byte WebP whose header claims more than 100 megapixels', async () => {
    // The same lossless header with 14-bit sides of 16384 - 1 and 8192 - 1: 134 megapixels.
    const lying = ONE_COLOR_NO_PALETTE.slice();
    const bits = (16383 | (8191 << 14)) >>> 0;
    lying.set([bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, ((bits >>> 24) & 0x0f) | (lying[24] & 0xf0)], 21);
    await expect(decode('huge.webp', lying)).rejects.toThrow('The image huge.webp is 16384 x 8192 pixels (134 megapixels)');
  });

  it('leaves a header the reader cannot follow to the codec, and names the file when the codec fails too', async () => {
    const bytes = ONE_COLOR_NO_PALETTE.slice();
    bytes.set([0x41, 0x4c, 0x50, 0x48], 12); // the first chunk renamed ALPH
    await expect(decode('odd.webp', bytes)).rejects.toThrow('The file odd.webp is damaged or not a valid WebP image.');
  });

  it('refuses a PNG whose image data fails its CRC, as libpng does, but reads one whose ancillary chunk does', async () => {
    const bytes = (await encode(testImage(), 'png', { optimise: false })).slice();
    const view = new DataView(bytes.buffer);
    const idat = bytes.findIndex((_, i) => String.fromCharCode(...bytes.subarray(i, i + 4)) === 'IDAT') - 4;
    const crcAt = idat + 8 + view.getUint32(idat);
    const badData = bytes.slice();
    badData[crcAt] ^= 0xff;
    await expect(decode('crc.png', badData)).rejects.toThrow('The file crc.png is damaged or not a valid PNG image.');
    // An ancillary tEXt chunk with a wrong CRC after IHDR: libpng drops it and reads the picture.
    const text = [0, 0, 0, 4, ...[...'tEXta\0bc'].map((c) => c.charCodeAt(0)), 1, 2, 3, 4];
    const tolerated = new Uint8Array([...bytes.subarray(0, 33), ...text, ...bytes.subarray(33)]);
    const back = (await decode('tolerated.png', tolerated)).frames[0];
    expect([back.width, back.height]).toEqual([32, 16]);
    expect(at(back, 0, 0)).toEqual([0, 255, 0, 255]);
  });

  it('refuses text with a plain message', async () => {
    await expect(decode('notes.txt', new TextEncoder().encode('hello'))).rejects.toThrow('The file notes.txt is not an image this tool can read');
  });
});
