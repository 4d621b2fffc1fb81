/** The inpainting processor end to end: a painted marker blob in a real PNG or JPEG is gone from the file written back. */
import '../../tests/setup/offscreen-canvas';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { decodeMask, encodeMask } from '../lib/image/ops/inpaint-mask';
import { maskSchema } from '../lib/image/ops/inpaint-mask-schema';
import inpaint from './image-inpaint';
import findPerson from './image-inpaint-person';

// The segmentation model cannot run in Node (it is run for real by the background tools' end-to-end test);
// here it "finds" a disc of radius 16 at (40, 60) on its first call, and nothing after.
const seen: { width: number; height: number }[] = [];
vi.mock('../lib/segment/foreground', () => ({
  foregroundMask: async (image: { width: number; height: number }) => {
    seen.push(image);
    const matte = new Uint8Array(image.width * image.height);
    if (seen.length > 1) return matte;
    for (let y = 0; y < image.height; y++) for (let x = 0; x < image.width; x++) if (Math.hypot(x - 40, y - 60) <= 16) matte[y * image.width + x] = 255;
    return matte;
  },
}));

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const W = 160;
const H = 120;

/** Soft horizontal bands of green and sand with a magenta disc (radius 16) at (100, 50), as RGBA. */
function scene(): Buffer {
  const data = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const band = Math.floor(y / 8) % 2 ? [70, 130, 60] : [200, 180, 120];
      const rgb = Math.hypot(x - 100, y - 50) <= 16 ? [255, 0, 255] : band;
      data.set([...rgb, 255], (y * W + x) * 4);
    }
  return data;
}
const png = () => new Uint8Array(PNG.sync.write(Object.assign(new PNG({ width: W, height: H }), { data: scene() })));
const jpg = () => new Uint8Array(jpeg.encode({ data: scene(), width: W, height: H }, 95).data);

/** A mask on a half-size grid (80 x 60) covering the disc with a cell to spare. */
function blobMask() {
  const bits = new Uint8Array(80 * 60);
  for (let y = 0; y < 60; y++) for (let x = 0; x < 80; x++) if (Math.hypot(x * 2 + 1 - 100, y * 2 + 1 - 50) <= 20) bits[y * 80 + x] = 1;
  return encodeMask(bits, 80, 60);
}
const painted = (x: number, y: number) => Math.hypot(Math.floor(x / 2) * 2 + 1 - 100, Math.floor(y / 2) * 2 + 1 - 50) <= 20;
const magenta = (d: Uint8ClampedArray, i: number) => d[i] > 180 && d[i + 1] < 100 && d[i + 2] > 180;

describe('image-inpaint', () => {
  it('fills the painted blob with the bands around it and keeps every other pixel of a PNG exactly', async () => {
    const input = png();
    const copy = input.slice();
    const [out] = await inpaint.run([{ name: 'photo.png', type: 'image/png', bytes: input }], { mask: blobMask() }, ctx());
    expect(input).toEqual(copy);
    expect(out.type).toBe('image/png');
    const im = decodeRgba(out.bytes);
    const original = decodeRgba(copy);
    expect([im.width, im.height]).toEqual([W, H]);
    let changedOutside = 0;
    let markers = 0;
    let bandError = 0;
    let inside = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        if (!painted(x, y)) {
          if (im.data.subarray(i, i + 4).some((v, c) => v !== original.data[i + c])) changedOutside++;
          continue;
        }
        inside++;
        if (magenta(im.data, i)) markers++;
        // The hidden truth is the band of this row.
        const band = Math.floor(y / 8) % 2 ? [70, 130, 60] : [200, 180, 120];
        bandError += band.reduce((s, v, c) => s + Math.abs(v - im.data[i + c]), 0) / 3;
      }
    expect(changedOutside).toBe(0);
    expect(markers).toBe(0);
    expect(bandError / inside).toBeLessThan(15);
  });

  it('keeps a JPEG a JPEG, with the blob gone', async () => {
    const [out] = await inpaint.run([{ name: 'photo.jpg', type: 'image/jpeg', bytes: jpg() }], { mask: blobMask() }, ctx());
    expect(out.type).toBe('image/jpeg');
    const im = decodeRgba(out.bytes);
    let markers = 0;
    for (let i = 0; i < W * H; i++) if (magenta(im.data, i * 4)) markers++;
    expect(markers).toBe(0);
  });

  it('refuses a run with nothing painted, or with the whole photo painted', async () => {
    const file = { name: 'photo.png', type: 'image/png', bytes: png() };
    await expect(inpaint.run([file], {}, ctx())).rejects.toThrow(
      'Nothing is painted on photo.png. Please paint over what you want to remove, then try again.',
    );
    await expect(inpaint.run([file], { mask: encodeMask(new Uint8Array(80 * 60), 80, 60) }, ctx())).rejects.toThrow('Nothing is painted on photo.png.');
    await expect(inpaint.run([file], { mask: encodeMask(new Uint8Array(80 * 60).fill(1), 80, 60) }, ctx())).rejects.toThrow(
      'The painted area covers almost all of photo.png, so there is nothing left to fill it from. Please paint only what you want to remove.',
    );
  });

  it('refuses a mask of other proportions, a damaged mask and a file that is not an image', async () => {
    const file = { name: 'photo.png', type: 'image/png', bytes: png() };
    await expect(inpaint.run([file], { mask: encodeMask(new Uint8Array(100).fill(1), 10, 10) }, ctx())).rejects.toThrow(
      'The painted area (10 x 10) does not have the proportions of photo.png (160 x 120 pixels).',
    );
    await expect(inpaint.run([file], { mask: { width: 80, height: 60, runs: [10, 10] } }, ctx())).rejects.toThrow(
      'The painted area could not be read',
    );
    expect(inpaint.options.safeParse({ mask: { width: 5000, height: 60, runs: [1] } }).success).toBe(false);
    await expect(inpaint.run([{ name: 'notes.png', type: 'image/png', bytes: new TextEncoder().encode('not an image at all, just words') }], { mask: blobMask() }, ctx())).rejects.toThrow(
      'The file notes.png is not a JPG, PNG or WebP image. Please choose a JPG, PNG or WebP file.',
    );
  });
});

describe('image-inpaint-person', () => {
  it('returns the person the model found as a painted area on the page grid, grown by a cell', async () => {
    const [out] = await findPerson.run([{ name: 'photo.png', type: 'image/png', bytes: png() }], { gridWidth: 80, gridHeight: 60 }, ctx());
    expect(out.type).toBe('application/json');
    expect(seen[0]).toMatchObject({ width: W, height: H });
    const mask = maskSchema.parse(JSON.parse(new TextDecoder().decode(out.bytes)));
    const bits = decodeMask(mask);
    expect([mask.width, mask.height]).toEqual([80, 60]);
    // The disc's centre cell (20, 30), its edge cells (12, 30) and (28, 30), and one cell beyond each.
    for (const x of [11, 12, 20, 28]) expect(bits[30 * 80 + x]).toBe(1);
    expect(bits[30 * 80 + 9]).toBe(0);
    expect(bits[30 * 80 + 31]).toBe(0);
    expect(bits[5 * 80 + 70]).toBe(0);
  });

  it('says so when no person is found', async () => {
    await expect(findPerson.run([{ name: 'empty.png', type: 'image/png', bytes: png() }], { gridWidth: 80, gridHeight: 60 }, ctx())).rejects.toThrow(
      'No person was found in empty.png. Please paint over the person with the brush instead.',
    );
  });
});
