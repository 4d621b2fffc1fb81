/**
 * Removing active content from PDFs before they are handed back to the
 * visitor: scripts and program launches can run when a file is opened, and
 * objects no page refers to any more (a removed page, a stripped script) would
 * otherwise still sit in the saved bytes.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { pruneFieldsOffPages } from './form-fields';

const N = {
  A: PDFName.of('A'),
  AA: PDFName.of('AA'),
  AcroForm: PDFName.of('AcroForm'),
  Annots: PDFName.of('Annots'),
  D: PDFName.of('D'),
  Dest: PDFName.of('Dest'),
  Fields: PDFName.of('Fields'),
  First: PDFName.of('First'),
  GoTo: PDFName.of('GoTo'),
  JavaScript: PDFName.of('JavaScript'),
  Kids: PDFName.of('Kids'),
  Launch: PDFName.of('Launch'),
  Link: PDFName.of('Link'),
  Names: PDFName.of('Names'),
  Next: PDFName.of('Next'),
  OpenAction: PDFName.of('OpenAction'),
  Outlines: PDFName.of('Outlines'),
  Page: PDFName.of('Page'),
  S: PDFName.of('S'),
  Subtype: PDFName.of('Subtype'),
  Type: PDFName.of('Type'),
};

const ACTIVE_ACTIONS = new Set([N.JavaScript, N.Launch]);

function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

function asDict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const object = resolve(doc, value);
  return object instanceof PDFDict ? object : undefined;
}

/** True when an action, or any action chained after it with /Next, runs a script or launches a program. */
function isActiveAction(doc: PDFDocument, value: PDFObject | undefined, seen = new Set<PDFObject>()): boolean {
  const object = resolve(doc, value);
  if (!object || seen.has(object)) return false;
  seen.add(object);
  if (object instanceof PDFArray) return object.asArray().some((item) => isActiveAction(doc, item, seen));
  if (!(object instanceof PDFDict)) return false;
  const kind = object.get(N.S);
  if (kind instanceof PDFName && ACTIVE_ACTIONS.has(kind)) return true;
  return isActiveAction(doc, object.get(N.Next), seen);
}

/** The page a link or outline item jumps to, when it names one by reference. */
function destinationPage(doc: PDFDocument, holder: PDFDict): PDFRef | undefined {
  let dest = resolve(doc, holder.get(N.Dest));
  const action = asDict(doc, holder.get(N.A));
  if (!dest && action && action.get(N.S) === N.GoTo) dest = resolve(doc, action.get(N.D));
  const first = dest instanceof PDFArray ? dest.get(0) : undefined;
  return first instanceof PDFRef ? first : undefined;
}

function cleanPageAnnotations(doc: PDFDocument, pageDict: PDFDict, livePages: Set<PDFRef>): void {
  const annots = resolve(doc, pageDict.get(N.Annots));
  if (!(annots instanceof PDFArray)) return;
  for (let i = annots.size() - 1; i >= 0; i--) {
    const annot = asDict(doc, annots.get(i));
    if (!annot) continue;
    annot.delete(N.AA);
    const isLink = annot.get(N.Subtype) === N.Link;
    const target = isLink ? destinationPage(doc, annot) : undefined;
    // A link to a page that is not in this document would keep that page's content alive in the file.
    if (isLink && (isActiveAction(doc, annot.get(N.A)) || (target && !livePages.has(target)))) {
      annots.remove(i);
    } else if (isActiveAction(doc, annot.get(N.A))) {
      annot.delete(N.A);
    }
  }
}

/** Visits a tree linked through /First and /Next (outlines) or /Kids (form fields, name trees). */
export function walk(doc: PDFDocument, start: PDFObject | undefined, visit: (node: PDFDict) => void): void {
  const stack: (PDFObject | undefined)[] = [start];
  const seen = new Set<PDFDict>();
  while (stack.length) {
    const item = resolve(doc, stack.pop());
    if (item instanceof PDFArray) {
      stack.push(...item.asArray());
      continue;
    }
    if (!(item instanceof PDFDict) || seen.has(item)) continue;
    seen.add(item);
    visit(item);
    stack.push(item.get(N.First), item.get(N.Next), item.get(N.Kids));
  }
}

/**
 * The indirect objects reachable from the trailer. Pages that are no longer in
 * the page tree count as unreachable even when something (an outline item, a
 * form field) still points at them.
 */
