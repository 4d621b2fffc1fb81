/**
 * The target size's cost: at most MAX_TARGET_RUNS runs of the ladder (each
 * compresses the whole file with both engines), on made-up ladders of sizes
 * against the exhaustive answer, and on a real PDF with the pdf-lib engine.
 */
import { describe, expect, it } from 'vitest';
import { napiJpegCodec } from '../../../tests/fixtures/pdf-build/napi-codec';
import { imageHeavyPdf } from '../../../tests/fixtures/pdf-build/build';
import { seededRandom } from '../seeded-random';
import type { Engines } from './compress-best';
import { compressToTarget, MAX_TARGET_RUNS, searchLadder, TARGET_STEPS } from './compress-target';

/** Sizes falling from step to step, by a factor that varies (images that stop shrinking, then a jump). */
function ladder(random: () => number, steps: number, fixed: number): number[] {
  const sizes: number[] = [];
  let images = 2_000_000 * (0.2 + random());
  for (let i = 0; i < steps; i++) {
    sizes.push(Math.round(fixed + images));
    images /= 1 + random() * random() * 2.5;
  }
  return sizes;
}

/**
 * Sizes as a PDF makes them: a fixed part and images of their own resolution
 * (no step makes them sharper), their bytes by a JPEG curve of their own.
 */
function physicalLadder(random: () => number): number[] {
  const fixed = 10_000 + random() * 300_000;
  const images = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({ area: 200_000 + random() * 3_000_000, dpi: 60 + random() * 400 }));
  const curve = 0.8 + random() * 1.5;
  let previous = Infinity;
  return TARGET_STEPS.map((step) => {
    const bytes = images.reduce((sum, image) => sum + image.area * (Math.min(step.dpi, image.dpi) / 300) ** 2 * (0.15 + step.quality ** curve), 0);
    previous = Math.min(previous, Math.round(fixed + bytes * (0.95 + random() * 0.1)));
    return previous;
  });
}

async function search(sizes: number[], target: number) {
  const runs: number[] = [];
  const found = await searchLadder(sizes.length, target, async (index) => {
    runs.push(index);
    return { bytes: { length: sizes[index] }, index };
  });
  return { found, runs };
}

describe('compressToTarget: at most four runs', () => {
  for (const [kind, make] of [
    ['made-up ladders', (random: () => number) => ladder(random, TARGET_STEPS.length, 20_000 + random() * 200_000)],
    ['ladders of images of their own resolution', physicalLadder],
  ] as const) {
    it(`finds the lowest step under the target on ${kind}, nearly always exactly and never more than a step short`, async () => {
      const random = seededRandom(11);
      let exact = 0;
      let total = 0;
      for (let n = 0; n < 400; n++) {
        const sizes = make(random);
        // Targets from under the last step to over the first.
        const target = Math.round(sizes.at(-1)! * 0.8 + (sizes[0] * 1.2 - sizes.at(-1)! * 0.8) * random() ** 2);
        const { found, runs } = await search(sizes, target);
        expect(runs.length).toBeLessThanOrEqual(MAX_TARGET_RUNS);
        expect(new Set(runs).size).toBe(runs.length);
        const answer = sizes.findIndex((size) => size <= target);
        if (answer < 0) {
          expect(found.reached).toBe(false);
          expect(runs).toEqual([TARGET_STEPS.length - 1]);
          continue;
        }
        expect(found.reached).toBe(true);
        const chosen = found.best!.index;
        expect(sizes[chosen]).toBeLessThanOrEqual(target);
        expect(chosen - answer).toBeGreaterThanOrEqual(0);
        expect(chosen - answer).toBeLessThanOrEqual(1);
        total++;
        if (chosen === answer) exact++;
      }
      if (process.env.FIT_DEBUG) console.log(`exact ${kind}: ${exact} of ${total}`);
      expect(exact / total).toBeGreaterThan(0.9);
    });
  }

  it('on a real PDF: four runs at most, under the target, and the next better step over it', async () => {
    const input = await imageHeavyPdf({ pages: 2, imageWidth: 1600, imageHeight: 1200, drawWidth: 500 });
    let runs = 0;
    // Each run calls the Ghostscript path once; failing, it leaves the pdf-lib result (one engine, faster here).
    const engines: Engines = {
      codec: napiJpegCodec,
      ghostscript: async () => {
        runs++;
        throw new Error('Ghostscript is not used here');
      },
      loadGhostscript: async () => undefined,
    };
    const ctx = { signal: new AbortController().signal, onProgress: () => {} };
    const target = Math.round(input.length * 0.2);
    const out = await compressToTarget(input, 'report.pdf', target, engines, ctx);
    expect(runs).toBeLessThanOrEqual(MAX_TARGET_RUNS);
    expect(out.reached).toBe(true);
    expect(out.bytes.length).toBeLessThanOrEqual(target);
  }, 300_000);
});
