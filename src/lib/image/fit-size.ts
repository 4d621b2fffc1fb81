/**
 * Fits a picture under a size budget ("at most 200 KB", for a form upload or
 * an email): the highest quality whose file fits, found by halving the range.
 * Below QUALITY_FLOOR a picture looks blocky, so past that point the picture
 * is made smaller instead (a smaller sharp picture reads better than a large
 * blocky one), and the quality is searched again at the new size.
 */
import { throwIfAborted } from '../errors';
import { formatBytes } from '../format-size';
import { resize } from './ops/resample';
import type { RasterImage } from './types';

export const QUALITY_FLOOR = 40;
export const QUALITY_CEILING = 95;
/** Rounds of shrinking before giving up; each aims just under the budget, so two are usually enough. */
const MAX_ROUNDS = 5;
/** A picture is not made narrower or shorter than this. */
const MIN_SIDE = 16;

export interface FitResult {
  bytes: Uint8Array;
  quality: number;
  width: number;
  height: number;
  /** False when even the smallest file tried is over the budget; `bytes` is then that smallest file. */
  fits: boolean;
}

export type EncodeAt = (image: RasterImage, quality: number) => Promise<Uint8Array>;

type Search = { fit: Uint8Array; quality: number } | { floor: Uint8Array };

/** The highest quality from QUALITY_FLOOR to QUALITY_CEILING whose file is at most maxBytes, or the file at the floor. */
async function searchQuality(image: RasterImage, maxBytes: number, encodeAt: EncodeAt, signal?: AbortSignal): Promise<Search> {
  const top = await encodeAt(image, QUALITY_CEILING);
  if (top.byteLength <= maxBytes) return { fit: top, quality: QUALITY_CEILING };
  if (signal) throwIfAborted(signal);
  const floor = await encodeAt(image, QUALITY_FLOOR);
  if (floor.byteLength > maxBytes) return { floor };
  // Invariant: lo fits, hi does not.
  let lo = QUALITY_FLOOR;
  let loBytes = floor;
  let hi = QUALITY_CEILING;
  while (hi - lo > 1) {
    if (signal) throwIfAborted(signal);
    const mid = (lo + hi) >> 1;
    const bytes = await encodeAt(image, mid);
    if (bytes.byteLength <= maxBytes) [lo, loBytes] = [mid, bytes];
    else hi = mid;
  }
  return { fit: loBytes, quality: lo };
}

/**
 * The best file of at most maxBytes that `encodeAt` makes from `image`. Each
 * smaller size is resampled from the original, so shrinking twice does not
 * blur twice.
 */
export async function fitUnder(image: RasterImage, maxBytes: number, encodeAt: EncodeAt, signal?: AbortSignal): Promise<FitResult> {
  let current = image;
  let smallest: FitResult | undefined;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const found = await searchQuality(current, maxBytes, encodeAt, signal);
    if ('fit' in found) return { bytes: found.fit, quality: found.quality, width: current.width, height: current.height, fits: true };
    if (!smallest || found.floor.byteLength < smallest.bytes.byteLength) {
      smallest = { bytes: found.floor, quality: QUALITY_FLOOR, width: current.width, height: current.height, fits: false };
    }
    // File size grows about with the pixel count: aim a little under the budget.
    const scale = Math.max(Math.sqrt(maxBytes / found.floor.byteLength) * 0.95, MIN_SIDE / Math.min(current.width, current.height));
    const width = Math.max(1, Math.floor(current.width * scale));
    const height = Math.max(1, Math.floor(current.height * scale));
    if (width >= current.width && height >= current.height) break;
    if (signal) throwIfAborted(signal);
    current = await resize(image, Math.min(width, image.width), Math.min(height, image.height), signal);
  }
  return smallest!;
}

/** The result card's note when the picture was made smaller to fit the size limit. */
export function resizedNote(width: number, height: number, maxKb: number): string {
  return `Resized to ${width} × ${height} pixels to fit under ${maxKb} KB.`;
}

/** The Warning when no file tried fits the limit. */
export function sizeNotReachedMessage(name: string, maxKb: number, reached: number): string {
  return `${name} could not be made smaller than ${formatBytes(reached)}, over the ${maxKb} KB limit. Try a larger limit or another format.`;
}
