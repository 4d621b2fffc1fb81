/**
 * Exemplar fill of one pyramid level (Wexler, Shechtman and Irani's
 * space-time completion, with Barnes et al.'s PatchMatch for the search):
 * every patch that overlaps the hole is matched to the most similar patch
 * made only of known pixels, then each hole pixel becomes the weighted vote
 * of the matched patches that cover it. Repeating both steps pulls real
 * texture from the photo into the hole instead of smearing its edge inwards.
 */
import { CH as CHANNELS, windowCounts, type Level } from './inpaint-level';

/** A plain module constant: an imported binding is read through a getter in some module loaders, which the hot loops would pay for. */
const CH = CHANNELS;

/** Patch radius: 7 x 7 patches, large enough for texture and small enough to find good matches. */
export const R = 3;

/** The nearest-neighbour field of a level: for each target pixel (patch centre), its source patch centre. */
export interface Field {
  /** Centres whose patch overlaps the hole, in raster order. */
  targets: Int32Array;
  /** Source centre per pixel, -1 where the pixel is no target. */
  nnf: Int32Array;
  /** Patch distance of each target to its source. */
  dist: Float32Array;
  /** 1 where a patch lies wholly inside the level and holds no hole pixel. */
  valid: Uint8Array;
  validList: Int32Array;
  /** How far each pixel can be trusted in the vote: 1 where known, falling with the distance into the hole. */
  confidence: Float32Array;
}

/**
 * Wexler et al.'s confidence: a hole pixel d steps from the edge counts GAMMA^-d. Patches near the edge,
 * which overlap real pixels, then steer the vote, so the fill continues its surroundings; beyond
 * CONFIDENCE_STEPS the confidence stays flat (deep inside, all patches are equally unsure).
 */
const GAMMA = 1.3;
const CONFIDENCE_STEPS = 24;

function confidenceOf(hole: Uint8Array, width: number): Float32Array {
  const confidence = new Float32Array(hole.length);
  let ring: number[] = [];
  for (let i = 0; i < hole.length; i++) if (!hole[i]) confidence[i] = 1;
  // Rings of hole pixels touching the pixels already reached, one step further in each time.
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    const x = i % width;
    if ((x > 0 && !hole[i - 1]) || (x < width - 1 && !hole[i + 1]) || (i >= width && !hole[i - width]) || (i + width < hole.length && !hole[i + width])) ring.push(i);
  }
  const seen = Uint8Array.from(hole, (h) => (h ? 0 : 1));
  for (const i of ring) seen[i] = 1;
  for (let step = 1; ring.length; step++) {
    const value = GAMMA ** -Math.min(step, CONFIDENCE_STEPS);
    const next: number[] = [];
    for (const i of ring) {
      confidence[i] = value;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= hole.length || seen[j]) continue;
        seen[j] = 1;
        next.push(j);
      }
    }
    ring = next;
  }
  return confidence;
}


/** Targets and valid sources of a level; null when the level is too small or has nothing to copy from. */
export function prepareField(level: Level): Field | null {
  const { width, height } = level;
  if (width < 2 * R + 1 || height < 2 * R + 1) return null;
  const holes = windowCounts(level.hole, width, height, R);
  const valid = new Uint8Array(width * height);
  let targetCount = 0;
  let sourceCount = 0;
  for (let y = R; y < height - R; y++)
    for (let x = R; x < width - R; x++) {
      if (holes[y * width + x] > 0) targetCount++;
      else sourceCount++;
    }
  if (!targetCount || !sourceCount) return null;
  const targets = new Int32Array(targetCount);
  const validList = new Int32Array(sourceCount);
  targetCount = sourceCount = 0;
  for (let y = R; y < height - R; y++)
    for (let x = R; x < width - R; x++) {
      const i = y * width + x;
      if (holes[i] > 0) targets[targetCount++] = i;
      else {
        valid[i] = 1;
        validList[sourceCount++] = i;
      }
    }
  const nnf = new Int32Array(width * height).fill(-1);
  return { targets, nnf, dist: new Float32Array(width * height), valid, validList, confidence: confidenceOf(level.hole, width) };
}

/** Sum of squared differences of every value (colour and texture) between the patches centred at p and s, stopping once it passes `best`. */
function patchDistance(data: Float32Array, width: number, p: number, s: number, best: number): number {
  let d = 0;
  for (let dy = -R; dy <= R; dy++) {
    const pi = (p + dy * width - R) * CH;
    const si = (s + dy * width - R) * CH;
    for (let k = 0; k < (2 * R + 1) * CH; k++) {
      const v = data[pi + k] - data[si + k];
      d += v * v;
    }
    if (d >= best) return d;
  }
  return d;
}

/** Starts every target at a random source. */
export function randomField(field: Field, next: () => number): void {
  const { validList } = field;
  for (const p of field.targets) field.nnf[p] = validList[Math.floor(next() * validList.length)];
}

/**
 * Starts every target at its coarser level's match, scaled up (PatchMatch's usual hand-over between
 * levels); where that lands on an invalid source, at a random one.
 */
