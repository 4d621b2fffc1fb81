/**
 * Fits a picture under a size budget ("at most 200 KB", for a form upload or
 * an email): the highest quality whose file fits, with at most
 * MAX_FULL_ENCODES encodes of the picture itself (a 12 MP photo takes seconds
 * an encode).
 *
 * The search reads qualities off a sample: tiles taken evenly across the
 * picture, on the encoders' 16-pixel block grid, put side by side into a
 * picture of at most a sixteenth of the pixels. Its file grows with quality as
 * the picture's does, so it is encoded at whatever qualities the search needs
 * (each a sixteenth of the cost). Each full encode then says how many times
 * larger the picture's file is than the sample's at that quality, and the
 * next quality tried is the highest whose sample size times that ratio fits.
 * Usually the first full encode lands within a few qualities and the second
 * on the answer or next to it.
 *
 * Below QUALITY_FLOOR a picture looks blocky, so past that point the picture
 * is made smaller instead (a smaller sharp picture reads better than a large
 * blocky one), and the quality is searched again at the new size, resampled
 * from the original. The first time the floor seems over the budget it is
 * encoded (as the old search did), so the first shrink goes on a measured
 * size; later sizes whose sample, calibrated by the encodes so far, puts the
 * floor well over the budget are skipped without a full encode.
 */
import { throwIfAborted } from '../errors';
import { formatBytes } from '../format-size';
import { resize } from './ops/resample';
import type { RasterImage } from './types';
import { runText } from '../i18n/run-messages';

export const QUALITY_FLOOR = 40;
export const QUALITY_CEILING = 95;
/** Encodes of the whole picture (at any size tried) one fit may make; encodes of the sample are not counted. */
export const MAX_FULL_ENCODES = 4;
/** Rounds of shrinking before giving up; each aims just under the budget, so two are usually enough. */
const MAX_ROUNDS = 5;
/** A picture is not made narrower or shorter than this. */
const MIN_SIDE = 16;
/** The sample has at most 1 / SAMPLE_SHARE of the picture's pixels (a picture too small for 16 tiles of 16 pixels excepted). */
const SAMPLE_SHARE = 16;
/** Tiles are taken one in the middle of each cell of a grid whose cells are CELL tiles wide and high. */
const CELL = Math.sqrt(SAMPLE_SHARE);
/** Tiles at least this many per sample when the picture is large enough; larger tiles are used when it is. */
const MIN_TILES = 48;
/**
 * Without a fit yet, the next quality aims at this share of the budget, by the
 * full encodes left: the very first at the budget itself (the sample alone
 * over-estimates), then closer under it as fewer are left, the last one to
 * fit. Measured at this size, the estimate is within a few percent; carried
 * from a larger size, less close.
 */
const AIM_MEASURED: Record<number, number> = { 4: 1, 3: 0.99, 2: 0.98, 1: 0.96 };
const AIM_CARRIED: Record<number, number> = { 4: 1, 3: 0.97, 2: 0.95, 1: 0.9 };
/** With a fit in hand, the last full encode aims this share of the budget: a sure step up rather than a coin toss at two. */
const LAST_TRY_AIM = 0.985;
/** A sample of fewer pixels (16 tiles of 16 x 16) carries no calibration from a larger size. */
const RELIABLE_SAMPLE = 16 * 16 * 16;
/** Before any full encode, the ceiling is tried first when estimated within this factor of the budget. */
const CEILING_PROBE_WITHIN = 1.25;
/** Once calibrated, the floor is tried only when estimated within this factor of the budget; further over, the picture is made smaller at once. */
const FLOOR_PROBE_WITHIN = 1.05;

export interface FitResult {
  bytes: Uint8Array;
  quality: number;
  width: number;
  height: number;
  /** False when even the smallest file tried is over the budget; `bytes` is then that smallest file. */
  fits: boolean;
}

export type EncodeAt = (image: RasterImage, quality: number) => Promise<Uint8Array>;

const samples = new WeakSet<RasterImage>();

/** True for the small sample pictures the search encodes to model file size (not counted as full encodes). */
export function isFitSample(image: RasterImage): boolean {
  return samples.has(image);
}

/**
 * Tiles spread evenly over the picture, one in the middle of each cell of a
 * grid whose cells are 4 tiles wide and high, copied side by side: a sixteenth
 * of the pixels, each tile at the picture's own scale. Tiles start on the
 * 16-pixel grid, so a JPEG or WebP encoder sees the same blocks as in the
 * picture. Larger tiles (64, then 32 px) when the picture has room for
 * MIN_TILES of them, as block prediction then crosses fewer seams.
 */
