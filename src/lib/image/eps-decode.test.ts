/** EPS in through Ghostscript WebAssembly (the same module the worker loads), read back pixel by pixel. */
import { describe, expect, it } from 'vitest';
import { encode as encodeEps } from './codecs/eps';
import { decode } from './decode';
import { epsBoundingBox, postscriptOf } from './header';

const ps = (body: string, box = '0 0 100 50') => new TextEncoder().encode(`%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: ${box}\n%%EndComments\n${body}\nshowpage\n%%EOF\n`);
const rgbAt = (image: { width: number; data: Uint8ClampedArray }, x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)];

describe('EPS input', () => {
  it('renders vector PostScript at the chosen resolution, cropped to its bounding box', async () => {
    const file = ps('1 0 0 setrgbcolor 0 0 50 50 rectfill 0 0 1 setrgbcolor 50 0 50 50 rectfill');
    const before = file.slice();
    const { format, frames } = await decode('shapes.eps', file, { dpi: 144 });
    expect(file).toEqual(before);
    expect(format).toBe('eps');
    const [image] = frames;
    expect([image!.width, image!.height]).toEqual([200, 100]);
    expect(rgbAt(image!, 50, 50)).toEqual([255, 0, 0]);
    expect(rgbAt(image!, 150, 50)).toEqual([0, 0, 255]);
  }, 60_000);

  it("reads back the site's own EPS output", async () => {
    const data = new Uint8ClampedArray(6 * 4 * 4);
    for (let i = 0; i < data.length; i += 4) data.set(i / 4 % 6 < 3 ? [255, 0, 0, 255] : [0, 200, 0, 255], i);
    const { frames } = await decode('round.eps', encodeEps({ width: 6, height: 4, data }), { dpi: 72 });
    expect([frames[0]!.width, frames[0]!.height]).toEqual([6, 4]);
    expect(rgbAt(frames[0]!, 0, 0)).toEqual([255, 0, 0]);
    expect(rgbAt(frames[0]!, 5, 3)).toEqual([0, 200, 0]);
  }, 60_000);

  it('refuses a bounding box too large to draw at the resolution, before rendering', async () => {
    await expect(decode('poster.eps', ps('', '0 0 20000 20000'), { dpi: 300 })).rejects.toThrow(
      /^The image poster\.eps is 83333 x 83333 pixels \(6944 megapixels\), more than can be converted/,
    );
  });

  it('gives the damaged-file message for a file without a bounding box, a PostScript error, or a file access -dSAFER forbids', async () => {
    const noBox = new TextEncoder().encode('%!PS-Adobe-3.0 EPSF-3.0\n0 0 10 10 rectfill showpage\n');
    await expect(decode('nobox.eps', noBox)).rejects.toThrow('The file nobox.eps is damaged or not a valid EPS image.');
    await expect(decode('bad.eps', ps('this is not postscript'))).rejects.toThrow('The file bad.eps is damaged or not a valid EPS image.');
    await expect(decode('peek.eps', ps('(/etc/passwd) (r) file 100 string readstring pop pop'))).rejects.toThrow(
      'The file peek.eps is damaged or not a valid EPS image.',
    );
  }, 60_000);

  it('finds the PostScript behind a DOS EPS header and prefers the high-resolution box', () => {
    const body = new TextEncoder().encode('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 11 21\n%%HiResBoundingBox: 0 0 10.5 20.25\n');
    const header = new Uint8Array(30);
    header.set([0xc5, 0xd0, 0xd3, 0xc6]);
    new DataView(header.buffer).setUint32(4, 30, true);
    new DataView(header.buffer).setUint32(8, body.length, true);
    const dos = new Uint8Array(30 + body.length);
    dos.set(header);
    dos.set(body, 30);
    expect(epsBoundingBox(postscriptOf(dos)!)).toEqual({ width: 10.5, height: 20.25 });
  });
});
