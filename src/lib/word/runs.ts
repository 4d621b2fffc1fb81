/**
 * Character formatting and paragraph kinds for PDF to Word: a run's font
 * family, size, colour, bold, italic and link; paragraphs from lines, split
 * where a line starts with a list marker; and what that marker is.
 */
import { fontStyle } from '../pdf/text-layout';
import type { Box } from './graphics';
import { readingSegments, type WordFragment, type WordLine } from './layout';

/** The standard 14 fonts by the families Word and LibreOffice have (or substitute) for them. */
const STANDARD_FAMILIES: Record<string, string> = {
  Helvetica: 'Arial',
  Times: 'Times New Roman',
  'Times-Roman': 'Times New Roman',
  Courier: 'Courier New',
  Symbol: 'Symbol',
  ZapfDingbats: 'Wingdings',
};

/** Families PDF writers name without spaces. */
const SPACED: Record<string, string> = {
  TimesNewRoman: 'Times New Roman',
  CourierNew: 'Courier New',
  ArialNarrow: 'Arial Narrow',
  ArialBlack: 'Arial Black',
  ArialUnicode: 'Arial Unicode MS',
  SegoeUI: 'Segoe UI',
  CenturyGothic: 'Century Gothic',
  BookAntiqua: 'Book Antiqua',
  TrebuchetMS: 'Trebuchet MS',
  ComicSansMS: 'Comic Sans MS',
  LucidaConsole: 'Lucida Console',
  PalatinoLinotype: 'Palatino Linotype',
  FranklinGothic: 'Franklin Gothic',
  NimbusRomNo9L: 'Times New Roman',
  NimbusSanL: 'Arial',
  LiberationSerif: 'Liberation Serif',
  LiberationSans: 'Liberation Sans',
  LiberationMono: 'Liberation Mono',
  DejaVuSans: 'DejaVu Sans',
  DejaVuSerif: 'DejaVu Serif',
  OpenSans: 'Open Sans',
  SourceSansPro: 'Source Sans Pro',
};

/**
 * The font family behind a PDF font name: the subset prefix ("ABCDEF+"),
 * the style after "-" or "," and writer suffixes ("MT", "PS") are dropped,
 * and the standard 14 fonts become the families that replace them.
 */
export function fontFamily(pdfName: string): string | undefined {
  const name = pdfName.replace(/^[A-Z]{6}\+/, '').trim();
  if (name === '' || /^(g_|f\d|Type3)/i.test(name)) return undefined;
  if (STANDARD_FAMILIES[name]) return STANDARD_FAMILIES[name];
  const base = name.split(/[-,]/)[0]!.replace(/(PSMT|PS|MT)$/, '');
  const known = STANDARD_FAMILIES[base] ?? SPACED[base];
  if (known) return known;
  // Style words fused onto the family ("CalibriBold", "ArialItalic").
  const family = base.replace(/(Bold|Italic|Oblique|Regular|Roman|Medium|Light|Semibold|Black)+$/i, '') || base;
  return STANDARD_FAMILIES[family] ?? SPACED[family] ?? family;
}

/** A Link annotation with a web address, in PDF user space. */
export interface PageLink {
  rect: Box;
  url: string;
}

/** Splits `f` at character `at` (counted in its text), sharing its width by character count. */
function splitAt(f: WordFragment, at: number): [WordFragment, WordFragment] {
  const share = f.width * (at / Math.max(1, f.text.length));
  return [
    { ...f, text: f.text.slice(0, at), width: share },
    { ...f, text: f.text.slice(at), x: f.x + share, width: f.width - share },
  ];
}

/** The character index in `text` nearest to `at` that is a word boundary (a space or either end). */
function wordBoundary(text: string, at: number): number {
  let best = at <= text.length / 2 ? 0 : text.length;
  for (let i = 0; i <= text.length; i++) {
    if ((i === 0 || i === text.length || text[i] === ' ' || text[i - 1] === ' ') && Math.abs(i - at) < Math.abs(best - at)) best = i;
  }
  return best;
}

/** Cuts a run into pieces starting at the given character offsets (after the first), sharing its width by character count. */
export function cutFragment(f: WordFragment, starts: number[]): WordFragment[] {
  const out: WordFragment[] = [];
  let rest = f;
  let consumed = 0;
  for (const start of starts) {
    const at = start - consumed;
    if (at <= 0 || at >= rest.text.length) continue;
    const [left, right] = splitAt(rest, at);
    out.push(left);
    rest = right;
    consumed = start;
  }
  out.push(rest);
  return out;
}

/**
 * Splits a run at the word boundary nearest to page position `x`, sharing
 * its width by character count; null when that boundary is one of its ends.
 * pdf.js joins text across a narrow gap into one item, so a run can span two
 * table cells.
 */
