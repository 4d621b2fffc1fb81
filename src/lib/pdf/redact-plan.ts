/**
 * What redaction does to one page, decided from its pdf.js text before
 * anything is drawn: the black boxes (the visitor's areas and the places of
 * search matches), and the text that stays selectable, as runs of characters
 * of pdf.js's items. A word touched by an area goes as a whole, so no half
 * word under a box stays readable in the text layer.
 */
import { coveredCharacters, findRanges, pageText, type RedactSearch } from './redact-find';
import { characterOffsets, overlaps, spanBox, type PlacedItem, type Rect, type WidthOf } from './redact-geometry';
import type { Matrix } from './display-space';

export interface PlanItem extends PlacedItem {
  hasEOL?: boolean;
}

/** A run of an item's characters that stays in the text layer. */
export interface KeptRun {
  item: PlacedItem;
  text: string;
  /** Start and end along the baseline, user space units from the item's origin. */
  from: number;
  to: number;
}

export interface PagePlan {
  /** Black boxes in display points (from the top-left of the page as shown): the areas, then the matches. */
  boxes: Rect[];
  /** The boxes over search matches, estimated from the text: the picture grows them to the ink drawn. */
  matches: Rect[];
  kept: KeptRun[];
  /** The texts the search found on this page. */
  found: string[];
  /** The words an area took out of the text layer (search matches not included). */
  removedWords: string[];
  /** How many characters leave the text layer. */
  removedCharacters: number;
}

const WHITESPACE = /\s/;

/** Marks every character of each word (run of non-space characters) that has a marked character; returns those words. */
function widenToWords(str: string, covered: boolean[]): string[] {
  const words: string[] = [];
  let start = 0;
  for (let i = 0; i <= str.length; i++) {
    if (i === str.length || WHITESPACE.test(str[i]!)) {
      if (covered.slice(start, i).some(Boolean)) {
        covered.fill(true, start, i);
        words.push(str.slice(start, i));
      }
      start = i + 1;
    }
  }
  return words;
}

/**
 * Plans one page. `areas` are the visitor's boxes in display points,
 * `toDisplay` maps user space to display points, `widthOf` estimates a
 * character's relative width.
 */
export function planPage(
  items: readonly PlanItem[],
  areas: readonly Rect[],
  search: RedactSearch,
  toDisplay: Matrix | number[],
  widthOf: WidthOf,
): PagePlan {
  const text = pageText(items);
  const ranges = findRanges(text.text, search);
  const bySearch = coveredCharacters(text, ranges, items.length);
  const matches: Rect[] = [];
  const kept: KeptRun[] = [];
  const removedWords: string[] = [];
  let removedCharacters = 0;
  items.forEach((item, index) => {
    if (item.str.length === 0) return;
    const offsets = characterOffsets(item, widthOf);
    const searched = bySearch[index]!;
    const byArea: boolean[] = new Array<boolean>(item.str.length).fill(false);
    // Search matches are painted run by run, so a match split over two items gets a box in each.
    for (let i = 0; i < item.str.length; ) {
      if (!searched[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < item.str.length && searched[j]) j++;
      matches.push(spanBox(item, offsets[i]!, offsets[j]!, toDisplay));
      i = j;
    }
    if (areas.length > 0) {
      for (let i = 0; i < item.str.length; i++) {
        if (WHITESPACE.test(item.str[i]!)) continue;
        const box = spanBox(item, offsets[i]!, offsets[i + 1]!, toDisplay);
        if (areas.some((area) => overlaps(box, area))) byArea[i] = true;
      }
      removedWords.push(...widenToWords(item.str, byArea));
    }
    const covered = Array.from({ length: item.str.length }, (_, i) => searched[i] === true || byArea[i] === true);
    removedCharacters += covered.filter((c, i) => c && !WHITESPACE.test(item.str[i]!)).length;
    for (let i = 0; i < item.str.length; ) {
      if (covered[i]) {
        i++;
        continue;
      }
      let j = i;
      while (j < item.str.length && !covered[j]) j++;
      const run = item.str.slice(i, j);
      const lead = run.length - run.trimStart().length;
      const trail = run.length - run.trimEnd().length;
      if (run.trim()) kept.push({ item, text: run.trim(), from: offsets[i + lead]!, to: offsets[j - trail]! });
      i = j;
    }
  });
  return { boxes: [...areas, ...matches], matches, kept, found: ranges.map((r) => text.text.slice(r.start, r.end)), removedWords, removedCharacters };
}
