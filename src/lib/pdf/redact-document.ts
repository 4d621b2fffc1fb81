/**
 * What Redact PDF removes outside the pages' pictures: every place a PDF can
 * hold text that no page shows. Each place is one remover, so a test can leave
 * one out and see the check after redaction catch what it left. Texts that can
 * be edited (a bookmark title, a page label, a layer name) keep their other
 * words with the match replaced by "[redacted]"; whole objects go where only
 * that will do (an attached file, a comment, a form field, XFA data), and are
 * named in the list returned, so the result can say what went.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import { ToolError } from '../errors';
import { tokenizeContent, type Operand } from './content-tokens';
import { dropFields } from './form-fields';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';
import { findRanges, type RedactSearch } from './redact-find';
import { walk } from './sanitize';
import { decodedStreamBytes } from './stream-bytes';
import { runText } from '../i18n/run-messages';

const N = pdfNames(
  'A', 'AcroForm', 'AF', 'IRT', 'Annots', 'AP', 'Contents', 'D', 'Dest', 'Dests', 'DV', 'EF', 'EmbeddedFiles', 'F', 'Fields', 'First', 'Form', 'FS', 'Kids',
  'MarkInfo', 'Metadata', 'Names', 'Next', 'Opt', 'Outlines', 'P', 'Parent', 'PieceInfo', 'Popup', 'StructParents', 'StructTreeRoot',
  'Subtype', 'Thumb', 'Type', 'UF', 'V', 'Widget', 'XFA', 'XObject',
);

export const REDACTED = '[redacted]';

/** The search, asked of any text. */
export class Terms {
  private readonly wordsOnly: RedactSearch;

  constructor(readonly search: RedactSearch) {
    this.wordsOnly = { emails: false, phones: false, words: search.words };
  }

  /**
   * True when the search finds something in `text`. Bytes that are not text
   * (operands of drawing operators, font programs) are asked for the words
   * only: their runs of numbers look like phone numbers.
   */
  found(text: string, wordsOnly = false): boolean {
    return text.length > 0 && findRanges(text, wordsOnly ? this.wordsOnly : this.search).length > 0;
  }

  /** `text` with every match replaced by [redacted]. */
  redact(text: string): string {
    let out = '';
    let at = 0;
    for (const range of findRanges(text, this.search)) {
      out += text.slice(at, range.start) + REDACTED;
      at = range.end;
    }
    return out + text.slice(at);
  }
}

/** A text found in a PDF's bytes, and whether only the words of the search apply to it. */
export interface FoundText {
  text: string;
  wordsOnly: boolean;
}

/**
 * The texts a stream's bytes can hold, as a reader of PDFs would find them.
 * A stream that draws gives the strings its text operators show, the pieces
 * of a TJ array joined (kerning numbers dropped), and its bytes as Latin-1 for
 * the words. Any other stream (metadata, a script, an attached file) is text
 * itself: Latin-1, UTF-8, and UTF-16 when it starts with a byte-order mark.
 */
export function streamTexts(bytes: Uint8Array, drawing: boolean): FoundText[] {
  const latin1 = asLatin1(bytes);
  if (drawing) return [{ text: shownStrings(bytes), wordsOnly: false }, { text: latin1, wordsOnly: true }];
  const texts: FoundText[] = [latin1, new TextDecoder('utf-8').decode(bytes)].map((text) => ({ text, wordsOnly: false }));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) texts.push({ text: new TextDecoder('utf-16be').decode(bytes), wordsOnly: false });
  if (bytes[0] === 0xff && bytes[1] === 0xfe) texts.push({ text: new TextDecoder('utf-16le').decode(bytes), wordsOnly: false });
  return texts;
}

/** Bytes as Latin-1 text, in slices so a large stream does not overflow the call stack. */
export function asLatin1(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return text;
}

/** The strings a content stream shows, one line per text operator, TJ pieces joined. */
export function shownStrings(bytes: Uint8Array): string {
  const lines: string[] = [];
  try {
    tokenizeContent(bytes, (operator, operands) => {
      if (operator === 'Tj' || operator === "'" || operator === '"') {
        const text = operands.at(-1);
        if (text instanceof Uint8Array) lines.push(asLatin1(text));
      } else if (operator === 'TJ') {
        const parts = operands[0];
        if (Array.isArray(parts)) lines.push(parts.filter((p: Operand): p is Uint8Array => p instanceof Uint8Array).map(asLatin1).join(''));
      }
    });
  } catch {
    // Not a content stream after all: its plain texts are searched instead.
  }
  return lines.join('\n');
}

/** The decoded bytes of a stream, or undefined when its filters cannot be undone (an image codec). */
function streamBytes(stream: PDFStream): Uint8Array | undefined {
  try {
    return decodedStreamBytes(stream);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    return undefined;
  }
}

