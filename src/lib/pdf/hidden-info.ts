/**
 * The parts of a PDF a reader keeps out of sight that can still give away
 * more than the pages show: document properties and XMP metadata, attached
 * files, comments, page thumbnails (pictures of the pages as they once
 * were) and the private data other programs leave in the file. Each remover
 * returns how many it took out; the objects it unlinks are dropped when the
 * document is pruned before saving.
 */
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';
import { pruneFieldsOffPages } from './form-fields';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';

const N = pdfNames(
  'AF', 'Annots', 'Collection', 'EmbeddedFiles', 'FileAttachment', 'FS', 'ID', 'Kids', 'Link', 'Metadata', 'Names', 'Parent', 'PieceInfo', 'Popup', 'SpiderInfo', 'Subtype', 'Thumb', 'Widget',
);

/** Name trees nested deeper than this are not followed (real ones are two or three levels deep). */
const MAX_TREE_DEPTH = 32;

/**
 * Every dictionary of the document: indirect objects, stream dictionaries
 * and the dictionaries written directly inside them (an annotation's action,
 * a page's additional actions), each once. With `reachable`, only those the
 * trailer still leads to, not objects already unlinked.
 */
export function everyDict(doc: PDFDocument, { reachable = false } = {}): PDFDict[] {
  const found: PDFDict[] = [];
  const seen = new Set<PDFDict>();
  const followed = new Set<PDFRef>();
  const { trailerInfo } = doc.context;
  const stack: (PDFObject | undefined)[] = reachable
    ? [trailerInfo.Root, trailerInfo.Info]
    : doc.context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length) {
    const item = stack.pop();
    if (item instanceof PDFRef) {
      if (!reachable || followed.has(item)) continue;
      followed.add(item);
      stack.push(doc.context.lookup(item));
      continue;
    }
    const dict = item instanceof PDFStream ? item.dict : item;
    if (dict instanceof PDFDict) {
      if (seen.has(dict)) continue;
      seen.add(dict);
      found.push(dict);
      stack.push(...dict.values());
    } else if (dict instanceof PDFArray) {
      stack.push(...dict.asArray());
    }
  }
  return found;
}

/** The values of a name tree's leaves, in order. */
export function nameTreeValues(doc: PDFDocument, root: PDFObject | undefined): PDFObject[] {
  const values: PDFObject[] = [];
  const seen = new Set<PDFDict>();
  const visit = (node: PDFDict | undefined, depth: number) => {
    if (!node || seen.has(node) || depth > MAX_TREE_DEPTH) return;
    seen.add(node);
    const names = arrayOf(doc, node.get(N.Names))?.asArray() ?? [];
    for (let i = 1; i < names.length; i += 2) values.push(names[i]);
    for (const kid of arrayOf(doc, node.get(N.Kids))?.asArray() ?? []) visit(dictOf(doc, kid), depth + 1);
  };
  visit(dictOf(doc, root), 0);
  return values;
}

/** Removes one entry of the catalog's /Names, and /Names itself once it is empty. */
export function dropNameTree(doc: PDFDocument, key: PDFName): void {
  const names = dictOf(doc, doc.catalog.get(N.Names));
  if (!names) return;
  names.delete(key);
  if (names.keys().length === 0) doc.catalog.delete(N.Names);
}

/**
 * Removes the annotations `shouldRemove` picks from every page, with the
 * pop-up notes that belong to them. Their objects are deleted, so a structure
 * tree that still points at one no longer keeps its text in the file. Form
 * fields left without a widget leave the form. Returns the annotations
 * removed, pop-ups not counted.
 */
export function dropAnnotations(doc: PDFDocument, shouldRemove: (annot: PDFDict) => boolean): PDFDict[] {
  const removed: PDFDict[] = [];
  const refs: PDFRef[] = [];
  let widgets = false;
  for (const page of doc.getPages()) {
    const annots = arrayOf(doc, page.node.get(N.Annots));
    if (!annots) continue;
    const items = annots.asArray().map((item) => ({ item, annot: dictOf(doc, item) }));
    const gone = new Set(items.filter(({ annot }) => annot && annot.get(N.Subtype) !== N.Popup && shouldRemove(annot)).map(({ annot }) => annot!));
    for (let i = items.length - 1; i >= 0; i--) {
      const { item, annot } = items[i];
      if (!annot) continue;
      const isPopup = annot.get(N.Subtype) === N.Popup;
      const parent = isPopup ? dictOf(doc, annot.get(N.Parent)) : undefined;
      if (!(gone.has(annot) || (isPopup && ((parent && gone.has(parent)) || shouldRemove(annot))))) continue;
      annots.remove(i);
      if (item instanceof PDFRef) refs.push(item);
      if (!isPopup) removed.push(annot);
      if (annot.get(N.Subtype) === N.Widget) widgets = true;
    }
    if (annots.size() === 0) page.node.delete(N.Annots);
  }
  // Before the objects go: the form finds its widgets by them.
  if (widgets) pruneFieldsOffPages(doc);
  for (const ref of refs) doc.context.delete(ref);
  return removed.reverse();
}

