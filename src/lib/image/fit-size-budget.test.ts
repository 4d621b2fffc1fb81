/**
 * The size limit's cost: at most MAX_FULL_ENCODES encodes of the picture
 * (at the size tried or delivered) per fit, with the real encoders, and a
 * quality close to the exhaustive answer (every quality from the floor to the
 * ceiling encoded at the delivered size). Encodes of the sample are counted
 * apart, and must be of small pictures.
 */
import { describe, expect, it } from 'vitest';
import { encode, type EncodeFormat } from './encode';
import { fitUnder, isFitSample, MAX_FULL_ENCODES, QUALITY_CEILING, QUALITY_FLOOR, sampleOf, type EncodeAt, type FitResult } from './fit-size';
import { resize } from './ops/resample';
import type { RasterImage } from './types';
import { seededRandom } from '../seeded-random';

/** Photo-like: smooth colour fields, soft shapes, edges and sensor-like noise. */
function photo(width: number, height: number, seed: number): RasterImage {
  const random = seededRandom(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  const blobs = Array.from({ length: 6 }, () => ({ x: random() * width, y: random() * height, r: (0.1 + random() * 0.3) * width, c: [random() * 255, random() * 255, random() * 255] }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let r = 60 + (150 * y) / height;
      let g = 90 + 80 * Math.sin((x + seed * 30) / 70);
      let b = 200 - (120 * y) / height;
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y);
        if (d < blob.r) {
          const w = 0.7 * (1 - d / blob.r);
          r = r * (1 - w) + blob.c[0] * w;
          g = g * (1 - w) + blob.c[1] * w;
          b = b * (1 - w) + blob.c[2] * w;
        }
      }
      // Texture (foliage, fabric): stronger in the lower half, as in a landscape.
      const texture = (y > height / 2 ? 28 : 8) * Math.sin(x * 0.9 + y * 0.45 + seed) * Math.sin(y * 1.3 - x * 0.2);
      const noise = (random() - 0.5) * 18;
      data[i] = r + texture + noise;
      data[i + 1] = g + texture + noise;
      data[i + 2] = b + texture * 0.5 + noise;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Flat graphics: a few solid colours in rectangles and bands, as a chart or a screenshot. */
function graphic(width: number, height: number): RasterImage {
  const data = new Uint8ClampedArray(width * height * 4);
  const colours = [
    [255, 255, 255],
    [30, 60, 160],
    [230, 120, 30],
    [40, 160, 80],
    [20, 20, 20],
  ];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let c = colours[0];
      if (y < height / 8) c = colours[1];
      else if (x % 80 > 20 && x % 80 < 60 && y > height - ((x * 7) % height) * 0.8) c = colours[2 + ((x / 80) | 0) % 2];
      else if (y % 40 === 0 || x % 120 === 0) c = colours[4];
      data.set([c[0], c[1], c[2], 255], i);
    }
  }
  return { width, height, data };
}

/** Counts the encodes that are not of the sample, and the largest share of a picture's pixels a sample had. */
function counting(format: EncodeFormat, source: RasterImage) {
  const calls: { width: number; height: number; quality: number; sample: boolean }[] = [];
  const encodeAt: EncodeAt = (image, quality) => {
    calls.push({ width: image.width, height: image.height, quality, sample: isFitSample(image) });
    return encode(image, format, { quality }).then((bytes) => {
      if (process.env.FIT_DEBUG && !isFitSample(image)) console.log(`  full ${image.width}x${image.height} q${quality}: ${bytes.byteLength}`);
      return bytes;
    });
  };
  if (process.env.FIT_DEBUG) console.log('---');
  return {
    encodeAt,
    full: () => calls.filter((c) => !c.sample).length,
    calls,
    /** Sample pixels as a share of the original's (the samples of a smaller size are smaller still). */
    largestSampleShare: () => Math.max(0, ...calls.filter((c) => c.sample).map((c) => (c.width * c.height) / (source.width * source.height))),
  };
}

const pictureIds = new Map<RasterImage, number>();
const curves = new Map<string, Promise<number[]>>();

