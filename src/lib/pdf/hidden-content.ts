/**
 * Taking out of page content what a reader never shows: content marked as
 * belonging to a layer that is off when the file opens (`/OC /name BDC …
 * EMC`, and XObjects whose /OC is off), and text drawn invisibly (text
 * rendering mode 3, or 7 when the clip it makes is never painted through).
 *
 * Only the operators that draw are cut out, each by its byte span; every other
 * byte of the stream stays as it was. Inside a hidden span, operators that
 * change the graphics or text state are kept, so what follows it is drawn
 * exactly as before, and a path that clips keeps its clip. Where invisible
 * text is followed by visible text on the same line, the invisible string is
 * replaced by a move of the same width, so the visible words keep their place.
 */
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFObject, type PDFPage } from 'pdf-lib';
import { ToolError } from '../errors';
import { tokenizeContent, type Operand } from './content-tokens';
import { dictOf, lookup, pdfNames } from './objects';
import type { OptionalContent } from './optional-content';
import { decodedStreamBytes } from './stream-bytes';
import { fontMetrics, type FontMetrics } from './text-advance';

const N = pdfNames('Contents', 'DecodeParms', 'DL', 'Filter', 'Font', 'Form', 'Length', 'OC', 'Properties', 'Resources', 'Subtype', 'XObject');

/** Forms nested deeper than this are not followed (real files rarely pass 3). */
const MAX_FORM_DEPTH = 12;

export interface ContentCleaning {
  /** The document's layers, when content of hidden layers is to be removed. */
  layers?: OptionalContent;
  /** Remove text drawn in rendering mode 3 or 7. */
  hiddenText: boolean;
}

/** What cleaning one stream found. */
interface StreamFindings {
  /** The stream's new bytes, or null when nothing was removed. */
  bytes: Uint8Array | null;
  layerContent: boolean;
  hiddenText: boolean;
  /** Names of the form XObjects the kept content still draws. */
  forms: string[];
}

interface Op {
  op: string;
  operands: Operand[];
  start: number;
  end: number;
}

interface TextState {
  tr: number;
  font: string | null;
  size: number;
  tc: number;
  tw: number;
}

const SHOW = new Set(['Tj', 'TJ', "'", '"']);
const PATH_BUILD = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);
const PATH_PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);
const LINE_MOVE = new Set(['Td', 'TD', 'Tm', 'T*', "'", '"']);
const MARKS = new Set(['BMC', 'BDC', 'EMC', 'MP', 'DP']);