/** Every text string inside `value` (not following references to pages or parents), and stream contents when asked. */
function textsWithin(doc: PDFDocument, value: PDFObject | undefined, withStreams: boolean, seen = new Set<PDFObject>()): FoundText[] {
  const texts: FoundText[] = [];
  const visit = (item: PDFObject | undefined, key?: PDFName) => {
    if (!item || key === N.P || key === N.Parent || key === N.Popup) return;
    const object = lookup(doc, item);
    if (!object || seen.has(object)) return;
    seen.add(object);
    // Names are the file's own vocabulary (/Text, /Link, /Widget): searching them would take a word for a kind of object.
    if (object instanceof PDFString || object instanceof PDFHexString) texts.push({ text: object.decodeText(), wordsOnly: false });
    else if (object instanceof PDFArray) object.asArray().forEach((entry) => visit(entry));
    else if (object instanceof PDFDict) for (const [k, v] of object.entries()) visit(v, k);
    else if (object instanceof PDFStream) {
      for (const [k, v] of object.dict.entries()) visit(v, k);
      const bytes = withStreams ? streamBytes(object) : undefined;
      // An appearance or a form draws; an attached file or a script is text.
      const draws = object.dict.get(N.Subtype) === N.Form || object.dict.get(N.Type) === N.XObject;
      if (bytes) texts.push(...streamTexts(bytes, draws));
    }
  };
  visit(value);
  return texts;
}

const holds = (doc: PDFDocument, terms: Terms, value: PDFObject | undefined, withStreams = true) =>
  textsWithin(doc, value, withStreams).some((found) => terms.found(found.text, found.wordsOnly));

/** A place text can hide in, and how to take the search's matches out of it. */
export interface DocumentRemover {
  place: string;
  /** Removes what matches; pushes a description of each whole object removed onto `removed`. */
  remove(doc: PDFDocument, terms: Terms, removed: string[]): void;
}

const fileName = (doc: PDFDocument, spec: PDFObject | undefined): string => {
  const dict = dictOf(doc, spec);
  const name = dict?.get(N.UF) ?? dict?.get(N.F);
  const value = lookup(doc, name);
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : 'unnamed';
};

/** Removes the name tree entries (key, value) for which `drop` is true. */
function pruneNameTree(doc: PDFDocument, tree: PDFObject | undefined, drop: (key: string, value: PDFObject | undefined) => boolean): void {
  walk(doc, tree, (node) => {
    const names = arrayOf(doc, node.get(N.Names));
    if (!names) return;
    for (let i = names.size() - 2; i >= 0; i -= 2) {
      const key = lookup(doc, names.get(i));
      const text = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : '';
      if (drop(text, names.get(i + 1))) {
        names.remove(i + 1);
        names.remove(i);
      }
    }
  });
}

/** Each page's annotations, with a way to remove one. */
function eachAnnotation(doc: PDFDocument, visit: (annot: PDFDict, ref: PDFObject, remove: () => void) => void): void {
  for (const page of doc.getPages()) {
    const annots = arrayOf(doc, page.node.get(N.Annots));
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const ref = annots.get(i);
      const annot = dictOf(doc, ref);
      if (annot) visit(annot, ref, () => annots.remove(i));
    }
  }
}

const attachments: DocumentRemover = {
  place: 'attachments',
  remove(doc, terms, removed) {
    const embedded = dictOf(doc, dictOf(doc, doc.catalog.get(N.Names))?.get(N.EmbeddedFiles));
    pruneNameTree(doc, embedded, (key, spec) => {
      if (!terms.found(key) && !holds(doc, terms, spec)) return false;
      removed.push(runText('run.redact.removed.attachedFile', { name: terms.redact(fileName(doc, spec)) }));
      return true;
    });
    eachAnnotation(doc, (annot, _ref, drop) => {
      const spec = annot.get(N.FS);
      if (!spec || !holds(doc, terms, spec)) return;
      removed.push(runText('run.redact.removed.attachedFile', { name: terms.redact(fileName(doc, spec)) }));
      drop();
    });
    // Associated files (PDF 2.0) hang off the catalog and pages.
    for (const holder of [doc.catalog, ...doc.getPages().map((p) => p.node)]) {
      const files = arrayOf(doc, holder.get(N.AF));
      if (!files) continue;
      for (let i = files.size() - 1; i >= 0; i--) {
        if (!holds(doc, terms, files.get(i))) continue;
        removed.push(runText('run.redact.removed.associatedFile', { name: terms.redact(fileName(doc, files.get(i))) }));
        files.remove(i);
      }
    }
  },
};