/** Every quality from the floor to the ceiling at the delivered size: the highest whose file fits, if any. */
async function exhaustive(image: RasterImage, maxBytes: number, format: EncodeFormat, key: string): Promise<number | undefined> {
  let curve = curves.get(key);
  if (!curve) {
    curve = (async () => {
      const sizes: number[] = [];
      for (let quality = QUALITY_FLOOR; quality <= QUALITY_CEILING; quality++) sizes.push(await sizeAt(image, format, quality));
      return sizes;
    })();
    curves.set(key, curve);
  }
  let best: number | undefined;
  (await curve).forEach((size, i) => {
    if (size <= maxBytes) best = QUALITY_FLOOR + i;
  });
  return best;
}

/** How many quality steps below the exhaustive answer at the delivered size the fit landed. */
async function stepsBelow(source: RasterImage, fit: FitResult, maxBytes: number, format: EncodeFormat): Promise<number> {
  const delivered = fit.width === source.width && fit.height === source.height ? source : await resize(source, fit.width, fit.height);
  const id = pictureIds.get(source) ?? pictureIds.set(source, pictureIds.size).get(source);
  const best = await exhaustive(delivered, maxBytes, format, `${id} ${format} ${fit.width}x${fit.height}`);
  if (process.env.FIT_DEBUG) console.log(`${format} ${fit.width}x${fit.height} max ${maxBytes}: q${fit.quality}, exhaustive q${best}`);
  expect(best).toBeDefined();
  return best! - fit.quality;
}

const sizeAt = async (image: RasterImage, format: EncodeFormat, quality: number) => (await encode(image, format, { quality })).byteLength;

/** Quality steps the fit may land under the exhaustive answer. */
const STEPS = 3;

