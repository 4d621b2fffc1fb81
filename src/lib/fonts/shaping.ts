/**
 * Getting text of any script onto a PDF line: each character is given the
 * first font that has a glyph for it (characters no font has are collected,
 * never drawn as empty boxes), CJK text may break between characters, and a
 * line is cut into the strings drawn from left to right.
 *
 * The shaping itself (Arabic joining, ligatures, right-to-left glyph order
 * within a run) is fontkit's layout, which pdf-lib runs for every string it
 * draws with an embedded font: given a run of Arabic or Hebrew, it returns
 * the contextual glyphs in visual order, and pdf-lib's ToUnicode map sends
 * each glyph back to its original characters, so text extraction reads the
 * logical text. pdf-lib draws glyphs by their advance widths alone, so
 * positioning from the font's GPOS table (kerning, mark offsets) is not
 * applied; DejaVu's Arabic and Hebrew marks are drawn over their letters
 * without it.
 */
import type { PDFFont } from 'pdf-lib';
import { hasRtl, mirrored, visualRuns, type Direction } from './bidi';
import { runText } from '../i18n/run-messages';

/** Whether a font has a glyph for a code point. */
export type Coverage = (font: PDFFont, codePoint: number) => boolean;

const CJK_RANGES = '\\u2e80-\\u303f\\u3040-\\u30ff\\u31f0-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef\\u{20000}-\\u{3134f}';
/** Han, kana, CJK punctuation and full-width forms: the characters the CJK font is loaded for. */
export const CJK_CHAR = new RegExp(`[${CJK_RANGES}]`, 'u');
/** Hangul syllables and jamo: the characters the Korean font is loaded for. */
export const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/u;
/** Characters that must not begin a line (closing punctuation, small kana, the prolonged sound mark). */
const NO_LINE_START = '、。，．！？：；）」』】〕〉》・ー…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々,.!?:;)\\]}';
/** One CJK character with the punctuation that must stay with it, or a stretch of other text. */
const BREAK_UNIT = new RegExp(`[${CJK_RANGES}][${NO_LINE_START}]*|[^${CJK_RANGES}]+`, 'gu');

/** Joiners and variation selectors change the glyphs around them and have none of their own to check. */
const FORMAT = /^[\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
const MARK = /^\p{M}$/u;
/** Punctuation, digits and symbols shared by scripts. */
const COMMON = /^\p{Script=Common}$/u;
/** Characters of a script written right to left, for which fontkit reverses the glyph order itself. */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;

/** The pieces of a word between which a line may break: each CJK character is one, other text stays whole. */
export function breakUnits(token: string): string[] {
  return token.match(BREAK_UNIT) ?? [];
}

/** Part of a string drawn in one font. */
export interface FontedText {
  text: string;
  font: PDFFont;
}

/**
 * Picks a font for each character of `text`: the first of `chain` that has
 * it. Marks, joiners and punctuation stay in the font of the character
 * before them when it has them, so a base letter and its accents are shaped
 * together and a full stop matches the sentence it ends. Characters
 * no font has are added to `missing` and left out.
 */
export function splitByFont(text: string, chain: PDFFont[], covers: Coverage, missing: Set<string>): FontedText[] {
  const out: FontedText[] = [];
  let current: FontedText | undefined;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let font: PDFFont | undefined;
    if (current && (FORMAT.test(char) || ((MARK.test(char) || COMMON.test(char)) && covers(current.font, code)))) font = current.font;
    else if (FORMAT.test(char)) font = chain[0];
    else font = chain.find((candidate) => covers(candidate, code));
    if (!font) {
      missing.add(char);
      continue;
    }
    if (current?.font === font) current.text += char;
    else out.push((current = { text: char, font }));
  }
  return out;
}

/** A string drawn at one place on a line, already in the order fontkit expects. */
export interface DrawnText extends FontedText {
  width: number;
}

/**
 * The strings that draw a line, left to right. `parts` are the line's text
 * in logical order; `measure` gives a string's width. A left-to-right line
 * without right-to-left characters is drawn as it is, consecutive parts in
 * one font joined. Otherwise the line is cut into directional runs (the
 * bidirectional algorithm), the runs put in visual order, and within a
 * right-to-left run the parts reversed and their paired characters mirrored.
 * fontkit reverses runs of Hebrew or Arabic itself; runs of neutrals only
 * (spaces, punctuation) are reversed here. Mirroring draws "(" at the end of
 * a right-to-left phrase with the glyph of ")", which is what readers see;
 * pdf.js's text extraction does not mirror back, so it reports that bracket
 * as ")".
 */
export function visualLine(parts: FontedText[], direction: Direction, measure: (font: PDFFont, text: string) => number): DrawnText[] {
  const text = parts.map((part) => part.text).join('');
  const drawn: FontedText[] = [];
  // Strings of two runs are never joined: fontkit takes the direction of a whole string from its first letter.
  let joinable = false;
  const push = (font: PDFFont, value: string) => {
    const last = drawn[drawn.length - 1];
    if (joinable && last?.font === font) last.text += value;
    else drawn.push({ font, text: value });
    joinable = true;
  };
  if (direction === 'ltr' && !hasRtl(text)) {
    for (const part of parts) push(part.font, part.text);
  } else {
    const starts: number[] = [];
    let at = 0;
    for (const part of parts) {
      starts.push(at);
      at += part.text.length;
    }
    for (const run of visualRuns(text, direction)) {
      joinable = false;
      // The parts of the line that fall within the run, clipped to it, in logical order.
      const inside: FontedText[] = [];
      parts.forEach((part, i) => {
        const start = Math.max(run.start, starts[i]!);
        const end = Math.min(run.end, starts[i]! + part.text.length);
        if (start >= end) return;
        const piece = part.text.slice(start - starts[i]!, end - starts[i]!);
        const last = inside[inside.length - 1];
        if (last?.font === part.font) last.text += piece;
        else inside.push({ font: part.font, text: piece });
      });
      if (!run.rtl) {
        // Arabic-Indic digits are Arabic script, which fontkit would reverse: reversed first, they come out in order.
        for (const part of inside) push(part.font, RTL_LETTER.test(part.text) ? Array.from(part.text).reverse().join('') : part.text);
        continue;
      }
      for (const part of inside.reverse()) {
        const chars = Array.from(part.text, mirrored);
        push(part.font, RTL_LETTER.test(part.text) ? chars.join('') : chars.reverse().join(''));
      }
    }
  }
  return drawn.filter((d) => d.text !== '').map((d) => ({ ...d, width: measure(d.font, d.text) }));
}

/** The Warning for characters left out of a PDF because no font had them, or undefined when none were. */
export function missingGlyphsWarning(missing: Iterable<string>): string | undefined {
  const chars = [...new Set(missing)];
  if (chars.length === 0) return undefined;
  const named = chars.slice(0, 12).map((char) => `${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
  const characters = named.join(', ');
  if (chars.length <= 12) return runText('run.font.missingGlyphs', { characters });
  return runText('run.font.missingGlyphsMore', { characters, more: chars.length - 12 });
}
