/**
 * Compressing to a size the visitor types: a search over a ladder of image
 * settings (resolution and JPEG quality, best first), both engines at each
 * step, for the best-quality result under the target, in at most
 * MAX_TARGET_RUNS runs (each compresses the whole file twice). The smallest
 * step first, then steps that keep the worst case to one step short of the
 * best (a plain halving needs five runs for nine steps), and among those the
 * one nearest where the sizes measured so far point (a fixed part plus images
 * growing with each step's dpi squared and JPEG quality). Text is never
 * turned into pictures, so a target below what the text and fonts alone need
 * cannot be reached; then the smallest checked result is kept and the caller
 * says how large it is.
 */
import { attempt, checker, inputFacts, originalOf, type Compressed, type Context, type Engines } from './compress-best';
import type { GhostscriptSettings } from './compress-gs';
import { loadPdf } from './load';
import { containsActiveContent } from './sanitize';

/** Image settings from best quality to smallest file; JPEGs are re-encoded so quality counts at every step. */
export const TARGET_STEPS: GhostscriptSettings[] = [
  { dpi: 300, quality: 0.9 },
  { dpi: 200, quality: 0.85 },
  { dpi: 150, quality: 0.75 },
  { dpi: 150, quality: 0.6 },
  { dpi: 120, quality: 0.5 },
  { dpi: 96, quality: 0.45 },
  { dpi: 72, quality: 0.35 },
  { dpi: 60, quality: 0.25 },
  { dpi: 45, quality: 0.15 },
].map((step) => ({ ...step, reencodeJpeg: true }));

/** Runs of the ladder (both engines at one step) one search may make. */
export const MAX_TARGET_RUNS = 4;

export interface TargetResult extends Compressed {
  /** True when the result is at or under the target. */
  reached: boolean;
}

/**
 * The best-quality result at or under `target` bytes, or the smallest
 * checked result (reached = false) when no step gets there. The original
 * comes back when it is already small enough or nothing is smaller.
 */
export async function compressToTarget(input: Uint8Array, name: string, target: number, engines: Engines, ctx: Context): Promise<TargetResult> {
  ctx.onProgress(0, 1000);
  // The smallest step first (it says at once whether the target can be reached), then a search over the rest.
  const probes = MAX_TARGET_RUNS;
  let probe = 0;
  const valid: Compressed[] = [];
  let active = false;
  let fallback: Compressed = originalOf(input);
  const facts = inputFacts(input);
  let passes: ReturnType<typeof checker> | undefined;

  /** Runs one step and returns the best checked result of it for the target (largest under it, else smallest). */
  const run = async (index: number): Promise<Compressed | undefined> => {
    const from = (900 * probe) / probes;
    const to = (900 * Math.min(probe + 1, probes)) / probes;
    probe++;
    const result = await attempt(input, name, TARGET_STEPS[index], engines, ctx, from, to);
    active ||= result.active;
    if (result.active) fallback = result.fallback;
    passes ??= checker(await facts);
    const checked: Compressed[] = [];
    for (const candidate of result.candidates) if (await passes(candidate)) checked.push(candidate);
    valid.push(...checked);
    const under = checked.filter((c) => c.bytes.length <= target).sort((a, b) => b.bytes.length - a.bytes.length);
    return under[0] ?? checked.sort((a, b) => a.bytes.length - b.bytes.length)[0];
  };

  const done = (pick: Compressed | undefined, reached: boolean): TargetResult => {
    ctx.onProgress(1000, 1000);
    // Nothing smaller than the input (and nothing to strip): the original is the honest answer.
    if (!pick || (!active && pick.bytes.length >= input.length)) {
      const kept = active ? fallback : originalOf(input);
      return { ...kept, reached: kept.bytes.length <= target };
    }
    return { ...pick, reached };
  };

  if (input.length <= target && !(await hasScripts(input, name))) return done(originalOf(input), true);

  const found = await searchLadder(TARGET_STEPS.length, target, run);
  if (!found.reached) return done(valid.sort((a, b) => a.bytes.length - b.bytes.length)[0], false);
  return done(found.best, true);
}

/**
 * The search on a ladder of `steps` settings, best first, with `run` giving
 * a step's result (undefined when it has none): the lowest step whose result
 * is at most `target`, in at most MAX_TARGET_RUNS runs; reached = false when
 * even the last step is over. Exact when the size falls step by step and the
 * measured sizes point at the answer; otherwise a step or so short.
 */