/** Removes the document information dictionary and every XMP metadata stream; returns how many. */
export function removeMetadata(doc: PDFDocument): number {
  let count = 0;
  const { trailerInfo } = doc.context;
  const info = lookup(doc, trailerInfo.Info);
  if (info instanceof PDFDict && info.keys().length > 0) count++;
  if (trailerInfo.Info instanceof PDFRef) doc.context.delete(trailerInfo.Info);
  trailerInfo.Info = undefined;
  const streams = new Set<PDFStream>();
  for (const dict of everyDict(doc)) {
    const value = lookup(doc, dict.get(N.Metadata));
    if (value === undefined) continue;
    if (value instanceof PDFStream) streams.add(value);
    dict.delete(N.Metadata);
  }
  return count + streams.size;
}

/**
 * Removes attached files: the document's embedded files, file attachment
 * annotations and associated files (/AF) wherever they are listed, and the
 * portfolio layout that shows them. Returns how many files, each counted once
 * however many places listed it.
 */
export function removeAttachments(doc: PDFDocument): number {
  const files = new Set<PDFObject>();
  const names = dictOf(doc, doc.catalog.get(N.Names));
  for (const value of nameTreeValues(doc, names?.get(N.EmbeddedFiles))) files.add(lookup(doc, value) ?? value);
  dropNameTree(doc, N.EmbeddedFiles);
  for (const dict of everyDict(doc)) {
    const listed = lookup(doc, dict.get(N.AF));
    if (listed === undefined) continue;
    for (const item of listed instanceof PDFArray ? listed.asArray() : [listed]) files.add(lookup(doc, item) ?? item);
    dict.delete(N.AF);
  }
  for (const annot of dropAnnotations(doc, (annot) => annot.get(N.Subtype) === N.FileAttachment)) {
    files.add(lookup(doc, annot.get(N.FS)) ?? annot);
  }
  doc.catalog.delete(N.Collection);
  return files.size;
}

/**
 * Removes every annotation that is not a link or a form field widget: notes,
 * highlights, stamps, drawings, pop-ups. File attachment annotations go with
 * the attachments and stay here when `keepFileAttachments` is set.
 */
export function removeComments(doc: PDFDocument, keepFileAttachments: boolean): number {
  const kept = new Set<PDFName>([N.Link, N.Widget, ...(keepFileAttachments ? [N.FileAttachment] : [])]);
  const isKept = (annot: PDFDict | undefined) => {
    const subtype = annot?.get(N.Subtype);
    return subtype instanceof PDFName && kept.has(subtype);
  };
  // A pop-up goes unless it belongs to an annotation that stays.
  return dropAnnotations(doc, (annot) => !isKept(annot.get(N.Subtype) === N.Popup ? dictOf(doc, annot.get(N.Parent)) : annot)).length;
}

/** Removes the pages' thumbnail pictures; returns how many. */
export function removeThumbnails(doc: PDFDocument): number {
  let count = 0;
  for (const page of doc.getPages()) {
    if (!page.node.has(N.Thumb)) continue;
    page.node.delete(N.Thumb);
    count++;
  }
  return count;
}

/**
 * Removes the private data programs store for themselves (/PieceInfo on the
 * document, pages and forms: Illustrator and Photoshop keep whole editable
 * copies there) and Web Capture's record of where pages came from. Returns
 * how many places held some.
 */
export function removePrivateData(doc: PDFDocument): number {
  let count = 0;
  for (const dict of everyDict(doc)) {
    if (!dict.has(N.PieceInfo)) continue;
    dict.delete(N.PieceInfo);
    count++;
  }
  if (doc.catalog.has(N.SpiderInfo)) {
    doc.catalog.delete(N.SpiderInfo);
    // A page's /ID only names its place in the Web Capture record.
    for (const page of doc.getPages()) page.node.delete(N.ID);
    count++;
  }
  return count;
}