export function splitFragmentAt(f: WordFragment, x: number): [WordFragment, WordFragment] | null {
  const at = wordBoundary(f.text, Math.round(((x - f.x) / Math.max(f.width, 1e-6)) * f.text.length));
  if (at <= 0 || at >= f.text.length) return null;
  const [left, right] = splitAt(f, at);
  return [{ ...left, text: left.text.trimEnd() }, { ...right, text: right.text.trimStart() }];
}

/**
 * Gives the words of a run between page positions x0 and x1 the extra
 * properties `patch`, splitting the run at the word boundaries nearest those
 * edges; the spaces at the ends of the marked words stay unmarked, so a link
 * or underline stops at the words. Null when no whole word lies between.
 */
function markWords(f: WordFragment, x0: number, x1: number, patch: Partial<WordFragment>): WordFragment[] | null {
  if (f.width <= 0) return null;
  const perChar = f.width / Math.max(1, f.text.length);
  const start = wordBoundary(f.text, Math.round((x0 - f.x) / perChar));
  const end = wordBoundary(f.text, Math.round((x1 - f.x) / perChar));
  if (end <= start) return null;
  const [before, rest] = start > 0 ? splitAt(f, start) : [null, f];
  const [inside, after] = end - start < rest.text.length ? splitAt(rest, end - start) : [rest, null];
  if (inside.text.trim() === '') return null;
  const lead = inside.text.length - inside.text.trimStart().length;
  const trail = inside.text.length - inside.text.trimEnd().length;
  const pieces = cutFragment(inside, [lead, inside.text.length - trail]);
  const pre = lead > 0 && pieces.length > 1 ? pieces.shift() : undefined;
  const post = trail > 0 && pieces.length > 1 ? pieces.pop() : undefined;
  return [before, pre, { ...pieces[0]!, ...patch }, post, after].filter((part): part is WordFragment => part !== null && part !== undefined && part.text !== '');
}

/**
 * Marks the runs under a link with its address. A run only partly under a
 * link is split at the word boundaries nearest the link's edges, so
 * "see the docs" linked on "docs" links only that word.
 */
export function applyLinks(fragments: WordFragment[], links: PageLink[]): WordFragment[] {
  if (links.length === 0) return fragments;
  return fragments.flatMap((f) => {
    const midY = f.y + 0.3 * f.size;
    const link = links.find((l) => midY >= l.rect.y0 && midY <= l.rect.y1 && l.rect.x1 > f.x && l.rect.x0 < f.x + f.width);
    return (link && markWords(f, link.rect.x0, link.rect.x1, { link: link.url })) || [f];
  });
}

/**
 * Underlines and strike-throughs drawn as rules: a horizontal rule just
 * below a run's baseline underlines the words above it, one through the
 * middle of its lowercase letters strikes them out. Returns the runs and the
 * rules that were not decorations (still candidates for table borders).
 */
export function applyDecorations(fragments: WordFragment[], rules: Box[]): { fragments: WordFragment[]; rules: Box[] } {
  const used = new Set<Box>();
  let out = fragments;
  for (const rule of rules) {
    if (rule.y1 - rule.y0 > 1.5) continue;
    const y = (rule.y0 + rule.y1) / 2;
    const next: WordFragment[] = [];
    for (const f of out) {
      const below = f.y - y;
      const kind = below >= -0.02 * f.size && below <= 0.3 * f.size ? 'underline' : -below >= 0.15 * f.size && -below <= 0.4 * f.size ? 'strike' : null;
      // The rule must lie along the words, not start far before or run far past them (a table border).
      const along = rule.x0 >= f.x - f.size && rule.x1 <= f.x + f.width + f.size && rule.x1 - rule.x0 >= 0.5 * f.size;
      const marked = kind && along ? markWords(f, rule.x0, rule.x1, { [kind]: true }) : null;
      if (marked) used.add(rule);
      next.push(...(marked ?? [f]));
    }
    out = next;
  }
  return { fragments: out, rules: rules.filter((r) => !used.has(r)) };
}

/** The formatting Word keeps for a run. */
export interface RunStyle {
  bold: boolean;
  italic: boolean;
  font?: string;
  /** Half-points, as Word stores sizes. */
  halfPoints: number;
  /** "rrggbb", or undefined for black. */
  colour?: string;
  link?: string;
  rtl: boolean;
  underline: boolean;
  strike: boolean;
  /** Raised or lowered on its line and set smaller: a superscript or subscript. */
  script?: 'super' | 'sub';
}

export interface Piece extends RunStyle {
  text: string;
}

