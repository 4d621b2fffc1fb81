/**
 * Writing a flat document outline (the bookmarks panel) with pdf-lib's
 * low-level objects, since pdf-lib has no outline API.
 */
import { PDFDocument, PDFHexString, PDFName, type PDFRef } from 'pdf-lib';

export interface OutlineEntry {
  title: string;
  /** Zero-based index of the page the entry opens. */
  pageIndex: number;
}

/** Replaces the document's outline with one top-level entry per item, each opening its page. */
export function setOutline(doc: PDFDocument, entries: OutlineEntry[]): void {
  const catalog = doc.catalog;
  if (entries.length === 0) {
    catalog.delete(PDFName.of('Outlines'));
    return;
  }
  const { context } = doc;
  const pages = doc.getPages();
  const rootRef = context.nextRef();
  const itemRefs: PDFRef[] = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    const page = pages[entry.pageIndex];
    if (!page) throw new RangeError(`Outline entry points past the last page: ${entry.pageIndex}`);
    const item = context.obj({
      Title: PDFHexString.fromText(entry.title),
      Parent: rootRef,
      Dest: [page.ref, 'Fit'],
    });
    if (i > 0) item.set(PDFName.of('Prev'), itemRefs[i - 1]);
    if (i < entries.length - 1) item.set(PDFName.of('Next'), itemRefs[i + 1]);
    context.assign(itemRefs[i], item);
  });
  context.assign(
    rootRef,
    context.obj({ Type: 'Outlines', First: itemRefs[0], Last: itemRefs[itemRefs.length - 1], Count: entries.length }),
  );
  catalog.set(PDFName.of('Outlines'), rootRef);
  // Opens the bookmarks panel, so the per-file entries are seen.
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