const annotations: DocumentRemover = {
  place: 'comments, links and form fields',
  remove(doc, terms, removed) {
    const widgets = new Set<PDFRef>();
    const dropped = new Set<PDFRef>();
    const counts = new Map<string, number>();
    eachAnnotation(doc, (annot, ref, drop) => {
      // Strings anywhere in the annotation (contents, author, link target, field value) and what its appearance draws.
      if (!holds(doc, terms, annot)) return;
      const kind = lookup(doc, annot.get(N.Subtype));
      const label = kind === N.Widget ? 'form field' : kind instanceof PDFName && kind.decodeText() === 'Link' ? 'link' : 'comment';
      counts.set(label, (counts.get(label) ?? 0) + 1);
      if (kind === N.Widget && ref instanceof PDFRef) widgets.add(ref);
      if (ref instanceof PDFRef) dropped.add(ref);
      drop();
    });
    // A field's value can sit on its parent, away from any widget.
    walk(doc, dictOf(doc, doc.catalog.get(N.AcroForm))?.get(N.Fields), (field) => {
      const value = [field.get(N.V), field.get(N.DV), field.get(N.Opt)];
      if (!value.some((v) => holds(doc, terms, v))) return;
      const kids = arrayOf(doc, field.get(N.Kids))?.asArray() ?? [];
      for (const kid of kids) if (kid instanceof PDFRef) widgets.add(kid);
      for (const [ref, object] of doc.context.enumerateIndirectObjects()) if (object === field) widgets.add(ref);
      counts.set('form field', (counts.get('form field') ?? 0) + 1);
    });
    // Pop-ups and replies of a removed comment point back at it, and would keep it in the file.
    for (let grew = dropped.size > 0; grew; ) {
      grew = false;
      eachAnnotation(doc, (annot, ref, drop) => {
        const parent = annot.get(N.Parent) ?? annot.get(N.IRT);
        if (!(parent instanceof PDFRef) || !dropped.has(parent)) return;
        if (ref instanceof PDFRef) dropped.add(ref);
        drop();
        grew = true;
      });
    }
    if (widgets.size > 0) {
      dropFields(doc, widgets);
      eachAnnotation(doc, (_annot, ref, drop) => ref instanceof PDFRef && widgets.has(ref) && drop());
    }
    for (const [label, count] of counts) removed.push(count === 1 ? `a ${label}` : `${count} ${label}s`);
  },
};

const formData: DocumentRemover = {
  place: 'XFA form data',
  remove(doc, _terms, removed) {
    // XFA is a second copy of the form that viewers may show instead of the pages: it cannot be left disagreeing with them.
    const form = dictOf(doc, doc.catalog.get(N.AcroForm));
    if (!form?.has(N.XFA)) return;
    form.delete(N.XFA);
    removed.push(runText('run.redact.removed.xfa'));
  },
};

const bookmarkActions: DocumentRemover = {
  place: 'bookmark actions',
  remove(doc, terms) {
    walk(doc, dictOf(doc, doc.catalog.get(N.Outlines))?.get(N.First), (item) => {
      if (holds(doc, terms, item.get(N.A))) item.delete(N.A);
      if (holds(doc, terms, item.get(N.Dest))) item.delete(N.Dest);
    });
  },
};

const namedDestinations: DocumentRemover = {
  place: 'named destinations',
  remove(doc, terms) {
    // The older form: a dictionary keyed by names. The name tree's string keys are redacted with the other strings.
    const dests = dictOf(doc, doc.catalog.get(N.Dests));
    for (const key of dests?.keys() ?? []) if (terms.found(key.decodeText(), true)) dests!.delete(key);
    // Links, bookmarks and actions that jump to such a name by the name itself.
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const holders = object instanceof PDFDict ? [object, dictOf(doc, object.get(N.A))] : [];
      for (const holder of holders) {
        for (const key of [N.Dest, N.D]) {
          const target = holder?.get(key);
          if (target instanceof PDFName && terms.found(target.decodeText(), true)) holder!.delete(key);
        }
      }
    }
  },
};

const structure: DocumentRemover = {
  place: 'structure tree',
  remove(doc) {
    // Alternate and actual text of what was redacted live here, out of reach of the page pictures.
    doc.catalog.delete(N.StructTreeRoot);
    doc.catalog.delete(N.MarkInfo);
    for (const page of doc.getPages()) page.node.delete(N.StructParents);
  },
};

const pagePictures: DocumentRemover = {
  place: 'thumbnails and private application data',
  remove(doc) {
    // A thumbnail is a picture of the page as it was; private data (/PieceInfo) is whatever an editor kept.
    doc.catalog.delete(N.PieceInfo);
    for (const page of doc.getPages()) {
      page.node.delete(N.Thumb);
      page.node.delete(N.PieceInfo);
    }
  },
};

