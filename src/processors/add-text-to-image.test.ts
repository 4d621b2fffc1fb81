/** Add text at a chosen point: the text lands where it was placed, in the chosen colour, and the centre stays the default. */
import { GlobalFonts } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { TEXT_FONT_FAMILY } from '../lib/image/text';
import addText from './add-text-to-image';

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', TEXT_FONT_FAMILY);

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

function black(width: number, height: number) {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([0, 0, 0, 255], i);
  return { name: 'p.png', type: 'image/png', bytes: new Uint8Array(PNG.sync.write(png)) };
}

/** The centre of the pixels whose red is above 200 (the white text). */
function inkCentre(bytes: Uint8Array): { x: number; y: number } {
  const im = decodeRgba(bytes);
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < im.height; y++)
    for (let x = 0; x < im.width; x++)
      if (im.data[(y * im.width + x) * 4] > 200) {
        sx += x;
        sy += y;
        n++;
      }
  return { x: sx / n, y: sy / n };
}

describe('add-text-to-image position', () => {
  it('centres the text on the image without a position, and on the given point with one', async () => {
    const base = { text: 'HI', fontSize: 30, textColor: '#ffffff' };
    const [centred] = await addText.run([black(300, 200)], addText.options.parse(base), ctx());
    const middle = inkCentre(centred.bytes);
    expect(Math.abs(middle.x - 150)).toBeLessThan(6);
    expect(Math.abs(middle.y - 100)).toBeLessThan(6);
    const [placed] = await addText.run([black(300, 200)], addText.options.parse({ ...base, textX: 0.2, textY: 0.8 }), ctx());
    const moved = inkCentre(placed.bytes);
    expect(Math.abs(moved.x - 60)).toBeLessThan(6);
    expect(Math.abs(moved.y - 160)).toBeLessThan(6);
  });

  it('refuses a position off the image', () => {
    expect(addText.options.safeParse({ text: 'a', fontSize: 10, textColor: '#fff', textX: 1.5 }).success).toBe(false);
  });
});
