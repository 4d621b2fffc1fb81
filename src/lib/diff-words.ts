/**
 * The word-level difference between two texts, as runs of words removed from
 * the older text and added in the newer one. The diff itself is the `diff`
 * package's Myers algorithm; this module only decides what a word is and
 * keeps a pathological pair of texts from taking unbounded time.
 */
import { diffArrays } from 'diff';

/** Consecutive words that were removed or added together, in reading order. */
export interface WordChange {
  kind: 'added' | 'removed';
  words: string[];
}

/** The words of a text: runs of non-space characters. */
export function splitWords(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word !== '');
}

/**
 * Past this many edits two texts have little in common, and the Myers
 * algorithm's time grows with the square of the edits: the whole older text
 * is then reported as removed and the whole newer text as added.
 */
export const MAX_EDITS = 4000;

/** The removed and added runs that turn `older` into `newer`; an empty list when the words are the same. */
export function diffWords(older: readonly string[], newer: readonly string[], maxEdits = MAX_EDITS): WordChange[] {
  const changes = diffArrays([...older], [...newer], { maxEditLength: maxEdits });
  if (!changes) {
    return [
      ...(older.length > 0 ? [{ kind: 'removed' as const, words: [...older] }] : []),
      ...(newer.length > 0 ? [{ kind: 'added' as const, words: [...newer] }] : []),
    ];
  }
  return changes
    .filter((change) => (change.added || change.removed) && change.value.length > 0)
    .map((change) => ({ kind: change.added ? ('added' as const) : ('removed' as const), words: change.value }));
}

/** How many words the changes add and remove. */
export function countWords(changes: readonly WordChange[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.kind === 'added') added += change.words.length;
    else removed += change.words.length;
  }
  return { added, removed };
}
