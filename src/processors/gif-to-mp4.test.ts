import { describe, expect, it, vi } from 'vitest';
import { encode as encodeGif } from '../lib/image/codecs/gif';
import gifToMp4, { noH264Message } from './gif-to-mp4';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

describe('gif-to-mp4', () => {
  it('says plainly when there is no H.264 encoder (Node has no WebCodecs), leaving the input untouched', async () => {
    const data = new Uint8ClampedArray(4 * 4 * 4).fill(200);
    const bytes = encodeGif([{ width: 4, height: 4, data, delayMs: 100 }]);
    const before = bytes.slice();
    await expect(gifToMp4.run([{ name: 'a.gif', type: 'image/gif', bytes }], {}, ctx())).rejects.toThrow(noH264Message());
    expect(bytes).toEqual(before);
  });

  it('names a damaged GIF before looking for an encoder', async () => {
    const whole = encodeGif([{ width: 4, height: 4, data: new Uint8ClampedArray(64).fill(90), delayMs: 100 }]);
    const bytes = whole.slice(0, 20);
    await expect(gifToMp4.run([{ name: 'b.gif', type: 'image/gif', bytes }], {}, ctx())).rejects.toThrow(/b\.gif is damaged or not a valid GIF image/);
  });
});
