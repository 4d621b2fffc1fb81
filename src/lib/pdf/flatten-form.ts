/**
 * Flattening a form: each field's widget is drawn into its page as it looks
 * (its normal appearance, placed on the widget's rectangle as a reader places
 * it), then the widgets, the fields with their values and the form itself,
 * XFA included, leave the file. What was typed stays visible as part of the
 * page, but is no longer data a program can read out or change.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFDocument, type PDFObject, type PDFPage } from 'pdf-lib';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';

const N = pdfNames('AcroForm', 'Annots', 'AP', 'AS', 'BBox', 'Contents', 'F', 'Fields', 'FT', 'Form', 'Kids', 'Matrix', 'N', 'NeedsRendering', 'OC', 'Parent', 'Properties', 'Rect', 'Resources', 'Subtype', 'T', 'Type', 'Widget', 'XFA', 'XObject');

/** Annotation flags (PDF 32000, 12.5.3): hidden, and not shown on screen. */
const HIDDEN_FLAG = 1 << 1;
const NO_VIEW_FLAG = 1 << 5;

export interface FlattenReport {
  /** Terminal fields (those that hold a value) removed. */
  fields: number;
  /** 1 when the form carried an XFA form. */
  xfa: number;
}

type Box = [number, number, number, number];

function numbers(doc: PDFDocument, value: PDFObject | undefined, count: number): number[] | undefined {
  const array = arrayOf(doc, value);
  if (!array || array.size() < count) return undefined;
  const out = array.asArray().slice(0, count).map((item) => lookup(doc, item));
  return out.every((item) => item instanceof PDFNumber) ? out.map((item) => (item as PDFNumber).asNumber()) : undefined;
}

