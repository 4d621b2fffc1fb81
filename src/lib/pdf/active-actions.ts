/**
 * Scripts and actions that reach outside the document: JavaScript, launching
 * programs, sending or importing form data, opening web addresses and other
 * files. Besides running code, each can reveal where a document came from or
 * report that it was opened. stripActiveContent (sanitize.ts), which every
 * PDF tool applies, removes JavaScript and Launch; this goes further, for a
 * visitor who asks for every such action to go, and counts what it removes.
 *
 * Plain jumps within the document (GoTo, named page actions, showing or
 * hiding a layer or a field) stay: they only move around the pages.
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';
import { dropAnnotations, dropNameTree, everyDict, nameTreeValues } from './hidden-info';
import { dictOf, lookup, pdfNames } from './objects';

const N = pdfNames('A', 'AA', 'Dest', 'GoTo', 'JavaScript', 'Link', 'Names', 'Next', 'OpenAction', 'S', 'Subtype');

/** The action types removed: they run code, or open, send or fetch something outside the document. */
export const OUTSIDE_ACTIONS: ReadonlySet<string> = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'URI', 'GoToR', 'GoToE', 'Rendition', 'RichMediaExecute']);

/** Chains of actions longer than this are not followed (/Next loops are cut by `seen`). */
const MAX_CHAIN = 256;

function isOutside(action: PDFDict): boolean {
  const kind = action.get(N.S);
  return kind instanceof PDFName && OUTSIDE_ACTIONS.has(kind.decodeText());
}

/** How many outside actions an action and the actions after it hold. */
function countOutside(doc: PDFDocument, value: PDFObject | undefined, seen: Set<PDFDict>): number {
  const object = lookup(doc, value);
  if (object instanceof PDFArray) return object.asArray().reduce((n: number, item) => n + countOutside(doc, item, seen), 0);
  if (!(object instanceof PDFDict) || seen.has(object) || seen.size > MAX_CHAIN) return 0;
  seen.add(object);
  return (isOutside(object) ? 1 : 0) + countOutside(doc, object.get(N.Next), seen);
}

/**
 * Cleans an action and those chained after it with /Next: an outside action
 * goes with everything after it; a kept action keeps only the kept actions
 * after it. `drop` says whether the action itself goes.
 */
function cleanAction(doc: PDFDocument, value: PDFObject | undefined, seen: Set<PDFDict>): { drop: boolean; removed: number } {
  const action = dictOf(doc, value);
  if (!action || seen.has(action) || seen.size > MAX_CHAIN) return { drop: false, removed: 0 };
  seen.add(action);
  if (isOutside(action)) return { drop: true, removed: 1 + countOutside(doc, action.get(N.Next), seen) };
  const next = lookup(doc, action.get(N.Next));
  let removed = 0;
  if (next instanceof PDFArray) {
    for (let i = next.size() - 1; i >= 0; i--) {
      const result = cleanAction(doc, next.get(i), seen);
      removed += result.removed;
      if (result.drop) next.remove(i);
    }
    if (next.size() === 0) action.delete(N.Next);
  } else if (next !== undefined) {
    const result = cleanAction(doc, next, seen);
    removed += result.removed;
    if (result.drop) action.delete(N.Next);
  }
  return { drop: false, removed };
}

/** True when the open action only shows a page: a destination, or a GoTo with nothing after it. */
function isPlainJump(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const object = lookup(doc, value);
  if (object instanceof PDFArray || object instanceof PDFName || object instanceof PDFString || object instanceof PDFHexString) return true;
  return object instanceof PDFDict && object.get(N.S) === N.GoTo && object.get(N.Next) === undefined;
}

/**
 * Removes document JavaScript, an open action that does more than show a
 * page, every additional-actions dictionary (/AA: actions on opening,
 * closing, printing, page visits, mouse and keyboard events), and the outside
 * actions of links, bookmarks, form fields and other annotations. A link left
 * with nothing to do is removed; a bookmark stays, without its action.
 * Returns how many scripts and actions were removed.
 */
export function removeOutsideActions(doc: PDFDocument): number {
  let count = nameTreeValues(doc, dictOf(doc, doc.catalog.get(N.Names))?.get(N.JavaScript)).length;
  dropNameTree(doc, N.JavaScript);
  if (doc.catalog.has(N.OpenAction) && !isPlainJump(doc, doc.catalog.get(N.OpenAction))) {
    count += Math.max(1, countOutside(doc, doc.catalog.get(N.OpenAction), new Set()));
    doc.catalog.delete(N.OpenAction);
  }
  const emptied = new Set<PDFDict>();
  for (const dict of everyDict(doc)) {
    const triggers = dictOf(doc, dict.get(N.AA));
    if (dict.has(N.AA)) {
      count += Math.max(1, triggers?.keys().length ?? 0);
      dict.delete(N.AA);
    }
    if (!dict.has(N.A)) continue;
    const result = cleanAction(doc, dict.get(N.A), new Set());
    count += result.removed;
    if (!result.drop) continue;
    dict.delete(N.A);
    if (dict.get(N.Subtype) === N.Link && dict.get(N.Dest) === undefined) emptied.add(dict);
  }
  if (emptied.size) dropAnnotations(doc, (annot) => emptied.has(annot));
  return count;
}
