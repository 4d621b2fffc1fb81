/**
 * One level of the inpainting pyramid: the working area of the photo as
 * float RGBA with its hole, halving to coarser levels, and the first guess
 * of a hole's colours (peeled in from its edge) at the coarsest one.
 */

/**
 * Values a pixel: RGBA, then how strongly the brightness changes across and down around it. The two
 * texture values take part in matching and are filled like the colours; averaging overlapping patches
 * flattens colours but not these, so a textured area is not filled with a flat patch of its mean colour
 * (Newson et al.'s texture features).
 */
export const CH = 6;

export interface Level {
  width: number;
  height: number;
  /** width * height * CH values. Hole pixels hold the current estimate. */
  data: Float32Array;
  /** 1 where the pixel is to be filled. */
  hole: Uint8Array;
}

/**
 * Half the size: each pixel averages the known pixels below it. A pixel is a hole when any pixel below it
 * is, so every known pixel of a coarse level is made only of known photo pixels.
 */
export function halve(level: Level): Level {
  const width = Math.max(1, level.width >> 1);
  const height = Math.max(1, level.height >> 1);
  const data = new Float32Array(width * height * CH);
  const hole = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let n = 0;
      for (let dy = 0; dy < 2; dy++)
        for (let dx = 0; dx < 2; dx++) {
          const s = Math.min(level.height - 1, 2 * y + dy) * level.width + Math.min(level.width - 1, 2 * x + dx);
          if (level.hole[s]) {
            hole[i] = 1;
            continue;
          }
          for (let c = 0; c < 4; c++) data[i * CH + c] += level.data[s * CH + c];
          n++;
        }
      if (n) for (let c = 0; c < 4; c++) data[i * CH + c] /= n;
    }
  const half = { width, height, data, hole };
  addTexture(half);
  return half;
}

/** Copies a coarser level's hole estimate into this level's hole pixels (nearest pixel), as a starting point. */
export function seedFromCoarser(level: Level, coarse: Level): void {
  for (let y = 0; y < level.height; y++)
    for (let x = 0; x < level.width; x++) {
      const i = y * level.width + x;
      if (!level.hole[i]) continue;
      const c = Math.min(coarse.height - 1, y >> 1) * coarse.width + Math.min(coarse.width - 1, x >> 1);
      for (let k = 0; k < CH; k++) level.data[i * CH + k] = coarse.data[c * CH + k];
    }
}

/**
 * Fills the hole from its edge inwards, ring by ring, each pixel the mean of its already known
 * neighbours: a smooth first guess that the patch search then replaces with texture.
 */
export function peelFill(level: Level): void {
  const { width, height, data } = level;
  const known = Uint8Array.from(level.hole, (h) => (h ? 0 : 1));
  let pending: number[] = [];
  for (let i = 0; i < known.length; i++) if (!known[i]) pending.push(i);
  while (pending.length) {
    const ring: number[] = [];
    const rest: number[] = [];
    for (const i of pending) {
      const x = i % width;
      const y = (i - x) / width;
      const sum = new Array<number>(CH).fill(0);
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (!known[j]) continue;
          for (let c = 0; c < CH; c++) sum[c] += data[j * CH + c];
          n++;
        }
      if (n) {
        for (let c = 0; c < CH; c++) data[i * CH + c] = sum[c] / n;
        ring.push(i);
      } else rest.push(i);
    }
    // Nothing known anywhere: leave the rest as it is rather than loop for ever.
    if (!ring.length) break;
    for (const i of ring) known[i] = 1;
    pending = rest;
  }
}

/** Sum of a 0/1 map over every (2r+1)-square window, through an integral image (cells past the edge count 0). */
export function windowCounts(map: Uint8Array, width: number, height: number, r: number): Int32Array {
  const iw = width + 1;
  const integral = new Int32Array(iw * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += map[y * width + x];
      integral[(y + 1) * iw + x + 1] = integral[y * iw + x + 1] + row;
    }
  }
  const out = new Int32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      out[y * width + x] = integral[y1 * iw + x1] - integral[y0 * iw + x1] - integral[y1 * iw + x0] + integral[y0 * iw + x0];
    }
  }
  return out;
}

