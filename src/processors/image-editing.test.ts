/** The classical image editing processors, run end to end on generated images and checked pixel by pixel. */
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { GlobalFonts } from '@napi-rs/canvas';
import { unzipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { TEXT_FONT_FAMILY } from '../lib/image/text';
import addBorder from './add-border-to-image';
import addText from './add-text-to-image';
import blackAndWhite from './black-and-white-image';
import collage from './collage-maker';
import crop from './crop-image';
import flip from './flip-image';
import splitter from './image-splitter';
import shape from './image-shape';
import merge from './merge-images';
import pixelate from './pixelate-image';
import resize from './resize-image-dimensions';

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', TEXT_FONT_FAMILY);

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

/** A PNG whose left half is red and right half blue (top quarter green), width x height. */
function halves(width = 40, height = 20): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = y < height / 4 ? [0, 200, 0] : x < width / 2 ? [220, 0, 0] : [0, 0, 220];
      png.data.set([...colour, 255], (y * width + x) * 4);
    }
  return new Uint8Array(PNG.sync.write(png));
}
function flatJpeg(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return new Uint8Array(jpeg.encode({ data, width, height }, 95).data);
}
const file = (name: string, bytes: Uint8Array) => ({ name, type: name.endsWith('.png') ? 'image/png' : 'image/jpeg', bytes });
const at = (im: { width: number; data: Uint8ClampedArray }, x: number, y: number) => [...im.data.subarray((y * im.width + x) * 4, (y * im.width + x) * 4 + 4)];
const near = (a: number[], b: number[], tolerance = 6) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