export function sampleOf(image: RasterImage): RasterImage {
  const { width, height } = image;
  let tile = 16;
  for (const size of [64, 32]) {
    if (Math.floor(width / (CELL * size)) * Math.floor(height / (CELL * size)) >= MIN_TILES) {
      tile = size;
      break;
    }
  }
  const tw = Math.min(tile, width);
  const th = Math.min(tile, height);
  const nx = Math.max(1, Math.floor(width / (CELL * tw)));
  const ny = Math.max(1, Math.floor(height / (CELL * th)));
  const out = new Uint8ClampedArray(nx * tw * ny * th * 4);
  const start = (index: number, count: number, side: number, size: number) => {
    const centre = Math.floor(((index + 0.5) * side) / count - size / 2);
    return Math.max(0, Math.min(side - size, centre - (centre % 16)));
  };
  const rowBytes = tw * 4;
  for (let j = 0; j < ny; j++) {
    const y0 = start(j, ny, height, th);
    for (let i = 0; i < nx; i++) {
      const x0 = start(i, nx, width, tw);
      for (let y = 0; y < th; y++) {
        const from = ((y0 + y) * width + x0) * 4;
        const to = ((j * th + y) * nx * tw + i * tw) * 4;
        out.set(image.data.subarray(from, from + rowBytes), to);
      }
    }
  }
  const sample = { width: nx * tw, height: ny * th, data: out };
  samples.add(sample);
  return sample;
}

/**
 * File size against quality at one picture size. A file is a fixed part (the
 * header and tables) and a part that grows with the pixels. Exact where a
 * full encode was made; elsewhere the sample's growing part times the ratio
 * of full to sample measured at the nearest qualities (interpolated between
 * them), or before any, the prior ratio: the pixel count ratio times what the
 * last size measured.
 */
class SizeModel {
  readonly full = new Map<number, Uint8Array>();
  private readonly sampled = new Map<number, Promise<number>>();
  private readonly sample: RasterImage;
  private readonly prior: number;

  constructor(
    readonly image: RasterImage,
    private readonly encodeAt: EncodeAt,
    private readonly signal: AbortSignal | undefined,
    private readonly flatOverhead: number,
    private readonly carried: number | undefined,
  ) {
    this.sample = sampleOf(image);
    this.prior = this.pixelRatio * (carried ?? 1);
  }

  /**
   * True once a full encode at this size, or at a larger one, has measured how
   * far off the sample is, and the sample has tiles enough to follow the
   * picture from one size to the next (a few tiles of a small picture do not).
   */
  get calibrated(): boolean {
    return this.full.size > 0 || (this.carried !== undefined && this.sample.width * this.sample.height >= RELIABLE_SAMPLE);
  }

  /** The fixed part by quality, measured for a small sample (for a large one, the flat picture's stands). */
  private fixed?: Map<number, Promise<number>>;
  private halves?: [RasterImage, RasterImage];

  /**
   * The fixed part at `quality`. For a small sample it matters, and varies
   * with quality (a real picture's tables are larger than a flat one's, and
   * grow with quality): it is then measured from the left half of the sample
   * once and twice over (twice the growing part, the same fixed part).
   */
  async fixedPart(quality: number): Promise<number> {
    if (!this.fixed) {
      const { width, height, data } = this.sample;
      const half = Math.floor(width / 32) * 16;
      this.fixed = new Map();
      if (half === 0 || (await this.rawSample(QUALITY_CEILING)) > 64 * this.flatOverhead) return this.flatOverhead;
      const once = { width: half, height, data: new Uint8ClampedArray(half * height * 4) };
      const twice = { width: half * 2, height, data: new Uint8ClampedArray(half * 2 * height * 4) };
      for (let y = 0; y < height; y++) {
        const row = data.subarray(y * width * 4, (y * width + half) * 4);
        once.data.set(row, y * half * 4);
        twice.data.set(row, y * half * 8);
        twice.data.set(row, y * half * 8 + half * 4);
      }
      samples.add(once);
      samples.add(twice);
      this.halves = [once, twice];
    }
    if (!this.halves) return this.flatOverhead;
    let part = this.fixed.get(quality);
    if (!part) {
      const [once, twice] = this.halves;
      part = (async () => {
        const single = (await this.encodeAt(once, quality)).byteLength;
        const double = (await this.encodeAt(twice, quality)).byteLength;
        return Math.min(Math.max(2 * single - double, this.flatOverhead / 2), single * 0.9);
      })();
      this.fixed.set(quality, part);
    }
    return part;
  }

  private rawSample(quality: number): Promise<number> {
    let size = this.sampled.get(quality);
    if (!size) {
      if (this.signal) throwIfAborted(this.signal);
      size = this.encodeAt(this.sample, quality).then((bytes) => bytes.byteLength);
      this.sampled.set(quality, size);
    }
    return size;
  }

  get pixelRatio(): number {
    return (this.image.width * this.image.height) / (this.sample.width * this.sample.height);
  }