export async function searchLadder<T extends { bytes: { length: number } }>(
  steps: number,
  target: number,
  run: (index: number) => Promise<T | undefined>,
): Promise<{ best?: T; reached: boolean }> {
  const last = steps - 1;
  const smallest = await run(last);
  if (!smallest || smallest.bytes.length > target) return { reached: false };
  // Invariant: step `high` reaches the target and every step before `low` does not.
  let low = 0;
  let high = last;
  let best = smallest;
  const sizes = new Map<number, number>([[last, smallest.bytes.length]]);
  for (let left = MAX_TARGET_RUNS - 1; left > 0 && low < high; left--) {
    const next = nextStep(low, high, left, sizes, target);
    const result = await run(next);
    if (result) sizes.set(next, result.bytes.length);
    if (result && result.bytes.length <= target) {
      high = next;
      best = result.bytes.length > best.bytes.length ? result : best;
    } else low = next + 1;
  }
  return { best, reached: true };
}

/**
 * The step to run next among low .. high - 1 (high reaches the target), with
 * `left` runs: of the steps that keep the worst case smallest (how many steps
 * short of the answer the search can end, `shortfall`), the one nearest the
 * first step whose size, read off the sizes measured so far, is at most the
 * target; the middle one when fewer than two sizes are known.
 */
export function nextStep(low: number, high: number, left: number, sizes: Map<number, number>, target: number): number {
  const count = high - low;
  const worst = (p: number) => Math.max(shortfall(p, left - 1), shortfall(count - p - 1, left - 1));
  const least = Math.min(...Array.from({ length: count }, (_, p) => worst(p)));
  const safe = Array.from({ length: count }, (_, p) => p).filter((p) => worst(p) === least);
  const known = [...sizes].filter(([, size]) => size > 0).sort((a, b) => a[0] - b[0]);
  let aim = safe[(safe.length - 1) >> 1];
  const predict = known.length >= 2 ? sizeModel(known) : undefined;
  if (predict) {
    aim = count - 1;
    for (let step = low; step < high; step++) {
      if (predict(step) <= target) {
        aim = step - low;
        break;
      }
    }
  }
  return low + safe.reduce((best, p) => (Math.abs(p - aim) < Math.abs(best - aim) ? p : best));
}

/**
 * The most steps short of the answer a search can end with `count` steps left
 * to decide and `left` runs, run well: with no run left, the step known to
 * reach the target is taken, up to `count` steps short.
 */
function shortfall(count: number, left: number): number {
  if (count === 0) return 0;
  if (left === 0) return count;
  let least = count;
  for (let p = 0; p < count; p++) least = Math.min(least, Math.max(shortfall(p, left - 1), shortfall(count - p - 1, left - 1)));
  return least;
}

/**
 * Relative JPEG bytes per pixel by quality (0..1), IJG scale, for photographs:
 * the ladder's steps are told apart by pixels (dpi squared) times this.
 */
const JPEG_WEIGHT: [number, number][] = [
  [0.15, 0.3],
  [0.25, 0.42],
  [0.35, 0.5],
  [0.45, 0.58],
  [0.5, 0.62],
  [0.6, 0.72],
  [0.75, 0.9],
  [0.85, 1.15],
  [0.9, 1.4],
];

function jpegWeight(quality: number): number {
  for (let i = 1; i < JPEG_WEIGHT.length; i++) {
    const [q1, w1] = JPEG_WEIGHT[i];
    if (quality <= q1) {
      const [q0, w0] = JPEG_WEIGHT[i - 1];
      return w0 + ((w1 - w0) * (quality - q0)) / (q1 - q0);
    }
  }
  return JPEG_WEIGHT[JPEG_WEIGHT.length - 1][1];
}

/**
 * A step's size as a fixed part (text, fonts, structure) plus the images,
 * which grow with the step's weight (dpi squared times JPEG bytes per pixel):
 * the two parts fitted to the two measured steps nearest around it.
 */
function sizeModel(known: [number, number][]): (step: number) => number {
  const weight = (step: number) => (TARGET_STEPS[step].dpi / 300) ** 2 * jpegWeight(TARGET_STEPS[step].quality ?? 0.75);
  return (step) => {
    let i = known.findIndex(([at]) => at >= step);
    if (i >= 0 && known[i][0] === step) return known[i][1];
    if (i < 0) i = known.length - 1;
    else if (i === 0) i = 1;
    const [[s0, b0], [s1, b1]] = [known[i - 1], known[i]];
    const [w0, w1] = [weight(s0), weight(s1)];
    if (w0 === w1) return b0;
    // Images at least nothing; the fixed part at least nothing.
    const images = Math.max(0, (b0 - b1) / (w0 - w1));
    const fixed = Math.max(0, b1 - images * w1);
    return fixed + images * weight(step);
  };
}

/** Whether the input has scripts to strip (then even a small enough original is rewritten); throws ToolError for bad input. */
async function hasScripts(input: Uint8Array, name: string): Promise<boolean> {
  return containsActiveContent(await loadPdf(input, name));
}