const num = (value: Operand | undefined, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

function readOps(bytes: Uint8Array): Op[] {
  const ops: Op[] = [];
  tokenizeContent(
    bytes,
    (op, operands, start, end) => ops.push({ op, operands: [...operands], start, end }),
    (start, end) => {
      // The image replaces the BI that opened it: together they are one drawing.
      if (ops.at(-1)?.op === 'BI') ops.pop();
      ops.push({ op: 'inline image', operands: [], start, end });
    },
  );
  return ops;
}

/** Resource lookups for one stream, with font metrics read once per font. */
class Resources {
  private readonly metrics = new Map<string, FontMetrics | null>();

  constructor(
    private readonly doc: PDFDocument,
    readonly dict: PDFDict | undefined,
  ) {}

  entry(kind: PDFName, name: string): PDFObject | undefined {
    const group = dictOf(this.doc, this.dict?.get(kind));
    return group?.get(PDFName.of(name));
  }

  xobject(name: string): PDFStream | undefined {
    const object = lookup(this.doc, this.entry(N.XObject, name));
    return object instanceof PDFStream ? object : undefined;
  }

  font(name: string | null): FontMetrics | null {
    if (name === null) return null;
    if (!this.metrics.has(name)) this.metrics.set(name, fontMetrics(this.doc, dictOf(this.doc, this.entry(N.Font, name))));
    return this.metrics.get(name)!;
  }
}

/** How far a shown string (or TJ array) moves the text position, in thousandths of the font size; null when unknown. */
function advance(operand: Operand | undefined, state: TextState, metrics: FontMetrics | null): number | null {
  if (!metrics || state.size === 0) return null;
  const parts = Array.isArray(operand) ? operand : [operand];
  let total = 0;
  for (const part of parts) {
    if (typeof part === 'number') total -= part;
    else if (part instanceof Uint8Array) {
      for (const glyph of metrics.glyphs(part)) total += glyph.width + ((state.tc + (glyph.space ? state.tw : 0)) * 1000) / state.size;
    }
  }
  return total;
}

/** Finds what to cut from one stream and returns its new bytes. */
function cleanStream(bytes: Uint8Array, resources: Resources, options: ContentCleaning): StreamFindings {
  const ops = readOps(bytes);
  /** Replacement text by op index; '' removes the operator and its operands. */
  const replace = new Map<number, string>();
  /** Shows taken out, with the text state they were drawn in, to keep the next words in place. */
  const removedShows = new Map<number, TextState>();
  const findings: StreamFindings = { bytes: null, layerContent: false, hiddenText: false, forms: [] };

  let state: TextState = { tr: 0, font: null, size: 0, tc: 0, tw: 0 };
  const saved: TextState[] = [];
  const marks: boolean[] = [];
  /** The depth of the marked-content stack at which a hidden span began, or -1. */
  let hiddenFrom = -1;
  let path: number[] = [];
  let pathClips = false;
  /** Mode 7 shows of the current text object, and of earlier ones whose clip is still in force. */
  let clipShows: { index: number; state: TextState; layer: boolean }[] = [];
  let watches: { depth: number; shows: { index: number; state: TextState; layer: boolean }[] }[] = [];

  const removeShow = (index: number, shown: TextState, layer: boolean) => {
    removedShows.set(index, shown);
    if (layer) findings.layerContent = true;
    else findings.hiddenText = true;
  };
  const commit = (watch: { shows: { index: number; state: TextState; layer: boolean }[] }) => {
    for (const show of watch.shows) removeShow(show.index, show.state, show.layer);
  };
  // Something was painted while clips made of invisible text were in force: that text shapes what is seen, so it stays.
  const painted = () => {
    watches = [];
    clipShows = [];
  };

  ops.forEach(({ op, operands }, i) => {
    const hidden = hiddenFrom >= 0;
    if (MARKS.has(op)) {
      if (op === 'BMC' || op === 'BDC') {
        const tag = operands[0];
        const property = operands[1];
        const isHiddenLayer =
          !hidden && op === 'BDC' && tag === 'OC' && typeof property === 'string' && !!options.layers?.isHidden(resources.entry(N.Properties, property));
        if (isHiddenLayer) {
          hiddenFrom = marks.length;
          findings.layerContent = true;
        }
        marks.push(isHiddenLayer);
        if (hidden || isHiddenLayer) replace.set(i, '');
      } else if (op === 'EMC') {
        if (hidden) replace.set(i, '');
        if (marks.length > 0) marks.pop();
        if (hiddenFrom >= marks.length) hiddenFrom = -1;
      } else if (hidden) replace.set(i, '');
      return;
    }
    switch (op) {
      case 'q':
        saved.push({ ...state });
        return;
      case 'Q': {
        state = saved.pop() ?? state;
        // A clip made inside this q … Q ends here; nothing was painted through it.
        const depth = saved.length;
        watches = watches.filter((watch) => (watch.depth > depth ? (commit(watch), false) : true));
        return;
      }
      case 'Tr':
        state.tr = num(operands[0]);
        return;
      case 'Tf':
        state.font = typeof operands[0] === 'string' ? operands[0] : null;
        state.size = num(operands[1]);
        return;
      case 'Tc':
        state.tc = num(operands[0]);
        return;
      case 'Tw':
        state.tw = num(operands[0]);
        return;
      case 'BT':
        clipShows = [];
        return;
      case 'ET':
        if (clipShows.length) watches.push({ depth: saved.length, shows: clipShows });
        clipShows = [];
        return;
      case 'Do': {
        const name = operands[0];
        const xobject = typeof name === 'string' ? resources.xobject(name) : undefined;
        if (hidden || (xobject && options.layers?.isHidden(xobject.dict.get(N.OC)))) {
          replace.set(i, '');
          findings.layerContent = true;
          return;
        }
        painted();
        if (typeof name === 'string' && xobject?.dict.get(N.Subtype) === N.Form) findings.forms.push(name);
        return;
      }
      case 'sh':
      case 'inline image':
        if (hidden) replace.set(i, '');
        else painted();
        return;
      case 'W':
      case 'W*':
        pathClips = true;
        return;
    }
    if (op === '"') {
      state.tw = num(operands[0]);
      state.tc = num(operands[1]);
    }
    if (SHOW.has(op)) {
      const invisible = state.tr === 3 || state.tr === 7;
      if (state.tr === 7 && (hidden || options.hiddenText)) clipShows.push({ index: i, state: { ...state }, layer: hidden });
      else if (hidden) removeShow(i, { ...state }, true);
      else if (invisible && options.hiddenText) removeShow(i, { ...state }, false);
      else if (!invisible) painted();
      return;
    }
    if (PATH_BUILD.has(op)) {
      path.push(i);
      return;
    }
    if (PATH_PAINT.has(op)) {
      if (hidden) {
        // The clip of a hidden path still applies to what follows; only its painting goes.
        if (pathClips) {
          if (op !== 'n') replace.set(i, 'n');
        } else {
          for (const index of path) replace.set(index, '');
          replace.set(i, '');
        }
      } else if (op !== 'n') painted();
      path = [];
      pathClips = false;
    }
  });
  // Clips still in force at the end of the stream were never painted through.
  for (const watch of watches) commit(watch);

  for (const [index, shown] of removedShows) {
    const { op, operands } = ops[index];
    const lineStart = op === "'" ? 'T*' : op === '"' ? `${fmt(num(operands[0]))} Tw ${fmt(num(operands[1]))} Tc T*` : '';
    const text = op === "'" || op === '"' ? operands[operands.length - 1] : operands[0];
    let move = '';
    if (nextOnLineIsKept(ops, index, removedShows)) {
      const width = advance(text, shown, resources.font(shown.font));
      if (width !== null && width !== 0) move = `[${fmt(-width)}] TJ`;
    }
    replace.set(index, [lineStart, move].filter(Boolean).join(' '));
  }
  if (replace.size === 0) return findings;
  findings.bytes = splice(bytes, ops, replace);
  return findings;
}

/** True when visible text follows the show at `index` on the same line of the same text object. */
function nextOnLineIsKept(ops: Op[], index: number, removed: Map<number, TextState>): boolean {
  for (let j = index + 1; j < ops.length; j++) {
    const { op } = ops[j];
    if (op === 'ET' || op === 'BT' || LINE_MOVE.has(op)) return false;
    if ((op === 'Tj' || op === 'TJ') && !removed.has(j)) return true;
  }
  return false;
}

/** The bytes with each replaced operator's span swapped for its replacement, spaced so tokens never run together. */
function splice(bytes: Uint8Array, ops: Op[], replace: Map<number, string>): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let at = 0;
  let size = 0;
  for (const index of [...replace.keys()].sort((a, b) => a - b)) {
    const { start, end } = ops[index];
    if (start < at) continue;
    const piece = bytes.subarray(at, start);
    const text = encoder.encode(` ${replace.get(index)} `.replace(/^ {2}$/, ' '));
    parts.push(piece, text);
    size += piece.length + text.length;
    at = end;
  }
  const rest = bytes.subarray(at);
  parts.push(rest);
  size += rest.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The decoded bytes of a stream; null when it cannot be decoded (its content is then left as it is). */
function readStream(stream: PDFObject | undefined): Uint8Array | null {
  if (!(stream instanceof PDFStream)) return null;
  try {
    return decodedStreamBytes(stream);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    return null;
  }
}

/** A page's content streams as one, in order, or null when one of them cannot be read. */
function pageContent(doc: PDFDocument, page: PDFPage): Uint8Array | null {
  const contents = lookup(doc, page.node.get(N.Contents));
  const streams = contents instanceof PDFArray ? contents.asArray().map((item) => lookup(doc, item)) : [contents];
  const parts: Uint8Array[] = [];
  for (const stream of streams) {
    if (stream === undefined) continue;
    const bytes = readStream(stream);
    if (!bytes) return null;
    // Streams of one page are read as one; a line break keeps the last token of one from running into the next.
    if (parts.length) parts.push(new Uint8Array([10]));
    parts.push(bytes);
  }
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A copy of a form XObject with new content: its dictionary kept, the content compressed again. */
function replaceForm(doc: PDFDocument, ref: PDFRef, form: PDFStream, bytes: Uint8Array): void {
  const fresh = doc.context.flateStream(bytes);
  for (const [key, value] of form.dict.entries()) {
    if (key === N.Length || key === N.Filter || key === N.DecodeParms || key === N.DL) continue;
    fresh.dict.set(key, value);
  }
  doc.context.assign(ref, fresh);
}

/** Deletes, from resources whose content was cleaned, the entries only hidden content used: its layers' properties and hidden XObjects. */
function dropHiddenResources(doc: PDFDocument, resources: PDFDict | undefined, layers: OptionalContent | undefined): void {
  if (!resources || !layers) return;
  const properties = dictOf(doc, resources.get(N.Properties));
  for (const [name, value] of properties?.entries() ?? []) if (layers.isHidden(value)) properties!.delete(name);
  const xobjects = dictOf(doc, resources.get(N.XObject));
  for (const [name, value] of xobjects?.entries() ?? []) {
    const xobject = lookup(doc, value);
    if (xobject instanceof PDFStream && layers.isHidden(xobject.dict.get(N.OC))) xobjects!.delete(name);
  }
}

export interface ContentReport {
  /** Pages (0-based) where content of a hidden layer was removed. */
  layerPages: number[];
  /** Pages (0-based) where hidden text was removed. */
  hiddenTextPages: number[];
}

/**
 * Cleans every page's content and the form XObjects it draws. Streams with
 * nothing to remove keep their bytes; a stream that cannot be decoded is left
 * as it is.
 */
export function cleanPageContent(doc: PDFDocument, options: ContentCleaning): ContentReport {
  const report: ContentReport = { layerPages: [], hiddenTextPages: [] };
  const formsDone = new Set<PDFStream>();
  // The resources of the content read: what names hidden content there is used by nothing else once it is cut out.
  // They are cleaned once every page is done, as pages may share resources and a later page must still see which names are hidden.
  const cleaned = new Set<PDFDict>();
  doc.getPages().forEach((page, index) => {
    let layer = false;
    let text = false;
    const visitForms = (names: string[], resources: Resources, depth: number) => {
      if (depth > MAX_FORM_DEPTH) return;
      for (const name of names) {
        const ref = resources.entry(N.XObject, name);
        const form = lookup(doc, ref);
        if (!(ref instanceof PDFRef) || !(form instanceof PDFStream) || formsDone.has(form)) continue;
        formsDone.add(form);
        const bytes = readStream(form);
        if (!bytes) continue;
        // A form without resources of its own uses those of what draws it.
        const own = dictOf(doc, form.dict.get(N.Resources));
        const formResources = own ? new Resources(doc, own) : resources;
        const found = cleanStream(bytes, formResources, options);
        layer ||= found.layerContent;
        text ||= found.hiddenText;
        if (own) cleaned.add(own);
        if (found.bytes) {
          replaceForm(doc, ref, form, found.bytes);
          formsDone.add(lookup(doc, ref) as PDFStream);
        }
        visitForms(found.forms, formResources, depth + 1);
      }
    };
    const bytes = pageContent(doc, page);
    const resources = new Resources(doc, page.node.Resources());
    if (bytes) {
      const found = cleanStream(bytes, resources, options);
      layer ||= found.layerContent;
      text ||= found.hiddenText;
      if (resources.dict) cleaned.add(resources.dict);
      if (found.bytes) page.node.set(N.Contents, doc.context.register(doc.context.flateStream(found.bytes)));
      visitForms(found.forms, resources, 1);
    }
    if (layer) report.layerPages.push(index);
    if (text) report.hiddenTextPages.push(index);
  });
  for (const resources of cleaned) dropHiddenResources(doc, resources, options.layers);
  return report;
}