  /** The sample's file size at `quality`, less the fixed part (at least one byte). */
  private async sampleBytes(quality: number): Promise<number> {
    return Math.max(1, (await this.rawSample(quality)) - (await this.fixedPart(quality)));
  }

  /** Measured full-to-sample ratios of the growing parts, by quality. */
  private async ratios(): Promise<[number, number][]> {
    const out: [number, number][] = [];
    for (const [quality, bytes] of this.full) out.push([quality, Math.max(1, bytes.byteLength - (await this.fixedPart(quality))) / (await this.sampleBytes(quality))]);
    return out.sort((a, b) => a[0] - b[0]);
  }

  /** What the full encodes measured against the pixel count ratio, near `quality`: carried to the next size. */
  async calibration(quality: number): Promise<number | undefined> {
    const ratios = await this.ratios();
    if (ratios.length === 0) return undefined;
    return ratioAt(ratios, quality) / this.pixelRatio;
  }

  async estimate(quality: number): Promise<number> {
    const known = this.full.get(quality);
    if (known) return known.byteLength;
    const ratios = await this.ratios();
    const ratio = ratios.length ? ratioAt(ratios, quality) : this.prior;
    return (await this.fixedPart(quality)) + (await this.sampleBytes(quality)) * ratio;
  }

  /**
   * The estimate, or when it is larger, the file size the two lowest full
   * encodes point to below them (growing by the same factor a step): for a
   * search that has no fit yet, where a small picture's sample can be steeper
   * than the picture.
   */
  async cautious(quality: number): Promise<number> {
    const estimate = await this.estimate(quality);
    const [a, b] = [...this.full].sort((x, y) => x[0] - y[0]);
    if (!b || quality >= a[0] || a[1].byteLength >= b[1].byteLength) return estimate;
    const perStep = (b[1].byteLength / a[1].byteLength) ** (1 / (b[0] - a[0]));
    return Math.max(estimate, a[1].byteLength / perStep ** (a[0] - quality));
  }

  /** The highest quality in (lo, hi) whose estimate is at most `limit`, or undefined when lo + 1 is already over. */
  async highestUnder(limit: number, lo: number, hi: number, estimate = (q: number) => this.estimate(q)): Promise<number | undefined> {
    if (hi - lo < 2) return undefined;
    // Most searches end near the ends of the range: look there first.
    if ((await estimate(hi - 1)) <= limit) return hi - 1;
    if ((await estimate(lo + 1)) > limit) return undefined;
    let a = lo + 1;
    let b = hi - 1;
    while (b - a > 1) {
      const mid = (a + b) >> 1;
      if ((await estimate(mid)) <= limit) a = mid;
      else b = mid;
    }
    return a;
  }
}

/** The fixed part of a file: the size of a flat grey 16 x 16 picture's, at a middle quality. */
async function overheadOf(encodeAt: EncodeAt): Promise<number> {
  const flat = { width: 16, height: 16, data: new Uint8ClampedArray(16 * 16 * 4).fill(128) };
  samples.add(flat);
  return (await encodeAt(flat, 75)).byteLength;
}

/** The ratio at `quality`: linear between the measured qualities around it, the nearest one outside them. */
function ratioAt(ratios: [number, number][], quality: number): number {
  if (quality <= ratios[0][0]) return ratios[0][1];
  for (let i = 1; i < ratios.length; i++) {
    const [q1, r1] = ratios[i];
    if (quality <= q1) {
      const [q0, r0] = ratios[i - 1];
      return r0 + ((r1 - r0) * (quality - q0)) / (q1 - q0);
    }
  }
  return ratios[ratios.length - 1][1];
}

type Search = { fit: Uint8Array; quality: number } | { floorBytes: number };

/**
 * The highest quality from QUALITY_FLOOR to QUALITY_CEILING whose file is at
 * most maxBytes, with the full encodes `budget` still allows; or the floor's
 * size (measured, or estimated when clearly over) when nothing fits at this
 * size, or when the encodes ran out before a fit.
 */