function normalBox([x1, y1, x2, y2]: number[]): Box {
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

/** The bounding box of `box` after `matrix`. */
function transformedBox(box: Box, [a, b, c, d, e, f]: number[]): Box {
  const corners = [
    [box[0], box[1]],
    [box[0], box[3]],
    [box[2], box[1]],
    [box[2], box[3]],
  ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const fmt = (value: number) => String(Math.round(value * 10000) / 10000);

/** The widget's normal appearance as it shows now (the state /AS picks, for check boxes and radio buttons). */
function appearance(doc: PDFDocument, widget: PDFDict): { ref: PDFRef; stream: PDFStream } | undefined {
  const normal = dictOf(doc, widget.get(N.AP))?.get(N.N);
  let ref = normal;
  if (lookup(doc, normal) instanceof PDFDict && !(lookup(doc, normal) instanceof PDFStream)) {
    const state = lookup(doc, widget.get(N.AS));
    ref = state instanceof PDFName ? dictOf(doc, normal)!.get(state) : undefined;
  }
  const stream = lookup(doc, ref);
  return ref instanceof PDFRef && stream instanceof PDFStream ? { ref, stream } : undefined;
}

/** A name not yet used in a resource dictionary: prefix1, prefix2 … */
function freeKey(dict: PDFDict, prefix: string): PDFName {
  for (let i = 1; ; i++) {
    const key = PDFName.of(`${prefix}${i}`);
    if (!dict.has(key)) return key;
  }
}

/** The page's own resources (a copy of inherited ones, so other pages are not touched) and its sub-dictionary `kind`. */
function resourceGroup(doc: PDFDocument, page: PDFPage, kind: PDFName): PDFDict {
  let resources = dictOf(doc, page.node.get(N.Resources));
  if (!resources) {
    resources = page.node.Resources()?.clone() ?? doc.context.obj({});
    page.node.set(N.Resources, resources);
  }
  let group = dictOf(doc, resources.get(kind));
  if (!group) {
    group = doc.context.obj({});
    resources.set(kind, group);
  }
  return group;
}

/** The operators that paint a widget's appearance where a reader shows it, or '' when it shows nothing. */
function drawWidget(doc: PDFDocument, page: PDFPage, widget: PDFDict): string {
  const flags = lookup(doc, widget.get(N.F));
  if (flags instanceof PDFNumber && flags.asNumber() & (HIDDEN_FLAG | NO_VIEW_FLAG)) return '';
  const shown = appearance(doc, widget);
  const rect = numbers(doc, widget.get(N.Rect), 4);
  if (!shown || !rect) return '';
  const { ref, stream } = shown;
  const bbox = numbers(doc, stream.dict.get(N.BBox), 4);
  if (!bbox) return '';
  const matrix = numbers(doc, stream.dict.get(N.Matrix), 6) ?? [1, 0, 0, 1, 0, 0];
  // PDF 32000, 12.5.5: the box, transformed by the form's matrix, is fitted to the rectangle.
  const [bx1, by1, bx2, by2] = transformedBox(normalBox(bbox), matrix);
  const [rx1, ry1, rx2, ry2] = normalBox(rect);
  if (bx2 - bx1 <= 0 || by2 - by1 <= 0) return '';
  const sx = (rx2 - rx1) / (bx2 - bx1);
  const sy = (ry2 - ry1) / (by2 - by1);
  // Appearance streams are form XObjects, though some writers leave the type out.
  stream.dict.set(N.Type, N.XObject);
  stream.dict.set(N.Subtype, N.Form);
  const xobjects = resourceGroup(doc, page, N.XObject);
  const key = freeKey(xobjects, 'FlatField');
  xobjects.set(key, ref);
  let draw = `q ${fmt(sx)} 0 0 ${fmt(sy)} ${fmt(rx1 - bx1 * sx)} ${fmt(ry1 - by1 * sy)} cm ${key.toString()} Do Q\n`;
  // A widget on a layer stays on it, so a hidden layer still hides it.
  const layer = widget.get(N.OC);
  if (layer !== undefined) {
    const properties = resourceGroup(doc, page, N.Properties);
    const name = freeKey(properties, 'FlatLayer');
    properties.set(name, layer);
    draw = `/OC ${name.toString()} BDC\n${draw}EMC\n`;
  }
  return draw;
}

/** The fields that hold values: nodes with a name and no named kids, and widgets that are their own field. */
function terminalFields(doc: PDFDocument, form: PDFDict | undefined, widgets: PDFDict[]): Set<PDFDict> {
  const found = new Set<PDFDict>();
  const seen = new Set<PDFDict>();
  const stack = [...(arrayOf(doc, form?.get(N.Fields))?.asArray() ?? [])];
  while (stack.length) {
    const node = dictOf(doc, stack.pop());
    if (!node || seen.has(node)) continue;
    seen.add(node);
    const kids = (arrayOf(doc, node.get(N.Kids))?.asArray() ?? []).filter((kid) => dictOf(doc, kid)?.get(N.T) !== undefined);
    if (kids.length === 0) found.add(node);
    else stack.push(...kids);
  }
  for (const widget of widgets) {
    const field = widget.get(N.T) !== undefined || widget.get(N.FT) !== undefined ? widget : dictOf(doc, widget.get(N.Parent));
    if (field) found.add(field);
  }
  return found;
}

/**
 * Gives widgets that have no appearance one made from their value with
 * pdf-lib (text in Helvetica), so a filled field that relied on the reader to
 * draw it still shows its value once flattened. Fields pdf-lib cannot read
 * are left without.
 */
function drawMissingAppearances(doc: PDFDocument, widgets: PDFDict[]): void {
  if (widgets.every((widget) => appearance(doc, widget))) return;
  try {
    const form = doc.getForm();
    for (const field of form.getFields()) {
      try {
        if (field.needsAppearancesUpdate()) field.defaultUpdateAppearances(form.getDefaultFont());
      } catch {
        // A field pdf-lib cannot draw keeps no appearance; its value still leaves the file.
      }
    }
  } catch {
    // A form pdf-lib cannot read at all: widgets without an appearance are dropped undrawn.
  }
}

/** Flattens every widget into its page and removes the form. */
export function flattenForm(doc: PDFDocument): FlattenReport {
  const form = dictOf(doc, doc.catalog.get(N.AcroForm));
  const pages = doc.getPages();
  const widgetsOf = (page: PDFPage) =>
    (arrayOf(doc, page.node.get(N.Annots))?.asArray() ?? []).map((item) => dictOf(doc, item)).filter((d): d is PDFDict => d?.get(N.Subtype) === N.Widget);
  const allWidgets = pages.flatMap(widgetsOf);
  const fields = terminalFields(doc, form, allWidgets);
  const xfa = form?.get(N.XFA) !== undefined ? 1 : 0;
  if (allWidgets.length) drawMissingAppearances(doc, allWidgets);

  for (const page of pages) {
    const annots = arrayOf(doc, page.node.get(N.Annots));
    if (!annots) continue;
    let drawing = '';
    for (let i = annots.size() - 1; i >= 0; i--) {
      const item = annots.get(i);
      const widget = dictOf(doc, item);
      if (widget?.get(N.Subtype) !== N.Widget) continue;
      drawing = drawWidget(doc, page, widget) + drawing;
      annots.remove(i);
      if (item instanceof PDFRef) doc.context.delete(item);
    }
    if (annots.size() === 0) page.node.delete(N.Annots);
    if (!drawing) continue;
    // The page's own content runs inside q … Q, so the fields are drawn in the page's default space.
    const contents = lookup(doc, page.node.get(N.Contents));
    const existing = contents instanceof PDFArray ? contents.asArray() : page.node.get(N.Contents) ? [page.node.get(N.Contents)!] : [];
    const open = doc.context.register(doc.context.stream('q\n'));
    const close = doc.context.register(doc.context.flateStream(`Q\n${drawing}`));
    page.node.set(N.Contents, doc.context.obj([open, ...existing, close]));
  }
  doc.catalog.delete(N.AcroForm);
  // Only an XFA form asks a reader to build its pages from the form; that form is gone.
  doc.catalog.delete(N.NeedsRendering);
  return { fields: fields.size, xfa };
}
