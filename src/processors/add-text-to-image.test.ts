/** Add text at a chosen point: the text lands where it was placed, in the chosen colour, and the centre stays the default. */
import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { blackPngBytes, inkCentre } from '../../tests/support/text-ink';
import { TEXT_FONT_FAMILY } from '../lib/image/text';
import addText from './add-text-to-image';

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', TEXT_FONT_FAMILY);

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

describe('add-text-to-image position', () => {
  it('centres the text on the image without a position, and on the given point with one', async () => {
    const base = { text: 'HI', fontSize: 30, textColor: '#ffffff' };
    const [centred] = await addText.run([{ name: 'p.png', type: 'image/png', bytes: blackPngBytes(300, 200) }], addText.options.parse(base), ctx());
    const middle = inkCentre(centred.bytes);
    expect(Math.abs(middle.x - 150)).toBeLessThan(6);
    expect(Math.abs(middle.y - 100)).toBeLessThan(6);
    const [placed] = await addText.run([{ name: 'p.png', type: 'image/png', bytes: blackPngBytes(300, 200) }], addText.options.parse({ ...base, textX: 0.2, textY: 0.8 }), ctx());
    const moved = inkCentre(placed.bytes);
    expect(Math.abs(moved.x - 60)).toBeLessThan(6);
    expect(Math.abs(moved.y - 160)).toBeLessThan(6);
  });

  it('refuses a position off the image', () => {
    expect(addText.options.safeParse({ text: 'a', fontSize: 10, textColor: '#fff', textX: 1.5 }).success).toBe(false);
  });
});
