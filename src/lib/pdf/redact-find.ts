/**
 * What Redact PDF searches for: email addresses, phone numbers and the
 * visitor's own words and phrases, found in a page's text as pdf.js reads it.
 * The same search runs over the tool's own output afterwards, so "nothing
 * found there" is exactly the promise the tool makes. Pure functions.
 */

export interface RedactSearch {
  emails: boolean;
  phones: boolean;
  /** Words and phrases, matched whole and regardless of case. */
  words: string[];
}

/** A range of a page's text, [start, end). */
export interface TextRange {
  start: number;
  end: number;
}

/** The visitor's list: commas or new lines between entries, blanks and repeats dropped. */
export function parseWordList(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const part of text.split(/[,\n\r]+/)) {
    const word = part.replace(/\s+/g, ' ').trim();
    if (word && !seen.has(word.toLowerCase())) {
      seen.add(word.toLowerCase());
      words.push(word);
    }
  }
  return words;
}

export function searchesAnything(search: RedactSearch): boolean {
  return search.emails || search.phones || search.words.length > 0;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/**
 * Digits in groups joined by spaces, dots or dashes, optionally with a +country
 * code and a bracketed area code; whole numbers only (no digit or letter next to it).
 */
const PHONE = /(?<![\p{L}\p{N}.,])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{2,5}(?:[ .-]?\d{2,5}){1,4}(?![\p{L}\p{N}]|[.,]\d)/gu;
/** Dates such as 2024-10-12 or 12.10.2024 have phone-like digit groups but are not phone numbers. */
const DATE_LIKE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  // A long run of bare digits is a timestamp (a PDF date is fourteen) or an identifier, not a number to dial.
  if (digits > 11 && /^\d+$/.test(text)) return false;
  // Seven digits is the shortest local number; fifteen the longest international one (E.164).
  return digits >= 7 && digits <= 15 && !DATE_LIKE.test(text);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A pattern for one word or phrase: any run of spaces between its parts, whole
 * words at ends that are letters or digits. Inside a word one space may stand
 * between letters, because wide kerning or letter spacing makes readers (and
 * pdf.js) see "Quil lon" where the page shows one word.
 */
function wordPattern(word: string): RegExp {
  const spaced = (part: string) => Array.from(part, escapeRegExp).join('\\s?');
  const body = word.split(' ').map(spaced).join('\\s*');
  const before = WORD_CHAR.test(word[0]!) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORD_CHAR.test(word.at(-1)!) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${body}${after}`, 'giu');
}

function* allMatches(pattern: RegExp, text: string): Generator<TextRange> {
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0].length > 0) yield { start: match.index, end: match.index + match[0].length };
  }
}

/** Every range of `text` the search finds, sorted and with overlapping ranges joined. */
export function findRanges(text: string, search: RedactSearch): TextRange[] {
  const found: TextRange[] = [];
  if (search.emails) found.push(...allMatches(EMAIL, text));
  if (search.phones) {
    for (const range of allMatches(PHONE, text)) if (isPhoneNumber(text.slice(range.start, range.end))) found.push(range);
  }
  for (const word of search.words) found.push(...allMatches(wordPattern(word), text));
  found.sort((a, b) => a.start - b.start);
  const joined: TextRange[] = [];
  for (const range of found) {
    const last = joined.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else joined.push({ ...range });
  }
  return joined;
}

/** One piece of a page's text as pdf.js gives it. */
export interface TextPiece {
  str: string;
  hasEOL?: boolean;
}

/** A page's text for searching, and for each character the piece and position it came from (-1 for the line breaks added). */
export interface PageText {
  text: string;
  piece: Int32Array;
  offset: Int32Array;
}

/** Joins pdf.js's pieces as a reader copies them: directly, with a line break where pdf.js marks the end of a line. */
export function pageText(pieces: readonly TextPiece[]): PageText {
  let text = '';
  const piece: number[] = [];
  const offset: number[] = [];
  pieces.forEach((item, index) => {
    for (let i = 0; i < item.str.length; i++) {
      piece.push(index);
      offset.push(i);
    }
    text += item.str;
    if (item.hasEOL) {
      text += '\n';
      piece.push(-1);
      offset.push(-1);
    }
  });
  return { text, piece: Int32Array.from(piece), offset: Int32Array.from(offset) };
}

/** For each piece, which of its characters a set of ranges covers. */
export function coveredCharacters(page: PageText, ranges: readonly TextRange[], pieceCount: number): boolean[][] {
  const covered: boolean[][] = Array.from({ length: pieceCount }, () => []);
  for (const { start, end } of ranges) {
    for (let i = start; i < end; i++) {
      const index = page.piece[i]!;
      if (index >= 0) covered[index]![page.offset[i]!] = true;
    }
  }
  return covered;
}
