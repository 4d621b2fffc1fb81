import { describe, expect, it } from 'vitest';
import { decode } from '../image/decode';
import { encodeImage } from './images';

/** pdf.js's ImageKind for 24-bit RGB. */
const RGB_24BPP = 2;

function rgb(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  return { width, height, kind: RGB_24BPP, data };
}

describe('images for Word', () => {
  it('stores a photograph as a JPEG of its size and colours', async () => {
    // Many colours: a smooth two-way gradient with fine noise.
    const photo = rgb(320, 240, (x, y) => [(x * 255) / 319, (y * 255) / 239, ((x * 7 + y * 13) % 64) + 96]);
    const out = (await encodeImage(photo))!;
    expect(out.type).toBe('jpg');
    const back = await decode('photo.jpg', out.data);
    expect([back.frames[0].width, back.frames[0].height]).toEqual([320, 240]);
    const at = (x: number, y: number) => back.frames[0].data[(y * 320 + x) * 4];
    expect(at(5, 120)).toBeLessThan(30);
    expect(at(315, 120)).toBeGreaterThan(225);
  });

  it('stores a picture of few colours as a lossless PNG', async () => {
    const chart = rgb(300, 300, (x) => (x < 150 ? [200, 30, 30] : [255, 255, 255]));
    const out = (await encodeImage(chart))!;
    expect(out.type).toBe('png');
    const back = (await decode('chart.png', out.data)).frames[0];
    expect([...back.data.subarray(0, 4)]).toEqual([200, 30, 30, 255]);
    expect([...back.data.subarray(299 * 4, 300 * 4)]).toEqual([255, 255, 255, 255]);
  });
});