export function upsampleField(field: Field, level: Level, coarse: Field, coarseLevel: Level, next: () => number): void {
  const { width } = level;
  const cw = coarseLevel.width;
  for (const p of field.targets) {
    const x = p % width;
    const y = (p - x) / width;
    const cp = Math.min(coarseLevel.height - 1, y >> 1) * cw + Math.min(cw - 1, x >> 1);
    const s = coarse.nnf[cp];
    let candidate = -1;
    if (s >= 0) {
      const sx = (s % cw) * 2 + (x & 1);
      const sy = Math.floor(s / cw) * 2 + (y & 1);
      if (sx < width && sy < level.height) candidate = sy * width + sx;
    }
    field.nnf[p] = candidate >= 0 && field.valid[candidate] ? candidate : field.validList[Math.floor(next() * field.validList.length)];
  }
}

/** Distances of every target to its current source, after the hole's colours changed. */
export function measure(level: Level, field: Field): void {
  for (const p of field.targets) field.dist[p] = patchDistance(level.data, level.width, p, field.nnf[p], Infinity);
}

/**
 * One PatchMatch sweep: each target tries its neighbours' matches shifted by one pixel (left and up on a
 * forward sweep, right and down backward), then random sources in a window halving around its best.
 */
export function sweep(level: Level, field: Field, forward: boolean, next: () => number, searchRadius: number): void {
  const { width, height, data } = level;
  const { targets, nnf, dist, valid } = field;
  const step = forward ? 1 : -1;
  const offer = (p: number, s: number) => {
    if (s < 0 || !valid[s] || s === nnf[p]) return;
    const d = patchDistance(data, width, p, s, dist[p]);
    if (d < dist[p]) {
      dist[p] = d;
      nnf[p] = s;
    }
  };
  for (let k = forward ? 0 : targets.length - 1; k >= 0 && k < targets.length; k += step) {
    const p = targets[k];
    // Sources one column or row over are invalid at the edges, so a shift never wraps to another row.
    const side = nnf[p - step];
    if (side >= 0) offer(p, side + step);
    const above = p - step * width >= 0 ? nnf[p - step * width] : -1;
    if (above >= 0) offer(p, above + step * width);
    for (let radius = searchRadius; radius >= 1; radius >>= 1) {
      const s = nnf[p];
      const sx = s % width;
      const sy = (s - sx) / width;
      const x = Math.min(width - R - 1, Math.max(R, sx + Math.round((next() * 2 - 1) * radius)));
      const y = Math.min(height - R - 1, Math.max(R, sy + Math.round((next() * 2 - 1) * radius)));
      offer(p, y * width + x);
    }
  }
}

/** A percentile of the targets' distances (sampled), the scale of the vote's weights. */
function distanceScale(field: Field, share: number): number {
  const { targets, dist } = field;
  const stride = Math.max(1, Math.floor(targets.length / 4000));
  const sample: number[] = [];
  for (let k = 0; k < targets.length; k += stride) sample.push(dist[targets[k]]);
  sample.sort((a, b) => a - b);
  return sample[Math.min(sample.length - 1, Math.floor(sample.length * share))] + 1;
}

/**
 * Each hole pixel becomes the average of what the matched patches covering it say it should be,
 * weighted by how well each patch matched. A low `share` weights the best matches most, which keeps
 * the final level sharp.
 */
export function vote(level: Level, field: Field, share: number): void {
  const { width, data, hole } = level;
  const { targets, nnf, dist, confidence } = field;
  const scale = 2 * distanceScale(field, share);
  const sum = new Float32Array(data.length);
  const weights = new Float32Array(hole.length);
  for (const p of targets) {
    const s = nnf[p];
    const weight = Math.exp(-dist[p] / scale) * confidence[p] + 1e-12;
    for (let dy = -R; dy <= R; dy++)
      for (let dx = -R; dx <= R; dx++) {
        const q = p + dy * width + dx;
        if (!hole[q]) continue;
        const from = (s + dy * width + dx) * CH;
        weights[q] += weight;
        for (let c = 0; c < CH; c++) sum[q * CH + c] += weight * data[from + c];
      }
  }
  for (let q = 0; q < hole.length; q++) {
    if (!hole[q] || weights[q] === 0) continue;
    for (let c = 0; c < CH; c++) data[q * CH + c] = sum[q * CH + c] / weights[q];
  }
}

/**
 * The last step at full size: each hole pixel takes the centre pixel of its own best match instead of an
 * average, so the fill is made of real pixels of the photo and stays as sharp as they are. Within a
 * patch of the hole's edge the averaged vote is blended in, which hides the seam a copy would leave.
 */
export function copyCentres(level: Level, field: Field): void {
  const { data, hole } = level;
  const edge = GAMMA ** -(R + 1);
  for (const p of field.targets) {
    if (!hole[p]) continue;
    const s = field.nnf[p];
    // Confidence falls from 1/GAMMA at the edge to GAMMA^-(R+1) a patch in: the share of the vote kept.
    const keep = Math.max(0, Math.min(1, (field.confidence[p] - edge) / (1 / GAMMA - edge)));
    for (let c = 0; c < CH; c++) data[p * CH + c] = keep * data[p * CH + c] + (1 - keep) * data[s * CH + c];
  }
}
