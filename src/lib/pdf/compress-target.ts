/**
 * Compressing to a size the visitor types: a binary search over a ladder of
 * image settings (resolution and JPEG quality, best first), both engines at
 * each step, for the best-quality result under the target. Text is never
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
  // The smallest step first (it says at once whether the target can be reached), then a binary search over the rest.
  const probes = 1 + Math.ceil(Math.log2(TARGET_STEPS.length));
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

  const last = TARGET_STEPS.length - 1;
  const smallest = await run(last);
  if (!smallest || smallest.bytes.length > target) {
    const best = valid.sort((a, b) => a.bytes.length - b.bytes.length)[0];
    return done(best, false);
  }
  // Invariant: step `high` reaches the target; look for the best-quality step that still does.
  let low = 0;
  let high = last;
  let best = smallest;
  while (low < high) {
    const mid = (low + high) >> 1;
    const result = await run(mid);
    if (result && result.bytes.length <= target) {
      high = mid;
      best = result.bytes.length > best.bytes.length ? result : best;
    } else low = mid + 1;
  }
  return done(best, true);
}

/** Whether the input has scripts to strip (then even a small enough original is rewritten); throws ToolError for bad input. */
async function hasScripts(input: Uint8Array, name: string): Promise<boolean> {
  return containsActiveContent(await loadPdf(input, name));
}
