/**
 * Mends the page entries that readers quietly tolerate but pdf-lib trips over
 * when a tool draws on or copies a page: page content that is not a stream,
 * a page box that is not four numbers, resources that are not a dictionary.
 * Each is replaced by what a reader shows (no content, the inherited or a
 * Letter-size box, no resources), so the tool works on the page as readers
 * display it. Only the loaded copy changes, never the input bytes.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFStream, type PDFDocument, type PDFPageLeaf } from 'pdf-lib';

const CONTENTS = PDFName.of('Contents');
const RESOURCES = PDFName.of('Resources');
const BOXES = ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox'].map((n) => PDFName.of(n));
const MEDIA_BOX = BOXES[0];
const LETTER = [0, 0, 612, 792];

function isStream(value: unknown): boolean {
  return value instanceof PDFStream || value instanceof PDFRawStream;
}

function isBox(doc: PDFDocument, value: unknown): boolean {
  const box = value instanceof PDFArray ? value : undefined;
  return box?.size() === 4 && box.asArray().every((item) => doc.context.lookup(item) instanceof PDFNumber);
}

/** The page's own or inherited entry, looked up. */
function inherited(doc: PDFDocument, node: PDFPageLeaf, key: PDFName): unknown {
  for (let dict: PDFDict | undefined = node; dict; ) {
    const value = dict.get(key);
    if (value !== undefined) return doc.context.lookup(value);
    const parent: unknown = doc.context.lookup(dict.get(PDFName.of('Parent')));
    dict = parent instanceof PDFDict && parent !== dict ? parent : undefined;
  }
  return undefined;
}

function repairPage(doc: PDFDocument, node: PDFPageLeaf): void {
  const contents = node.get(CONTENTS) === undefined ? undefined : doc.context.lookup(node.get(CONTENTS));
  if (contents !== undefined) {
    const streams = contents instanceof PDFArray ? contents.asArray().every((item) => isStream(doc.context.lookup(item))) : isStream(contents);
    if (!streams) node.delete(CONTENTS);
  }
  const resources = inherited(doc, node, RESOURCES);
  if (resources !== undefined && !(resources instanceof PDFDict)) node.set(RESOURCES, doc.context.obj({}));
  if (!isBox(doc, inherited(doc, node, MEDIA_BOX))) node.set(MEDIA_BOX, doc.context.obj(LETTER));
  // A broken crop or trim box falls back to the media box, as in readers.
  for (const key of BOXES.slice(1)) if (node.get(key) !== undefined && !isBox(doc, doc.context.lookup(node.get(key)))) node.delete(key);
}

/** Mends every page of a freshly loaded document in place. */
export function repairPages(doc: PDFDocument): void {
  for (const page of doc.getPages()) repairPage(doc, page.node);
}