/** The texture values of the known pixels: brightness differences across and down, from known neighbours only. */
export function addTexture(level: Level): void {
  const { width, height, data, hole } = level;
  const luma = (i: number) => 0.299 * data[i * CH] + 0.587 * data[i * CH + 1] + 0.114 * data[i * CH + 2];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (hole[i]) continue;
      const left = x > 0 && !hole[i - 1] ? i - 1 : i;
      const right = x < width - 1 && !hole[i + 1] ? i + 1 : i;
      const up = y > 0 && !hole[i - width] ? i - width : i;
      const down = y < height - 1 && !hole[i + width] ? i + width : i;
      data[i * CH + 4] = Math.abs(luma(right) - luma(left));
      data[i * CH + 5] = Math.abs(luma(down) - luma(up));
    }
}

/**
 * Evens out the colour step where the fill meets the photo (a cheap stand-in for Poisson blending): the
 * difference across the hole's edge, averaged along the edge, is spread into the hole (each pixel takes
 * the mean step of the edge within reach, then that is smoothed) and added to the fill, so a copied patch
 * takes on the brightness and tint of what surrounds it where they meet.
 */
const REACH = 32;

export function blendSeams(level: Level, smooth = 8): void {
  const { width, height, data, hole } = level;
  const step = new Float32Array(hole.length * 3);
  const edge = new Uint8Array(hole.length);
  let x0 = width, y0 = height, x1 = 0, y1 = 0;
  for (let q = 0; q < hole.length; q++) {
    if (!hole[q]) continue;
    const x = q % width;
    const y = (q - x) / width;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    let n = 0;
    const sum = [0, 0, 0];
    for (const k of [x > 0 ? q - 1 : -1, x < width - 1 ? q + 1 : -1, y > 0 ? q - width : -1, y < height - 1 ? q + width : -1]) {
      if (k < 0 || hole[k]) continue;
      for (let c = 0; c < 3; c++) sum[c] += data[k * CH + c] - data[q * CH + c];
      n++;
    }
    if (!n) continue;
    edge[q] = 1;
    for (let c = 0; c < 3; c++) step[q * 3 + c] = sum[c] / n;
  }
  // Along the edge first, so texture across it does not turn into noise; then inwards, each pixel taking
  // the nearby edge's step (beyond REACH the correction fades out), then smoothed.
  const along = boxMean(step, edge, edge, width, height, smooth);
  const reach = Math.min(REACH, Math.ceil(Math.max(x1 - x0, y1 - y0) / 2) + 1);
  const spread = boxMean(along, edge, hole, width, height, reach);
  const smoothed = boxMean(boxMean(spread, hole, hole, width, height, smooth), hole, hole, width, height, smooth);
  for (let q = 0; q < hole.length; q++) if (hole[q]) for (let c = 0; c < 3; c++) data[q * CH + c] += smoothed[q * 3 + c];
}

/**
 * For each pixel of `at`, the mean of `values` (3 a pixel) over the pixels of `from` in its (2r+1)-square,
 * through integral images; 0 where none is in reach.
 */
function boxMean(values: Float32Array, from: Uint8Array, at: Uint8Array, width: number, height: number, r: number): Float32Array {
  const counts = windowCounts(from, width, height, r);
  const out = new Float32Array(values.length);
  const iw = width + 1;
  const integral = new Float64Array(iw * (height + 1));
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < height; y++) {
      let row = 0;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (from[i]) row += values[i * 3 + c];
        integral[(y + 1) * iw + x + 1] = integral[y * iw + x + 1] + row;
      }
    }
    for (let y = 0; y < height; y++) {
      const ya = Math.max(0, y - r);
      const yb = Math.min(height, y + r + 1);
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!at[i] || !counts[i]) continue;
        const xa = Math.max(0, x - r);
        const xb = Math.min(width, x + r + 1);
        out[i * 3 + c] = (integral[yb * iw + xb] - integral[ya * iw + xb] - integral[yb * iw + xa] + integral[ya * iw + xa]) / counts[i];
      }
    }
  }
  return out;
}