describe('image editing processors', () => {
  it('flip-image swaps the halves and keeps PNG', async () => {
    const input = halves();
    const before = input.slice();
    const [out] = await flip.run([file('a.png', input)], { direction: 'horizontal' }, ctx());
    expect(out.type).toBe('image/png');
    const im = decodeRgba(out.bytes);
    expect(at(im, 2, 15)).toEqual([0, 0, 220, 255]);
    expect(at(im, 37, 15)).toEqual([220, 0, 0, 255]);
    const [v] = await flip.run([file('a.png', input)], { direction: 'vertical' }, ctx());
    expect(at(decodeRgba(v.bytes), 2, 19)).toEqual([0, 200, 0, 255]);
    expect(input).toEqual(before);
  });

  it('keeps JPEG as JPEG', async () => {
    const [out] = await flip.run([file('p.jpg', flatJpeg(16, 8, [30, 90, 200]))], { direction: 'vertical' }, ctx());
    expect(out.type).toBe('image/jpeg');
    expect(near(at(decodeRgba(out.bytes), 8, 4), [30, 90, 200, 255])).toBe(true);
  });

  it('black-and-white-image writes R = G = B', async () => {
    const [out] = await blackAndWhite.run([file('a.png', halves())], { contrast: 50 }, ctx());
    const im = decodeRgba(out.bytes);
    for (const [x, y] of [[1, 1], [5, 15], [35, 15]]) {
      const [r, g, b] = at(im, x, y);
      expect(r).toBe(g);
      expect(g).toBe(b);
    }
    expect(at(im, 1, 1)[0]).toBeGreaterThan(at(im, 35, 15)[0]);
  });

  it('pixelate-image averages blocks', async () => {
    const [out] = await pixelate.run([file('a.png', halves(40, 20))], { pixelSize: 10 }, ctx());
    const im = decodeRgba(out.bytes);
    // The block at (0..9, 0..9) has 5 green rows and 5 red rows.
    expect(at(im, 0, 0)).toEqual(at(im, 9, 9));
    expect(at(im, 0, 0)).toEqual([110, 100, 0, 255]);
  });

  it('make-round-image (image-shape circle) has transparent corners and an opaque centre, as PNG', async () => {
    const [out] = await shape.run([file('p.jpg', flatJpeg(60, 40, [200, 100, 50]))], { shape: 'circle' }, ctx());
    expect(out.type).toBe('image/png');
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height]).toEqual([40, 40]);
    expect(at(im, 0, 0)[3]).toBe(0);
    expect(at(im, 39, 0)[3]).toBe(0);
    expect(at(im, 20, 20)[3]).toBe(255);
  });

  it('profile-photo-maker brings a large photo down to maxSide', async () => {
    const [out] = await shape.run([file('p.jpg', flatJpeg(300, 200, [200, 100, 50]))], { shape: 'rounded-square', maxSide: 64 }, ctx());
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height]).toEqual([64, 64]);
    expect(at(im, 0, 0)[3]).toBe(0);
    expect(at(im, 0, 32)[3]).toBe(255);
  });

  it('add-border-to-image adds 2 x width to each dimension, in the colour', async () => {
    const [out] = await addBorder.run([file('a.png', halves())], { borderWidth: 7, borderColor: '#ffcc00' }, ctx());
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height]).toEqual([54, 34]);
    expect(at(im, 0, 0)).toEqual([255, 204, 0, 255]);
    expect(at(im, 53, 20)).toEqual([255, 204, 0, 255]);
    expect(at(im, 7, 7)).toEqual([0, 200, 0, 255]);
    await expect(addBorder.run([file('a.png', halves())], { borderWidth: 7, borderColor: 'nope' }, ctx())).rejects.toThrow(
      'The border colour nope is not a colour.',
    );
  });

  it('crop-image cuts the exact rectangle, cuts an area running off the edge, refuses one outside', async () => {
    const [out] = await crop.run([file('a.png', halves())], { x: 15, y: 10, width: 10, height: 5 }, ctx());
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height]).toEqual([10, 5]);
    expect(at(im, 0, 0)).toEqual([220, 0, 0, 255]);
    expect(at(im, 9, 0)).toEqual([0, 0, 220, 255]);
    const [cut] = await crop.run([file('a.png', halves())], { x: 30, y: 0, width: 100, height: 100 }, ctx());
    expect(cut.notice).toContain('10 x 20 pixels');
    await expect(crop.run([file('a.png', halves())], { x: 40, y: 0, width: 5, height: 5 }, ctx())).rejects.toThrow(
      'The crop area starts at X 40, Y 0, outside the image a.png (40 x 20 pixels).',
    );
  });

  it('image-splitter zips tiles that reassemble into the input', async () => {
    const input = halves(41, 21);
    const [out] = await splitter.run([file('s.png', input)], { rows: 2, columns: 3 }, ctx());
    expect(out.type).toBe('application/zip');
    const entries = unzipSync(out.bytes);
    const names = Object.keys(entries).sort();
    expect(names).toHaveLength(6);
    expect(names[0]).toBe('s-row1-col1.png');
    const source = decodeRgba(input);
    let x = 0;
    for (const c of [1, 2, 3]) {
      const tile = decodeRgba(entries[`s-row2-col${c}.png`]);
      const top = decodeRgba(entries[`s-row1-col${c}.png`]);
      for (let ty = 0; ty < tile.height; ty++)
        for (let tx = 0; tx < tile.width; tx++) expect(at(tile, tx, ty)).toEqual(at(source, x + tx, top.height + ty));
      x += tile.width;
    }
    expect(x).toBe(41);
  });

  it('merge-images stacks with spacing into one PNG', async () => {
    const [out] = await merge.run([file('a.png', halves(40, 20)), file('b.jpg', flatJpeg(20, 10, [0, 0, 0]))], { direction: 'vertical', spacing: 'small' }, ctx());
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height]).toEqual([40, 35]);
    expect(at(im, 20, 22)[3]).toBe(0);
    expect(near(at(im, 20, 30), [0, 0, 0, 255])).toBe(true);
    expect(out.meta).toMatchObject({ imageCount: 2, direction: 'vertical' });
  });

  it('resize-image-dimensions resizes exactly, or within the box when the aspect ratio is kept', async () => {
    const [exact] = await resize.run([file('a.png', halves())], { width: 13, height: 31, keepAspectRatio: false }, ctx());
    expect(decodeRgba(exact.bytes).width).toBe(13);
    expect(decodeRgba(exact.bytes).height).toBe(31);
    const [kept] = await resize.run([file('a.png', halves(40, 20))], { width: 100, height: 100, keepAspectRatio: true }, ctx());
    const im = decodeRgba(kept.bytes);
    expect([im.width, im.height]).toEqual([100, 50]);
    expect(kept.vars).toEqual({ width: 100, height: 50 });
    expect(near(at(im, 10, 40), [220, 0, 0, 255])).toBe(true);
  });

  it('collage-maker fills the 2 x 2 grid and says when images are left out', async () => {
    const inputs = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [250, 250, 0], [0, 0, 0]].map((c, i) =>
      file(`${i}.jpg`, flatJpeg(30, 20, c as [number, number, number])),
    );
    const [out] = await collage.run(inputs, { layout: 'grid-2x2' }, ctx());
    const im = decodeRgba(out.bytes);
    expect([im.width, im.height]).toEqual([1200, 1200]);
    expect(near(at(im, 300, 300), [255, 0, 0, 255], 10)).toBe(true);
    expect(near(at(im, 900, 900), [250, 250, 0, 255], 10)).toBe(true);
    expect(at(im, 2, 2)).toEqual([255, 255, 255, 255]);
    expect(out.notice).toBe('This layout holds 4 images, so the last image was left out.');
  });

  it('add-text-to-image draws the text in the colour in the middle', async () => {
    const [out] = await addText.run([file('p.jpg', flatJpeg(200, 80, [0, 0, 0]))], { text: 'HELLO', fontSize: 40, textColor: '#ffffff' }, ctx());
    const im = decodeRgba(out.bytes);
    let bright = 0;
    for (let y = 20; y < 60; y++) for (let x = 0; x < 200; x++) if (at(im, x, y)[0] > 200) bright++;
    expect(bright).toBeGreaterThan(300);
    expect(at(im, 2, 2)[0]).toBeLessThan(20);
  });

  it('refuses a file that is no image and a PNG claiming a huge size, naming the file', async () => {
    await expect(flip.run([file('x.png', new TextEncoder().encode('hello'))], { direction: 'horizontal' }, ctx())).rejects.toThrow(
      'The file x.png is not a JPG, PNG or WebP image. Please choose a JPG, PNG or WebP file.',
    );
    const huge = halves(4, 4);
    new DataView(huge.buffer).setUint32(16, 60000);
    new DataView(huge.buffer).setUint32(20, 60000);
    await expect(flip.run([file('h.png', huge)], { direction: 'horizontal' }, ctx())).rejects.toThrow('The image h.png is 60000 x 60000 pixels');
  });
});
