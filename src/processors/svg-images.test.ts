/** SVG in and out: svg-to-png rasterises with resvg; png-to-svg and jpg-to-svg trace into paths. Outputs are decoded and compared pixel by pixel. */
import { XMLParser } from 'fast-xml-parser';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSvg } from '../lib/image/svg-render';
import imageTrace from './image-trace';
import svgToPng from './svg-to-png';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const svgFile = (text: string, name = 'drawing.svg') => ({ name, type: 'image/svg+xml', bytes: new TextEncoder().encode(text) });

function pixel(png: PNG, x: number, y: number): number[] {
  const i = (y * png.width + x) * 4;
  return [...png.data.subarray(i, i + 4)];
}

const near = (a: number[], b: number[], tolerance = 24) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

afterEach(() => vi.restoreAllMocks());

describe('svg-to-png', () => {
  it('rasterises at the chosen size, in proportion and centred, with transparency around', async () => {
    const source = svgFile(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="50" height="50" fill="#ff0000"/><circle cx="75" cy="25" r="20" fill="#0000ff"/></svg>',
    );
    const before = source.bytes.slice();
    const [wide] = await svgToPng.run([source], { width: 200, height: 100 }, ctx());
    expect(source.bytes).toEqual(before);
    expect(wide.type).toBe('image/png');
    const out = PNG.sync.read(Buffer.from(wide.bytes));
    expect([out.width, out.height]).toEqual([200, 100]);
    expect(pixel(out, 50, 50)).toEqual([255, 0, 0, 255]);
    expect(pixel(out, 150, 50)).toEqual([0, 0, 255, 255]);
    // Between the square and the circle's edge nothing is drawn.
    expect(pixel(out, 104, 4)[3]).toBe(0);

    const [square] = await svgToPng.run([source], { width: 100, height: 100 }, ctx());
    const boxed = PNG.sync.read(Buffer.from(square.bytes));
    expect([boxed.width, boxed.height]).toEqual([100, 100]);
    // 100 x 50 drawn at 100 x 50 in the middle: transparent bands above and below.
    expect(pixel(boxed, 25, 10)[3]).toBe(0);
    expect(pixel(boxed, 25, 50)).toEqual([255, 0, 0, 255]);
    expect(pixel(boxed, 25, 90)[3]).toBe(0);
  });

  it('sets text in the site font, runs no script and fetches nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const source = svgFile(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40">
        <script>document.title = 'ran'</script>
        <image x="0" y="0" width="10" height="10" xlink:href="https://example.com/tracker.png"/>
        <text x="4" y="30" font-family="Arial" font-size="28" fill="#000">Ωmega</text></svg>`,
    );
    const [out] = await svgToPng.run([source], { width: 120, height: 40 }, ctx());
    const png = PNG.sync.read(Buffer.from(out.bytes));
    let ink = 0;
    for (let i = 3; i < png.data.length; i += 4) if (png.data[i]! > 128) ink++;
    expect(ink).toBeGreaterThan(200);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names a file that is not SVG, or a broken one', async () => {
    await expect(svgToPng.run([svgFile('hello', 'note.svg')], { width: 10, height: 10 }, ctx())).rejects.toThrow(
      'The file note.svg is damaged or not a valid SVG image.',
    );
    await expect(svgToPng.run([svgFile('<svg xmlns="http://www.w3.org/2000/svg"><rect', 'cut.svg')], { width: 10, height: 10 }, ctx())).rejects.toThrow(
      'The file cut.svg is damaged or not a valid SVG image.',
    );
  });
});

/** A PNG of flat shapes: a red square on white with a blue bar along the bottom. */
function shapes(width = 80, height = 60): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const inSquare = x >= 10 && x < 40 && y >= 10 && y < 40;
      const colour = y >= 48 ? [0, 0, 255] : inSquare ? [255, 0, 0] : [255, 255, 255];
      png.data.set([...colour, 255], (y * width + x) * 4);
    }
  return PNG.sync.write(png);
}

describe('png-to-svg and jpg-to-svg', () => {
  it('trace the picture into filled paths, with no raster inside, that draw the same picture again', async () => {
    const input = { name: 'logo.png', type: 'image/png', bytes: new Uint8Array(shapes()) };
    const [out] = await imageTrace.run([input], {}, ctx());
    expect(out.type).toBe('image/svg+xml');
    const text = new TextDecoder().decode(out.bytes);
    expect(text).not.toMatch(/<image|data:image|base64/);
    const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);
    expect(tree.svg).toMatchObject({ width: '80', height: '60', viewBox: '0 0 80 60' });
    const paths = [tree.svg.path].flat() as { fill: string; d: string }[];
    expect(paths.length).toBeGreaterThanOrEqual(3);
    expect(paths.map((p) => p.fill)).toEqual(expect.arrayContaining(['rgb(255,0,0)', 'rgb(0,0,255)', 'rgb(255,255,255)']));
    expect(out.meta).toMatchObject({ width: 80, height: 60 });

    // Drawn again, the paths give the original picture back.
    const redrawn = await renderSvg('logo.svg', out.bytes, 80, 60);
    const original = PNG.sync.read(shapes());
    let same = 0;
    for (let i = 0; i < original.data.length; i += 4) {
      if (near([...redrawn.data.subarray(i, i + 3)], [...original.data.subarray(i, i + 3)], 40)) same++;
    }
    expect(same / (80 * 60)).toBeGreaterThan(0.95);
  });

  it('traces a JPEG photo that is larger than the tracing size at reduced size, keeping its dimensions', async () => {
    const width = 1400;
    const height = 900;
    const data = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.set([x < width / 2 ? 240 : 20, 120, y < height / 2 ? 30 : 200, 255], (y * width + x) * 4);
    const bytes = new Uint8Array(jpeg.encode({ data, width, height }, 90).data);
    const [out] = await imageTrace.run([{ name: 'photo.jpg', type: 'image/jpeg', bytes }], {}, ctx());
    const text = new TextDecoder().decode(out.bytes);
    expect(text).toMatch(/^<svg width="1400" height="900" viewBox="0 0 1400 900"/);
    const redrawn = await renderSvg('photo.svg', out.bytes, 350, 225);
    expect(near([...redrawn.data.subarray(0, 3)], [240, 120, 30], 40)).toBe(true);
    const last = (225 * 350 - 1) * 4;
    expect(near([...redrawn.data.subarray(last, last + 3)], [20, 120, 200], 40)).toBe(true);
  });

  it('names a damaged image', async () => {
    const bytes = new Uint8Array(shapes()).slice(0, 60);
    await expect(imageTrace.run([{ name: 'cut.png', type: 'image/png', bytes }], {}, ctx())).rejects.toThrow(/cut\.png is damaged or not a valid PNG image/);
  });
});
