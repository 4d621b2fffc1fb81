/**
 * Inpainting: fills the masked pixels of a photo with texture taken from the
 * rest of it, so an erased object, person or watermark leaves a plausible
 * background. Coarse to fine: the hole is solved on a small copy of the area
 * around it first (where one patch spans much of the hole, so structure is
 * found), then each finer level starts from the coarser match and refines
 * it (inpaint-patchmatch.ts). The coarsest level starts from an exemplar
 * fill grown inwards from the hole's edge (inpaint-init.ts); patches are
 * compared on colour and texture (inpaint-level.ts); the full-size level ends
 * by copying real pixels rather than averaging them, and the colour step left
 * at the hole's edge is evened out. Only pixels of the mask change.
 */
import { CancelledError } from '../../errors';
import type { RasterImage } from '../types';
import { growFill } from './inpaint-init';
import { addTexture, blendSeams, CH as CHANNELS, halve, peelFill, seedFromCoarser, type Level } from './inpaint-level';
import { seededRandom } from '../../seeded-random';
import { copyCentres, measure, prepareField, R, randomField, sweep, upsampleField, vote, type Field } from './inpaint-patchmatch';

/** A plain module constant: an imported binding is read through a getter in some module loaders, which the hot loops would pay for. */
const CH = CHANNELS;

export interface InpaintOptions {
  signal?: AbortSignal;
  /** Reports levels done of levels in all. */
  onProgress?(done: number, total: number): void;
  seed?: number;
}

/** Coarsest level: its longer side at most this, so one patch sees a good part of the hole. */
const COARSEST_SIDE = 64;

/** How much search a level gets: rounds of search and vote, and how far the random search looks. */
interface Effort {
  rounds: number;
  /** 0: no sweep, the matches handed down from the coarser level are only voted. */
  sweeps: number;
  searchRadius: number;
}

/**
 * Effort for a level of `targets` patch centres. The coarsest level is small, so it searches the whole
 * level many times; finer levels start from the coarser match and only refine it nearby, with fewer
 * rounds as the work per round grows, so a large hole in a large photo still finishes in seconds.
 */
function effort(level: Level, targets: number, coarsest: boolean): Effort {
  if (coarsest) return { rounds: 10, sweeps: 2, searchRadius: Math.max(level.width, level.height) };
  if (targets <= 40_000) return { rounds: 4, sweeps: 2, searchRadius: 16 };
  if (targets <= 250_000) return { rounds: 2, sweeps: 2, searchRadius: 8 };
  if (targets <= 1_000_000) return { rounds: 1, sweeps: 1, searchRadius: 4 };
  return { rounds: 1, sweeps: 0, searchRadius: 0 };
}

/** The smallest rectangle holding every hole pixel, or null when the mask is empty. */
function holeBounds(hole: Uint8Array, width: number, height: number) {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (hole[y * width + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/**
 * The area worked on: the hole's box with a margin as wide as the hole (so there is texture all
 * round to copy from), cut to the photo. Pixels further away are neither read nor changed.
 */
function workArea(bounds: { x0: number; y0: number; x1: number; y1: number }, width: number, height: number) {
  const margin = Math.max(24, bounds.x1 - bounds.x0 + 1, bounds.y1 - bounds.y0 + 1);
  const x = Math.max(0, bounds.x0 - margin);
  const y = Math.max(0, bounds.y0 - margin);
  return { x, y, width: Math.min(width, bounds.x1 + margin + 1) - x, height: Math.min(height, bounds.y1 + margin + 1) - y };
}

/** Returns a copy of `image` whose pixels where `hole` is non-zero are filled from the rest of the image. */
export function inpaint(image: RasterImage, hole: Uint8Array, options: InpaintOptions = {}): RasterImage {
  const { width, height } = image;
  const out: RasterImage = { width, height, data: new Uint8ClampedArray(image.data) };
  const bounds = holeBounds(hole, width, height);
  if (!bounds) return out;
  const area = workArea(bounds, width, height);

  const base: Level = { width: area.width, height: area.height, data: new Float32Array(area.width * area.height * CH), hole: new Uint8Array(area.width * area.height) };
  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < area.width; x++) {
      const from = ((area.y + y) * width + area.x + x) * 4;
      const i = y * area.width + x;
      for (let c = 0; c < 4; c++) base.data[i * CH + c] = image.data[from + c];
      base.hole[i] = hole[(area.y + y) * width + area.x + x] ? 1 : 0;
    }
  addTexture(base);

  const levels = [base];
  for (;;) {
    const last = levels[levels.length - 1];
    if (Math.max(last.width, last.height) <= COARSEST_SIDE || Math.min(last.width, last.height) < 4 * (2 * R + 1)) break;
    levels.push(halve(last));
  }

  const next = seededRandom(options.seed ?? 1);
  let coarser: { level: Level; field: Field } | null = null;
  for (let i = levels.length - 1; i >= 0; i--) {
    if (options.signal?.aborted) throw new CancelledError();
    const level = levels[i];
    const coarsest = i === levels.length - 1;
    if (!coarsest) seedFromCoarser(level, levels[i + 1]);
    const field = prepareField(level);
    if (coarsest && !field) peelFill(level);
    if (field) {
      if (coarser) {
        upsampleField(field, level, coarser.field, coarser.level, next);
        // The hole starts as the handed-down matches' texture, not as the coarser level's blocky pixels:
        // searched against those, every patch would prefer the smoothest part of the photo.
        field.dist.fill(0);
        vote(level, field, 0.25);
      } else {
        randomField(field, next);
        growFill(level, field);
      }
      solve(level, field, effort(level, field.targets.length, coarsest), next, options.signal);
      if (i === 0) {
        // Matched once more against the final fill (unless the hole is huge: then the matches stand),
        // then copied rather than averaged.
        if (field.targets.length <= 1_000_000) {
          measure(level, field);
          sweep(level, field, true, next, 4);
        }
        copyCentres(level, field);
        blendSeams(level);
      }
    }
    coarser = field ? { level, field } : null;
    options.onProgress?.(levels.length - i, levels.length);
  }

  for (let y = 0; y < area.height; y++)
    for (let x = 0; x < area.width; x++) {
      const i = y * area.width + x;
      if (!base.hole[i]) continue;
      const o = ((area.y + y) * width + area.x + x) * 4;
      for (let c = 0; c < 4; c++) out.data[o + c] = Math.round(base.data[i * CH + c]);
    }
  return out;
}

/**
 * Alternates the patch search and the vote. The vote's weights favour the best quarter of the matches,
 * which keeps texture; an even average of overlapping patches would blur it a little more each round.
 */
function solve(level: Level, field: Field, { rounds, sweeps, searchRadius }: Effort, next: () => number, signal: AbortSignal | undefined) {
  for (let round = 0; round < rounds; round++) {
    if (signal?.aborted) throw new CancelledError();
    measure(level, field);
    // The random search runs on the first sweep of a round only: the second mostly spreads what it found.
    for (let k = 0; k < sweeps; k++) sweep(level, field, k % 2 === 0, next, k === 0 ? searchRadius : 0);
    vote(level, field, 0.25);
  }
}
