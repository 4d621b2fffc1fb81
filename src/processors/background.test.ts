import '../../tests/setup/offscreen-canvas';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import background from './background';

// The model cannot run in Node: a stand-in returns the true subject of the generated scene (the centre square).
vi.mock('../lib/segment/foreground', () => ({
  SEGMENT_DOWNLOAD_BYTES: 1,
  foregroundMask: async (image: { width: number; height: number }, onProgress?: (d: number, t: number) => void) => {
    onProgress?.(1, 1);
    const mask = new Uint8Array(image.width * image.height);
    for (let y = 20; y < 40; y++) for (let x = 20; x < 40; x++) mask[y * image.width + x] = 255;
    return mask;
  },
}));

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

/** A 60 x 60 scene: a red square subject (20..39) on a background that is flat white or striped. */
function scene(striped: boolean): Uint8Array {
  const png = new PNG({ width: 60, height: 60 });
  for (let y = 0; y < 60; y++)
    for (let x = 0; x < 60; x++) {
      const subject = x >= 20 && x < 40 && y >= 20 && y < 40;
      const bg = striped && x % 4 < 2 ? [0, 0, 0] : [255, 255, 255];
      png.data.set([...(subject ? [220, 30, 30] : bg), 255], (y * 60 + x) * 4);
    }
  return new Uint8Array(PNG.sync.write(png));
}
const input = (bytes: Uint8Array) => [{ name: 'scene.png', type: 'image/png', bytes }];
const alpha = (im: { width: number; data: Uint8ClampedArray }, x: number, y: number) => im.data[(y * im.width + x) * 4 + 3];

describe('background', () => {
  it('remove: background pixels become transparent, subject pixels stay opaque, as PNG', async () => {
    const [out] = await background.run(input(scene(true)), { mode: 'remove', method: 'auto', tolerance: 32 }, ctx());
    expect(out.type).toBe('image/png');
    const im = decodeRgba(out.bytes);
    expect(alpha(im, 2, 2)).toBe(0);
    expect(alpha(im, 50, 30)).toBe(0);
    expect(alpha(im, 30, 30)).toBe(255);
    expect(im.data.subarray((30 * 60 + 30) * 4, (30 * 60 + 30) * 4 + 3)).toEqual(new Uint8ClampedArray([220, 30, 30]));
  });

  it('transparent: a flat background is keyed out by colour, without the model', async () => {
    const [out] = await background.run(input(scene(false)), { mode: 'transparent', method: 'auto', tolerance: 32 }, ctx());
    expect(out.vars).toEqual({ method: 'colour key' });
    const im = decodeRgba(out.bytes);
    expect(alpha(im, 2, 2)).toBe(0);
    expect(alpha(im, 30, 30)).toBe(255);
  });

  it('transparent: a busy background goes to the model', async () => {
    const [out] = await background.run(input(scene(true)), { mode: 'transparent', method: 'auto', tolerance: 32 }, ctx());
    expect(out.vars).toEqual({ method: 'segmentation' });
  });

  it('transparent: a colour the user chooses is keyed out within the tolerance, without the model, even on a busy picture', async () => {
    const [out] = await background.run(input(scene(true)), { mode: 'transparent', method: 'colour', keyColour: '#000000', tolerance: 10 }, ctx());
    expect(out.vars).toEqual({ method: 'colour key' });
    const im = decodeRgba(out.bytes);
    // Black stripes go, white stripes and the red subject stay.
    expect(alpha(im, 0, 5)).toBe(0);
    expect(alpha(im, 2, 5)).toBe(255);
    expect(alpha(im, 30, 30)).toBe(255);
  });

  it('transparent: a colour field left behind by the automatic method is not used as a key', async () => {
    const [out] = await background.run(input(scene(true)), { mode: 'transparent', method: 'auto', keyColour: '#000000', tolerance: 32 }, ctx());
    expect(out.vars).toEqual({ method: 'segmentation' });
  });

  it('blur: the background is blurred (stripes flatten) while the subject stays exact', async () => {
    const [out] = await background.run(input(scene(true)), { mode: 'blur', method: 'auto', intensity: 100, tolerance: 32 }, ctx());
    const im = decodeRgba(out.bytes);
    const red = (x: number, y: number) => im.data[(y * 60 + x) * 4];
    // Sharp stripes were 0 and 255; blurred they come together.
    expect(Math.abs(red(1, 5) - red(3, 5))).toBeLessThan(120);
    expect(red(30, 30)).toBe(220);
    expect(alpha(im, 2, 2)).toBe(255);
  });
});
