/**
 * What a compressed PDF must keep from its input: the number of pages, the
 * text of every page as pdf.js reads it, and links, bookmarks and form
 * fields with their values. A rewrite by Ghostscript can lose any of these
 * (a font without a Unicode map, annotations it drops, a form it flattens),
 * so every candidate is compared with the input before it is handed back.
 */
import { PDFArray, PDFDict, PDFDocument } from 'pdf-lib';
import { lookup, pdfNames } from './objects';
import { openPdfjs, pageTextItems } from './pdfjs';
import { formFieldSummary } from './form-fields';
import { stripActiveContent } from './sanitize';

export interface PdfFacts {
  pages: number;
  /** Each page's text with all whitespace removed (engines place spaces differently). */
  texts: string[];
  /** Link annotations over all pages. */
  links: number;
  /** Form field widgets over all pages. */
  widgets: number;
  /** The form's fields and their values (formFieldSummary), joined. */
  fields: string;
  /** Outline (bookmark) items, at any depth. */
  outlineItems: number;
}

const N = pdfNames('Annots', 'Subtype', 'Link', 'Widget', 'Outlines', 'First', 'Next');

function countOutline(doc: PDFDocument): number {
  const root = lookup(doc, doc.catalog.get(N.Outlines));
  if (!(root instanceof PDFDict)) return 0;
  const seen = new Set<PDFDict>();
  const stack = [lookup(doc, root.get(N.First))];
  while (stack.length) {
    const item = stack.pop();
    if (!(item instanceof PDFDict) || seen.has(item)) continue;
    seen.add(item);
    stack.push(lookup(doc, item.get(N.First)), lookup(doc, item.get(N.Next)));
  }
  return seen.size;
}

/** Links, widgets and outline items of a loaded document. */
function structure(doc: PDFDocument): Pick<PdfFacts, 'links' | 'widgets' | 'outlineItems'> {
  let links = 0;
  let widgets = 0;
  for (const page of doc.getPages()) {
    const annots = lookup(doc, page.node.get(N.Annots));
    if (!(annots instanceof PDFArray)) continue;
    for (const item of annots.asArray()) {
      const annot = lookup(doc, item);
      if (!(annot instanceof PDFDict)) continue;
      const subtype = annot.get(N.Subtype);
      if (subtype === N.Link) links++;
      else if (subtype === N.Widget) widgets++;
    }
  }
  return { links, widgets, outlineItems: countOutline(doc) };
}

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { doc, destroy } = await openPdfjs(bytes, 'document.pdf');
  try {
    const texts: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      texts.push((await pageTextItems(page)).map((item) => item.str).join('').replace(/\s+/g, ''));
      page.cleanup();
    }
    return texts;
  } finally {
    await destroy();
  }
}

/**
 * The facts of a PDF. For the input, `sanitize` first removes what every
 * output loses on purpose (links that run scripts), so only accidental
 * losses count against a candidate.
 */
export async function pdfFacts(bytes: Uint8Array, sanitize = false): Promise<PdfFacts> {
  const doc = await PDFDocument.load(bytes.slice(), { updateMetadata: false, throwOnInvalidObject: false });
  if (sanitize) stripActiveContent(doc);
  return { pages: doc.getPageCount(), texts: await pageTexts(bytes), ...structure(doc), fields: formFieldSummary(doc).join('\n') };
}

/** True when the candidate keeps the input's pages, text, links, form fields and bookmarks. Never throws. */
export async function keepsContent(input: PdfFacts, candidate: Uint8Array): Promise<boolean> {
  let facts: PdfFacts;
  try {
    facts = await pdfFacts(candidate);
  } catch {
    return false;
  }
  return (
    facts.pages === input.pages &&
    facts.texts.every((text, i) => text === input.texts[i]) &&
    facts.links >= input.links &&
    facts.widgets >= input.widgets &&
    facts.fields === input.fields &&
    facts.outlineItems >= input.outlineItems
  );
}