describe('fitUnder: at most four full encodes', () => {
  const cases: { name: string; image: () => RasterImage; format: EncodeFormat }[] = [
    { name: 'a photo-like picture as JPEG', image: () => photo(480, 360, 1), format: 'jpg' },
    { name: 'another photo-like picture as WebP', image: () => photo(512, 384, 2), format: 'webp' },
    { name: 'flat graphics as JPEG', image: () => graphic(480, 360), format: 'jpg' },
    { name: 'flat graphics as WebP', image: () => graphic(400, 300), format: 'webp' },
  ];

  for (const { name, image: make, format } of cases) {
    it(`${name}: limits between the floor and the ceiling fit, close to the exhaustive answer`, async () => {
      const image = make();
      const low = await sizeAt(image, format, QUALITY_FLOOR);
      const high = await sizeAt(image, format, QUALITY_CEILING);
      for (const share of [0.1, 0.35, 0.7, 0.95]) {
        const maxBytes = Math.round(low + (high - low) * share);
        const counter = counting(format, image);
        const fit = await fitUnder(image, maxBytes, counter.encodeAt);
        expect(counter.full()).toBeLessThanOrEqual(MAX_FULL_ENCODES);
        expect(counter.largestSampleShare()).toBeLessThanOrEqual(1 / 16);
        expect(fit).toMatchObject({ fits: true, width: image.width, height: image.height });
        expect(fit.bytes.byteLength).toBeLessThanOrEqual(maxBytes);
        // The bytes are the encoder's own file at the quality reported.
        expect(fit.bytes.byteLength).toBe(await sizeAt(image, format, fit.quality));
        const below = await stepsBelow(image, fit, maxBytes, format);
        expect(below).toBeGreaterThanOrEqual(0);
        expect(below).toBeLessThanOrEqual(STEPS);
      }
    }, 120_000);
  }

  it('spends one full encode when the limit is already met at the ceiling', async () => {
    for (const format of ['jpg', 'webp'] as const) {
      const image = photo(480, 360, 3);
      const counter = counting(format, image);
      const fit = await fitUnder(image, (await sizeAt(image, format, QUALITY_CEILING)) + 10, counter.encodeAt);
      expect(fit).toMatchObject({ fits: true, quality: QUALITY_CEILING, width: 480, height: 360 });
      expect(counter.full()).toBe(1);
    }
  }, 60_000);

  it('makes the picture smaller within the budget of encodes when even the floor is over the limit', async () => {
    for (const format of ['jpg', 'webp'] as const) {
      const image = photo(640, 480, 4);
      const floor = await sizeAt(image, format, QUALITY_FLOOR);
      for (const part of [0.6, 0.25, 0.08]) {
        const maxBytes = Math.round(floor * part);
        const counter = counting(format, image);
        const fit = await fitUnder(image, maxBytes, counter.encodeAt);
        expect(counter.full()).toBeLessThanOrEqual(MAX_FULL_ENCODES);
        expect(fit.fits).toBe(true);
        expect(fit.bytes.byteLength).toBeLessThanOrEqual(maxBytes);
        expect(fit.width).toBeLessThan(640);
        expect(Math.abs(fit.width / fit.height - 4 / 3)).toBeLessThan(0.03);
        // Not needlessly small: most of the budget is used, at a quality near the best at that size.
        expect(fit.bytes.byteLength).toBeGreaterThan(maxBytes * 0.6);
        expect(await stepsBelow(image, fit, maxBytes, format)).toBeLessThanOrEqual(STEPS);
      }
    }
  }, 180_000);

  it('a large picture and a large limit: still four encodes at most, and the sample a sixteenth of it', async () => {
    const image = photo(1600, 1200, 5);
    const low = await sizeAt(image, 'jpg', QUALITY_FLOOR);
    const high = await sizeAt(image, 'jpg', QUALITY_CEILING);
    const maxBytes = Math.round(low + (high - low) * 0.5);
    const counter = counting('jpg', image);
    const fit = await fitUnder(image, maxBytes, counter.encodeAt);
    expect(counter.full()).toBeLessThanOrEqual(MAX_FULL_ENCODES);
    expect(counter.largestSampleShare()).toBeLessThanOrEqual(1 / 16);
    expect(fit).toMatchObject({ fits: true, width: 1600, height: 1200 });
    expect(fit.bytes.byteLength).toBeLessThanOrEqual(maxBytes);
    // The quality just above the one chosen: over the limit, or at most a few steps up still fitting.
    let steps = 0;
    while (fit.quality + steps < QUALITY_CEILING && (await sizeAt(image, 'jpg', fit.quality + steps + 1)) <= maxBytes) steps++;
    expect(steps).toBeLessThanOrEqual(STEPS);
  }, 120_000);

  it('a tiny limit nothing reaches: the smallest file, within the budget', async () => {
    const image = photo(300, 200, 6);
    const counter = counting('jpg', image);
    const fit = await fitUnder(image, 60, counter.encodeAt);
    expect(fit.fits).toBe(false);
    expect(counter.full()).toBeLessThanOrEqual(MAX_FULL_ENCODES);
    expect(Math.min(fit.width, fit.height)).toBeGreaterThanOrEqual(16);
    expect(fit.bytes.byteLength).toBe(await sizeAt(await resize(image, fit.width, fit.height), 'jpg', fit.quality));
  }, 60_000);

  it('AVIF, a small case', async () => {
    const image = photo(160, 120, 7);
    const low = await sizeAt(image, 'avif', QUALITY_FLOOR);
    const high = await sizeAt(image, 'avif', QUALITY_CEILING);
    const maxBytes = Math.round(low + (high - low) * 0.4);
    const counter = counting('avif', image);
    const fit = await fitUnder(image, maxBytes, counter.encodeAt);
    expect(counter.full()).toBeLessThanOrEqual(MAX_FULL_ENCODES);
    expect(fit).toMatchObject({ fits: true, width: 160, height: 120 });
    expect(fit.bytes.byteLength).toBeLessThanOrEqual(maxBytes);
    expect(await stepsBelow(image, fit, maxBytes, 'avif')).toBeLessThanOrEqual(STEPS);
  }, 120_000);

  it('the sample: tiles on the 16-pixel grid, at most a sixteenth of a large picture', () => {
    const image = photo(1024, 768, 8);
    const sample = sampleOf(image);
    expect(isFitSample(sample)).toBe(true);
    expect(isFitSample(image)).toBe(false);
    expect(sample.width * sample.height).toBeLessThanOrEqual((1024 * 768) / 16);
    expect(sample.width * sample.height).toBeGreaterThanOrEqual((1024 * 768) / 32);
    // Its first 16 x 16 block is the picture's own pixels at a place on the 16-pixel grid.
    const block = (picture: RasterImage, x0: number, y0: number) =>
      Array.from({ length: 16 }, (_, y) => Array.from(picture.data.subarray(((y0 + y) * picture.width + x0) * 4, ((y0 + y) * picture.width + x0 + 16) * 4)).join()).join();
    const first = block(sample, 0, 0);
    let found = false;
    for (let y = 0; y + 16 <= image.height && !found; y += 16) for (let x = 0; x + 16 <= image.width && !found; x += 16) found = block(image, x, y) === first;
    expect(found).toBe(true);
  });
});