async function searchQuality(model: SizeModel, maxBytes: number, budget: Budget): Promise<Search> {
  for (;;) {
    // Invariant, for a file size that grows with quality: lo fits and hi does not.
    let lo: number | undefined;
    let hi = QUALITY_CEILING + 1;
    for (const [quality, bytes] of model.full) if (bytes.byteLength <= maxBytes && (lo === undefined || quality > lo)) lo = quality;
    for (const [quality, bytes] of model.full) if (bytes.byteLength > maxBytes && quality > (lo ?? -1) && quality < hi) hi = quality;
    if (lo !== undefined && (hi === lo + 1 || budget.left === 0)) return { fit: model.full.get(lo)!, quality: lo };
    if (budget.left === 0) return { floorBytes: model.full.get(QUALITY_FLOOR)?.byteLength ?? (await model.estimate(QUALITY_FLOOR)) };
    const aim = lo !== undefined ? (budget.left > 1 ? 1 : LAST_TRY_AIM) : (model.full.size > 0 ? AIM_MEASURED : AIM_CARRIED)[budget.left];
    // The sample alone over-estimates a little: near the budget at the ceiling, the ceiling itself is tried first (one encode when it fits).
    const ceiling = !model.calibrated && (await model.estimate(QUALITY_CEILING)) <= maxBytes * CEILING_PROBE_WITHIN;
    const estimate = lo === undefined ? (q: number) => model.cautious(q) : undefined;
    const next = ceiling ? QUALITY_CEILING : await model.highestUnder(maxBytes * aim, lo ?? QUALITY_FLOOR - 1, hi, estimate);
    if (next !== undefined) {
      model.full.set(next, await budget.encode(model.image, next));
      continue;
    }
    if (lo !== undefined) return { fit: model.full.get(lo)!, quality: lo };
    // Nothing is expected to fit at this size.
    const measured = model.full.get(QUALITY_FLOOR);
    if (measured) return { floorBytes: measured.byteLength };
    const floorBytes = await model.cautious(QUALITY_FLOOR);
    // The sample alone over-estimates, most on small pictures: before any full encode (or at a size too small for the sample to follow)
    // the floor is tried, as the old search did, so a picture is not made smaller on a guess; after one, only when close to the budget.
    const probe = !model.calibrated || floorBytes <= maxBytes * FLOOR_PROBE_WITHIN;
    if (probe && hi > QUALITY_FLOOR && budget.left >= 2) {
      model.full.set(QUALITY_FLOOR, await budget.encode(model.image, QUALITY_FLOOR));
      continue;
    }
    return { floorBytes };
  }
}

interface Budget {
  left: number;
  encode(image: RasterImage, quality: number): Promise<Uint8Array>;
}

/**
 * The best file of at most maxBytes that `encodeAt` makes from `image`, with
 * at most MAX_FULL_ENCODES encodes of the picture (besides the sample's). Each
 * smaller size is resampled from the original, so shrinking twice does not
 * blur twice.
 */
export async function fitUnder(image: RasterImage, maxBytes: number, encodeAt: EncodeAt, signal?: AbortSignal): Promise<FitResult> {
  /** Every full encode, for the smallest file when nothing fits. */
  const made: FitResult[] = [];
  const budget: Budget = {
    left: MAX_FULL_ENCODES,
    async encode(picture, quality) {
      if (signal) throwIfAborted(signal);
      budget.left--;
      const bytes = await encodeAt(picture, quality);
      made.push({ bytes, quality, width: picture.width, height: picture.height, fits: bytes.byteLength <= maxBytes });
      return bytes;
    },
  };
  const overhead = await overheadOf(encodeAt);
  let current = image;
  let calibration: number | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (signal) throwIfAborted(signal);
    const model = new SizeModel(current, encodeAt, signal, overhead, calibration);
    const found = await searchQuality(model, maxBytes, budget);
    if ('fit' in found) return { bytes: found.fit, quality: found.quality, width: current.width, height: current.height, fits: true };
    calibration = (await model.calibration(QUALITY_FLOOR)) ?? calibration;
    if (budget.left === 0) break;
    // File size grows about with the pixel count: aim a little under the budget. (Its fixed part is left out, so a small
    // picture is made smaller in more rounds rather than too small at once: those rounds go on the sample's estimates.)
    const scale = Math.max(Math.sqrt(maxBytes / found.floorBytes) * 0.95, MIN_SIDE / Math.min(current.width, current.height));
    const width = Math.max(1, Math.floor(current.width * scale));
    const height = Math.max(1, Math.floor(current.height * scale));
    if (width >= current.width && height >= current.height) break;
    if (signal) throwIfAborted(signal);
    current = await resize(image, Math.min(width, image.width), Math.min(height, image.height), signal);
  }
  // Nothing fits: the smallest file, made at the floor of the last size when no full encode was spent there.
  if (budget.left > 0 && !made.some((m) => m.width === current.width && m.height === current.height && m.quality === QUALITY_FLOOR)) {
    await budget.encode(current, QUALITY_FLOOR);
  }
  const smallest = made.reduce((a, b) => (b.bytes.byteLength < a.bytes.byteLength ? b : a));
  return { ...smallest, fits: smallest.bytes.byteLength <= maxBytes };
}

/** The result card's note when the picture was made smaller to fit the size limit. */
export function resizedNote(width: number, height: number, maxKb: number): string {
  return `Resized to ${width} × ${height} pixels to fit under ${maxKb} KB.`;
}

/** The Warning when no file tried fits the limit. */
export function sizeNotReachedMessage(name: string, maxKb: number, reached: number): string {
  return runText('run.image.sizeNotReached', { name, reached: formatBytes(reached), max: maxKb });
}