/** A font program (FontFile, FontFile2, FontFile3): glyph outlines and the foundry's notices, no document text. */
export function isFontProgram(stream: PDFStream): boolean {
  const subtype = stream.dict.get(N.Subtype)?.toString();
  return ['Length1', 'Length2', 'Length3'].some((key) => stream.dict.has(PDFName.of(key))) || subtype === '/Type1C' || subtype === '/CIDFontType0C' || subtype === '/OpenType';
}

/** Streams that draw (page content, forms, pictures, fonts): what they show was judged on the pages. */
export function drawingStreams(doc: PDFDocument): Set<PDFObject> {
  const drawing = new Set<PDFObject>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    const dict = object.dict;
    const subtype = dict.get(N.Subtype)?.toString();
    const type = dict.get(N.Type)?.toString();
    if (subtype === '/Image' || subtype === '/Form' || type === '/XObject' || isFontProgram(object)) drawing.add(object);
  }
  for (const page of doc.getPages()) {
    const contents = lookup(doc, page.node.get(N.Contents));
    const list = contents instanceof PDFArray ? contents.asArray().map((c) => lookup(doc, c)) : [contents];
    for (const stream of list) if (stream) drawing.add(stream);
  }
  return drawing;
}

/** Entries that describe the old encoded bytes, set anew for the rewritten ones. */
const UNDONE_BY_REWRITE = new Set(['Filter', 'DecodeParms', 'Length', 'DL']);

const otherTexts: DocumentRemover = {
  place: 'titles, labels, names and metadata',
  remove(doc, terms, removed) {
    const { context } = doc;
    const redactIn = (holder: PDFDict | PDFArray) => {
      const entries: [PDFName | number, PDFObject][] = holder instanceof PDFDict ? holder.entries() : holder.asArray().map((v, i) => [i, v]);
      for (const [key, value] of entries) {
        if (!(value instanceof PDFString || value instanceof PDFHexString)) continue;
        const text = value.decodeText();
        if (!terms.found(text)) continue;
        const replaced = PDFHexString.fromText(terms.redact(text));
        if (holder instanceof PDFDict) holder.set(key as PDFName, replaced);
        else holder.set(key as number, replaced);
      }
    };
    const info = lookup(doc, context.trailerInfo.Info);
    const holders: (PDFDict | PDFArray)[] = info instanceof PDFDict ? [info] : [];
    for (const [, object] of context.enumerateIndirectObjects()) {
      const stack: PDFObject[] = [object instanceof PDFStream ? object.dict : object];
      while (stack.length) {
        const item = stack.pop()!;
        if (item instanceof PDFDict || item instanceof PDFArray) {
          holders.push(item);
          stack.push(...(item instanceof PDFDict ? item.values() : item.asArray()).filter((v) => v instanceof PDFDict || v instanceof PDFArray));
        }
      }
    }
    for (const holder of holders) redactIn(holder);

    // Text kept in streams that draw nothing: XMP metadata, scripts, private data.
    const drawing = drawingStreams(doc);
    for (const [ref, object] of [...context.enumerateIndirectObjects()]) {
      if (!(object instanceof PDFStream) || drawing.has(object)) continue;
      const bytes = streamBytes(object);
      if (!bytes || !streamTexts(bytes, false).some((found) => terms.found(found.text))) continue;
      const isXml = object.dict.get(N.Type) === N.Metadata;
      const text = new TextDecoder('utf-8').decode(bytes);
      // Text the search finds only in another encoding cannot be edited in place: the stream's text goes.
      const replacement = context.flateStream(new TextEncoder().encode(terms.found(text) ? terms.redact(text) : ''));
      for (const [key, value] of object.dict.entries()) if (!UNDONE_BY_REWRITE.has(key.decodeText())) replacement.dict.set(key, value);
      context.assign(ref, replacement);
      removed.push(runText(isXml ? 'run.redact.removed.xmp' : 'run.redact.removed.stream'));
    }
  },
};

/** Every place, in the order they run: whole objects first, then the texts left. */
export const DOCUMENT_REMOVERS: readonly DocumentRemover[] = [attachments, annotations, formData, bookmarkActions, namedDestinations, structure, pagePictures, otherTexts];

/** Takes the search's matches out of every place outside the pages; returns what was removed whole. */
export function removeFromDocument(doc: PDFDocument, terms: Terms, removers: readonly DocumentRemover[] = DOCUMENT_REMOVERS): string[] {
  const removed: string[] = [];
  for (const remover of removers) remover.remove(doc, terms, removed);
  return removed;
}

