/**
 * The six case conversions of the Text Case Converter, plus its word and
 * character counts. Pure and Unicode-aware: they work on code points and use
 * the language-neutral case mappings, so accented Latin, Greek and Cyrillic
 * letters convert like ASCII ones.
 */

export const CASE_MODES = ['uppercase', 'lowercase', 'titlecase', 'sentencecase', 'alternatingcase', 'inversecase'] as const;
export type CaseMode = (typeof CASE_MODES)[number];

export function isCaseMode(value: unknown): value is CaseMode {
  return typeof value === 'string' && (CASE_MODES as readonly string[]).includes(value);
}

/** Upper-cases the first letter of each whitespace-separated word (after leading punctuation) and lower-cases the rest. */
export function toTitleCase(text: string): string {
  return text.toLowerCase().replace(/(^|\s)([\p{P}\p{S}]*)(\p{L})/gu, (_, space: string, lead: string, letter: string) => space + lead + letter.toUpperCase());
}

/** Lower-cases everything, then upper-cases the first letter of the text and of each sentence (after . ! ? … and whitespace). */
export function toSentenceCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[.!?…]\s+)([^\p{L}\p{N}]*?)(\p{L})/gu, (_, start: string, lead: string, letter: string) => start + lead + letter.toUpperCase());
}

/** Alternates lower and upper case on every character, starting lower: "aLtErNaTiNg cAsE". */
export function toAlternatingCase(text: string): string {
  return Array.from(text, (c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** Swaps the case of every letter: upper becomes lower and lower becomes upper. */
export function toInverseCase(text: string): string {
  return Array.from(text, (c) => {
    const lower = c.toLowerCase();
    return c === lower ? c.toUpperCase() : lower;
  }).join('');
}

/** Converts text to the given case mode. */
export function convertCase(text: string, mode: CaseMode): string {
  switch (mode) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'titlecase':
      return toTitleCase(text);
    case 'sentencecase':
      return toSentenceCase(text);
    case 'alternatingcase':
      return toAlternatingCase(text);
    case 'inversecase':
      return toInverseCase(text);
  }
}

/** Words are the pieces between runs of whitespace; blank text has 0 words. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

let graphemes: Intl.Segmenter | null | undefined;

/** Made on first use: a segmenter takes tens of milliseconds to make, and a page shows empty text first. */
function graphemeSegmenter(): Intl.Segmenter | null {
  graphemes ??= typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  return graphemes;
}

/** Characters as a reader sees them: an emoji or a letter with a combining accent counts once. */
export function countCharacters(text: string): number {
  if (text === '') return 0;
  const segmenter = graphemeSegmenter();
  if (!segmenter) return Array.from(text).length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}