export function reachableObjects(doc: PDFDocument): Set<PDFRef> {
  const { context } = doc;
  const livePages = new Set(doc.getPages().map((page) => page.ref));
  const reached = new Set<PDFRef>();
  const trailer = context.trailerInfo;
  const stack: PDFObject[] = [trailer.Root, trailer.Info, trailer.Encrypt, trailer.ID].filter((o): o is PDFObject => !!o);
  while (stack.length) {
    const item = stack.pop()!;
    if (item instanceof PDFRef) {
      if (reached.has(item)) continue;
      const target = context.lookup(item);
      if (target instanceof PDFDict && target.get(N.Type) === N.Page && !livePages.has(item)) continue;
      reached.add(item);
      if (target) stack.push(target);
    } else if (item instanceof PDFDict) {
      stack.push(...item.values());
    } else if (item instanceof PDFArray) {
      stack.push(...item.asArray());
    } else if (item instanceof PDFStream) {
      stack.push(...item.dict.values());
    }
  }
  return reached;
}

/** Drops every indirect object that cannot be reached from the trailer (reachableObjects). */
export function pruneUnreachable(doc: PDFDocument): void {
  const reached = reachableObjects(doc);
  for (const [ref] of doc.context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) doc.context.delete(ref);
  }
}

/**
 * True when the document holds anything that can run: an additional-actions
 * dictionary, a JavaScript or Launch action, document JavaScript or an open
 * action that does more than jump to a page. Object streams are included, as
 * pdf-lib has parsed them.
 */
export function containsActiveContent(doc: PDFDocument): boolean {
  const openAction = resolve(doc, doc.catalog.get(N.OpenAction));
  if (openAction instanceof PDFDict && openAction.get(N.S) !== N.GoTo) return true;
  if (isActiveAction(doc, doc.catalog.get(N.A))) return true;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFStream ? object.dict : object;
    if (!(dict instanceof PDFDict)) continue;
    if (dict.has(N.AA) || dict.has(N.JavaScript)) return true;
    const kind = dict.get(N.S);
    if (kind === N.JavaScript || kind === N.Launch) return true;
  }
  return false;
}

/**
 * Removes what can run when the file is opened: the catalog's /OpenAction
 * (unless it only jumps to a page) and /AA, the document JavaScript name
 * tree, page and annotation /AA, JavaScript and Launch actions on links,
 * outline items and form fields. Links to pages that are not in the document
 * are removed too, and so are form fields whose widgets are all on such
 * pages. Then prunes unreachable objects so nothing stripped stays in the
 * saved bytes.
 */
export function stripActiveContent(doc: PDFDocument): void {
  const { catalog } = doc;
  const openAction = resolve(doc, catalog.get(N.OpenAction));
  const isPlainJump = openAction instanceof PDFArray || (openAction instanceof PDFDict && openAction.get(N.S) === N.GoTo && !isActiveAction(doc, openAction));
  if (openAction && !isPlainJump) catalog.delete(N.OpenAction);
  catalog.delete(N.AA);
  // Ghostscript's pdfwrite writes a script open action as the catalog's /A, where no scan for /OpenAction finds it.
  if (isActiveAction(doc, catalog.get(N.A))) catalog.delete(N.A);
  asDict(doc, catalog.get(N.Names))?.delete(N.JavaScript);

  const livePages = new Set(doc.getPages().map((page) => page.ref));
  for (const page of doc.getPages()) {
    page.node.delete(N.AA);
    cleanPageAnnotations(doc, page.node, livePages);
  }
  const outlines = asDict(doc, catalog.get(N.Outlines));
  walk(doc, outlines?.get(N.First), (item) => {
    const target = destinationPage(doc, item);
    if (isActiveAction(doc, item.get(N.A)) || (target && !livePages.has(target))) {
      item.delete(N.A);
      item.delete(N.Dest);
    }
  });
  // Fields whose widgets were all on removed pages would keep those pages' values in the file.
  pruneFieldsOffPages(doc);
  walk(doc, asDict(doc, catalog.get(N.AcroForm))?.get(N.Fields), (field) => {
    field.delete(N.AA);
    if (isActiveAction(doc, field.get(N.A))) field.delete(N.A);
  });
  pruneUnreachable(doc);
}
