/**
 * The AVIF and JPEG XL converters, run as their manifests configure the
 * shared converter, each output decoded again.
 */
import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { decode } from '../lib/image/decode';
import { encode } from '../lib/image/encode';
import { sniffFormat } from '../lib/image/header';
import { texturedPhoto as photo } from '../../tests/support/image-fixtures';
import { readManifest } from '../manifests/read';
import processor, { keptNote, options } from './image-convert';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const file = (name: string, bytes: Uint8Array) => ({ name, type: '', bytes });

/** Runs a converter with its manifest's settings and defaults, plus `values`. */
function runTool(slug: string, inputs: { name: string; bytes: Uint8Array }[], values: Record<string, unknown> = {}) {
  const manifest = readManifest(slug);
  const defaults = Object.fromEntries(manifest.options.map((o) => [o.name, o.default]));
  const parsed = options.parse({ ...defaults, ...values, ...manifest.processorSettings });
  return processor.run(inputs.map((i) => file(i.name, i.bytes)), parsed, ctx());
}


function meanError(a: { data: ArrayLike<number> }, b: { data: ArrayLike<number> }): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

describe('converters to AVIF and JPEG XL', () => {
  const source = photo(120, 80, true);
  const opaque = photo(120, 80);

  it.each([
    ['jpg-to-avif', 'jpg', 'avif'],
    ['png-to-avif', 'png', 'avif'],
    ['webp-to-avif', 'webp', 'avif'],
    ['jpg-to-jxl', 'jpg', 'jxl'],
    ['png-to-jxl', 'png', 'jxl'],
  ] as const)('%s: the output decodes to the same size, close to the source', async (slug, from, to) => {
    const picture = from === 'png' ? source : opaque;
    const input = await encode(picture, from, from === 'webp' ? { lossless: true } : { quality: 95 });
    const [out] = await runTool(slug, [{ name: `photo.${from}`, bytes: input }]);
    expect(out.type).toBe(to === 'avif' ? 'image/avif' : 'image/jxl');
    expect(sniffFormat(out.bytes)).toBe(to);
    expect(out.meta).toMatchObject({ width: 120, height: 80, quality: to === 'avif' ? '50%' : '75%' });
    const back = (await decode(`photo.${to}`, out.bytes)).frames[0];
    expect([back.width, back.height]).toEqual([120, 80]);
    // Against the decoded input, so only this conversion's loss is measured.
    expect(meanError(back, (await decode(`photo.${from}`, input)).frames[0])).toBeLessThan(4);
    expect(out.note).toBeUndefined();
  });

  it.each(['png-to-avif', 'png-to-jxl'])('%s lossless keeps the pixels and transparency', async (slug) => {
    const input = await encode(source, 'png');
    const [out] = await runTool(slug, [{ name: 'a.png', bytes: input }], { lossless: true });
    expect(out.meta?.quality).toBe('Lossless');
    const back = (await decode('a', out.bytes)).frames[0];
    let max = 0;
    for (let i = 0; i < back.data.length; i++) max = Math.max(max, Math.abs(back.data[i] - source.data[i]));
    // JPEG XL's decoder hands pixels through floating point: a few values come back one level off.
    expect(max).toBeLessThanOrEqual(slug === 'png-to-avif' ? 0 : 1);
  });
});

describe('converters from AVIF and JPEG XL', () => {
  const source = photo(90, 70, true);

  it.each([
    ['avif-to-jpg', 'avif', 'jpg'],
    ['avif-to-png', 'avif', 'png'],
    ['jxl-to-jpg', 'jxl', 'jpg'],
    ['jxl-to-png', 'jxl', 'png'],
  ] as const)('%s: right size, close picture, read by an independent decoder', async (slug, from, to) => {
    const input = await encode(source, from, { quality: 90 });
    const [out] = await runTool(slug, [{ name: `in.${from}`, bytes: input }]);
    const decodedInput = (await decode(`in.${from}`, input)).frames[0];
    if (to === 'png') {
      const png = PNG.sync.read(Buffer.from(out.bytes));
      expect([png.width, png.height]).toEqual([90, 70]);
      // PNG is lossless: exactly the decoded input, transparency included.
      expect(Buffer.from(png.data).equals(Buffer.from(decodedInput.data))).toBe(true);
    } else {
      const jpg = jpegJs.decode(out.bytes, { useTArray: true });
      expect([jpg.width, jpg.height]).toEqual([90, 70]);
      // The transparent corner is flattened onto white; elsewhere the JPEG is close to the decoded input.
      const at = (img: { data: ArrayLike<number> }, x: number, y: number) => Array.from({ length: 3 }, (_, k) => img.data[(y * 90 + x) * 4 + k]);
      expect(at(jpg, 60, 50).every((v, k) => Math.abs(v - at(decodedInput, 60, 50)[k]) < 12)).toBe(true);
      expect(decodedInput.data[(5 * 90 + 5) * 4 + 3]).toBeLessThan(200);
    }
  });

  it.each([
    ['avif-to-png', 'avif', 'AVIF'],
    ['jxl-to-png', 'jxl', 'JPEG XL'],
  ])('%s names a damaged file', async (slug, ext, label) => {
    const bytes = await encode(source, ext as 'avif' | 'jxl', { quality: 60 });
    await expect(runTool(slug, [{ name: `cut.${ext}`, bytes: bytes.slice(0, bytes.length >> 1) }])).rejects.toThrow(
      `The file cut.${ext} is damaged or not a valid ${label} image.`,
    );
  });
});

describe('a converter writing the format its input already is', () => {
  it('keeps the original when its own output would be larger, and the card says so', async () => {
    // A tiny lossless WebP named .png: PNG to WebP would make it larger.
    const tiny = await encode({ width: 16, height: 16, data: new Uint8ClampedArray(16 * 16 * 4).fill(200) }, 'webp', { lossless: true });
    const [out] = await runTool('png-to-webp', [{ name: 'odd.png', bytes: tiny }], { quality: 100 });
    expect(out.bytes).toEqual(tiny);
    expect(out.note).toBe(keptNote());
  });
});