/** The style of a run; with its line, a small raised or lowered run is a superscript or subscript. */
export function styleOf(f: WordFragment, line?: WordLine): RunStyle {
  const colour = f.colour.replace('#', '');
  const small = line !== undefined && f.size < 0.85 * line.size;
  const script = small && f.y > line.y + 0.15 * line.size ? 'super' : small && f.y < line.y - 0.05 * line.size ? 'sub' : undefined;
  return {
    ...fontStyle(f.font),
    font: fontFamily(f.font),
    halfPoints: Math.max(2, Math.round(f.size * 2)),
    colour: colour === '000000' ? undefined : colour,
    link: f.link,
    rtl: Boolean(f.rtl),
    underline: Boolean(f.underline),
    strike: Boolean(f.strike),
    script,
  };
}

function sameStyle(a: RunStyle, b: RunStyle): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.font === b.font && a.halfPoints === b.halfPoints && a.colour === b.colour &&
    a.link === b.link &&
    a.rtl === b.rtl &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.script === b.script
}

/**
 * The runs of a paragraph's lines: lines joined by a space (none after a
 * line ending in a hyphen), consecutive text of one style merged.
 */
export function paragraphPieces(lines: WordLine[]): Piece[] {
  const pieces: Piece[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    readingSegments(line.fragments, line.rtl).forEach((seg, j) => {
      const style = styleOf(seg.fragment as WordFragment, line);
      const joiner = j === 0 && previous && !previous.text.endsWith('-') ? ' ' : '';
      const last = pieces[pieces.length - 1];
      // A joining space takes the style of the text before it, so a link does not grow a trailing space.
      if (last && joiner) last.text += joiner;
      if (last && sameStyle(last, style)) last.text += seg.text;
      else pieces.push({ text: seg.text, ...style });
    });
  });
  return pieces;
}

/** A list marker at the start of a paragraph. */
export type ListMarker = { kind: 'bullet'; length: number } | { kind: 'number'; value: number; format: '.' | ')'; length: number };

/** Bullet glyphs, including the private-use code points Symbol and Wingdings bullets arrive as. */
const BULLET = /^[\u2022\u25e6\u25aa\u25ab\u25a0\u25a1\u25cf\u25cb\u2023\u2043\u2219\u00b7\u27a2\u2713\u2714\uf0b7\uf0a7\uf0d8\uf076\uf0fc\uf06e\uf0a8]\s*/;
const NUMBER = /^(\d{1,3})([.)])\s+/;

/** The list marker a paragraph's text starts with, if any ("• ", "- ", "3. ", "3) "). */
export function listMarker(text: string): ListMarker | null {
  const bullet = BULLET.exec(text) ?? /^[-*\u2013]\s+/.exec(text);
  if (bullet && bullet[0].length < text.length) return { kind: 'bullet', length: bullet[0].length };
  const number = NUMBER.exec(text);
  if (number && number[0].length < text.length) return { kind: 'number', value: Number(number[1]), format: number[2] as '.' | ')', length: number[0].length };
  return null;
}

/** Fonts whose lines are code or tabular text: each line keeps its own paragraph. */
const MONOSPACE = /mono|courier|typewriter|cmtt|consol|menlo|code|fixed/i;

function isMonospace(line: WordLine): boolean {
  return line.fragments.every((f) => MONOSPACE.test(f.font));
}

/**
 * Splits paragraphs where text-layout's spacing rule cannot see a break:
 * before a line that begins a list item (list items are usually set as
 * tightly as wrapped lines), around lines of monospaced text, and after a
 * line that stops well short of the paragraph's right edge (the last line
 * of a paragraph, an address line), since wrapped text fills its measure.
 */
export function splitParagraphs(paragraphs: WordLine[][]): WordLine[][] {
  const out: WordLine[][] = [];
  for (const lines of paragraphs) {
    const right = Math.max(...lines.map((l) => l.right));
    const left = Math.min(...lines.map((l) => l.x));
    let current: WordLine[] = [];
    lines.forEach((line, i) => {
      const previous = lines[i - 1];
      // Only bullet glyphs and numbers split: a dash at a line start is as often a wrapped sentence.
      const listItem = BULLET.test(line.text) || NUMBER.test(line.text);
      const shortBefore = previous !== undefined && right - previous.right > Math.max(6 * previous.size, 0.2 * (right - left));
      const code = previous !== undefined && (isMonospace(previous) || isMonospace(line));
      if (current.length > 0 && (listItem || shortBefore || code)) {
        out.push(current);
        current = [];
      }
      current.push(line);
    });
    if (current.length > 0) out.push(current);
  }
  return out;
}

/** Removes the first `length` characters (a list marker) from the pieces. */
export function dropMarker(pieces: Piece[], length: number): Piece[] {
  let left = length;
  const out: Piece[] = [];
  for (const piece of pieces) {
    if (left >= piece.text.length) {
      left -= piece.text.length;
      continue;
    }
    out.push({ ...piece, text: piece.text.slice(left).replace(left > 0 ? /^\s+/ : /^/, '') });
    left = 0;
  }
  return out.filter((p) => p.text !== '');
}
