/**
 * The Unicode bidirectional algorithm for lines of text drawn into PDFs:
 * which way a paragraph reads, and the runs of a line in the order they are
 * drawn from left to right. Text without right-to-left characters never
 * reaches the algorithm, so plain Latin documents pay nothing for it.
 */
import bidiFactory from 'bidi-js';

export type Direction = 'ltr' | 'rtl';

type Bidi = ReturnType<typeof bidiFactory>;
let engine: Bidi | undefined;
const bidi = (): Bidi => (engine ??= bidiFactory());

/**
 * Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left blocks,
 * their presentation forms, and the explicit right-to-left marks.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Explicit direction marks, embeddings and isolates: they steer the algorithm and are never drawn. */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function hasRtl(text: string): boolean {
  return RTL.test(text);
}

/** The direction of a paragraph: that of its first strong character (rule P2), left to right when it has none. */
export function paragraphDirection(text: string): Direction {
  if (!hasRtl(text)) return 'ltr';
  const { paragraphs } = bidi().getEmbeddingLevels(text, 'auto');
  return (paragraphs[0]?.level ?? 0) % 2 ? 'rtl' : 'ltr';
}

/** A stretch of a line, [start, end) in UTF-16 units of its logical text, set in one direction. */
export interface VisualRun {
  start: number;
  end: number;
  rtl: boolean;
}

/**
 * The runs of one line in visual order, left to right (rule L2): runs of
 * equal embedding level, with every sequence at or above each odd level
 * reversed, from the highest level down. A run whose `rtl` is true is itself
 * drawn right to left.
 */
export function visualRuns(text: string, direction: Direction): VisualRun[] {
  if (text === '') return [];
  if (direction === 'ltr' && !hasRtl(text)) return [{ start: 0, end: text.length, rtl: false }];
  const { levels } = bidi().getEmbeddingLevels(text, direction);
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = levels[i] ?? 0;
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level });
  }
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((r) => ({ start: r.start, end: r.end, rtl: r.level % 2 === 1 }));
}

/** The character shown for `char` in right-to-left text: brackets and similar pairs face the other way (rule L4). */
export function mirrored(char: string): string {
  return bidi().getMirroredCharacter(char) ?? char;
}
