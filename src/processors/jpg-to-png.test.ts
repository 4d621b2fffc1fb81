import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { ToolError } from '../lib/errors';
import { readPngSize } from '../lib/image/header';
import jpgToPng from './jpg-to-png';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const jpg = (name: string, bytes: Uint8Array) => ({ name, type: 'image/jpeg', bytes });

/** A 48 x 30 JPEG with a colour gradient and a blue square. */
function gradientJpeg(): Uint8Array {
  const canvas = createCanvas(48, 30);
  const g = canvas.getContext('2d');
  const gradient = g.createLinearGradient(0, 0, 48, 30);
  gradient.addColorStop(0, '#ffcc00');
  gradient.addColorStop(1, '#008040');
  g.fillStyle = gradient;
  g.fillRect(0, 0, 48, 30);
  g.fillStyle = '#0000ff';
  g.fillRect(30, 5, 12, 12);
  return new Uint8Array(canvas.encodeSync('jpeg', 75));
}

describe('jpg-to-png', () => {
  it('writes a PNG of the same size whose pixels equal the decoded JPEG', async () => {
    const input = gradientJpeg();
    const before = input.slice();
    const progress = ctx();
    const [out] = await jpgToPng([jpg('photo.jpg', input)], {}, progress);
    expect(out.type).toBe('image/png');
    expect(readPngSize(out.bytes)).toEqual({ width: 48, height: 30 });
    expect(out.meta).toEqual({ width: 48, height: 30, originalSize: input.byteLength });
    const source = decodeRgba(input);
    const result = decodeRgba(out.bytes);
    expect([result.width, result.height]).toEqual([48, 30]);
    expect(Buffer.from(result.data).equals(Buffer.from(source.data))).toBe(true);
    // The blue square really is there, so the comparison is not between two blank images.
    const i = (10 * 48 + 35) * 4;
    expect(result.data[i + 2]).toBeGreaterThan(200);
    expect(result.data[i]).toBeLessThan(40);
    expect(input).toEqual(before);
    expect(progress.onProgress).toHaveBeenLastCalledWith(1, 1);
  });

  it('refuses a JPEG frame header claiming 60000 x 60000 pixels before decoding', async () => {
    const decodeSpy = vi.spyOn(globalThis, 'createImageBitmap');
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 8, 0xea, 0x60, 0xea, 0x60, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    const run = jpgToPng([jpg('huge.jpg', bytes)], {}, ctx());
    await expect(run).rejects.toThrow(ToolError);
    await expect(run).rejects.toThrow('The image huge.jpg is 60000 x 60000 pixels');
    expect(decodeSpy).not.toHaveBeenCalled();
    decodeSpy.mockRestore();
  });

  it('names a .jpg file that holds a PNG', async () => {
    const png = new Uint8Array(createCanvas(4, 4).encodeSync('png'));
    await expect(jpgToPng([jpg('scan.jpg', png)], {}, ctx())).rejects.toThrow(
      'The file scan.jpg is not a JPEG image (it contains a PNG image). Please choose a JPEG file.',
    );
  });

  it('names a JPEG whose size cannot be read', async () => {
    const noFrame = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xd9]);
    await expect(jpgToPng([jpg('broken.jpg', noFrame)], {}, ctx())).rejects.toThrow(
      'The file broken.jpg is damaged: its image size could not be read. Please choose another JPEG image.',
    );
  });
});
