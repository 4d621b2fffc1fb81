/**
 * Maps the page's voice choices onto espeak-ng voices. A choice is either
 * "default" or "<lang>-<REGION>-<female|male>" (en-US-female ...); espeak-ng
 * picks a voice by language code (en-us, en-gb) and changes the speaker with
 * a variant (+f3 is a female variant, +m3 a male one). Its own default voice
 * is male, so "default" and the male choices differ only by the variant.
 */
const CHOICE = /^([a-z]{2,3})-([A-Z]{2})-(female|male)$/;

/** espeak-ng's standard speed in words per minute, which the page's rate 1x means. */
export const BASE_WPM = 175;
/** espeak-ng accepts 80 to 450 words per minute. */
const MIN_WPM = 80;
const MAX_WPM = 450;

/**
 * espeak-ng voice names where the plain language code is not one: asked for
 * "en-gb+f3" it picks by language and drops the variant, while its British
 * voice is simply "en".
 */
const VOICE_NAMES: Record<string, string> = { 'en-gb': 'en' };

export const FEMALE_VARIANT = 'f3';
export const MALE_VARIANT = 'm3';

/** The espeak-ng `-v` argument for a voice choice; unknown choices get US English. */
export function espeakVoice(choice: string): string {
  const match = CHOICE.exec(choice);
  if (!match) return 'en-us';
  const [, lang, region, gender] = match;
  const code = `${lang}-${region.toLowerCase()}`;
  return `${VOICE_NAMES[code] ?? code}+${gender === 'female' ? FEMALE_VARIANT : MALE_VARIANT}`;
}

/** The espeak-ng `-s` argument (words per minute) for a rate such as 0.5 or 2. */
export function wordsPerMinute(rate: number): number {
  return Math.round(Math.min(MAX_WPM, Math.max(MIN_WPM, BASE_WPM * rate)));
}
