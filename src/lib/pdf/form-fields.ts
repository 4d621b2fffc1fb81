/**
 * Keeping AcroForm fields whole when pages move between documents.
 *
 * A field lives in two places: its widgets sit in a page's /Annots (and come
 * along when pdf-lib copies the page), while the field itself is listed in the
 * catalog's /AcroForm /Fields, which copyPages never brings. Without that list
 * viewers show the boxes but do not treat them as a form, and pdf-lib, data
 * export and "reset form" see no fields at all. adoptCopiedFields lists the
 * copied fields in the target's form again; pruneFieldsOffPages drops the
 * fields whose widgets are all on pages the document no longer has.
 */
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFObjectCopier, PDFRef, PDFString, type PDFObject, type PDFPage } from 'pdf-lib';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';

const N = pdfNames('AcroForm', 'Annots', 'DA', 'DR', 'Fields', 'FT', 'Kids', 'NeedAppearances', 'P', 'Parent', 'Q', 'Subtype', 'T', 'V', 'Widget', 'XFA');

function isWidget(dict: PDFDict): boolean {
  return dict.get(N.Subtype) === N.Widget;
}

/** A field's partial name (/T) as text, or undefined when it has none. */
function partialName(field: PDFDict): string | undefined {
  const t = field.get(N.T);
  return t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : undefined;
}

/** The document's /AcroForm dictionary, created (empty) when asked for and missing. */
function acroForm(doc: PDFDocument, create: boolean): PDFDict | undefined {
  const existing = dictOf(doc, doc.catalog.get(N.AcroForm));
  if (existing || !create) return existing;
  const form = doc.context.obj({ Fields: [] });
  doc.catalog.set(N.AcroForm, doc.context.register(form));
  return form;
}

/** The form's /Fields array, created when missing. */
function fieldList(doc: PDFDocument, form: PDFDict): PDFArray {
  const existing = arrayOf(doc, form.get(N.Fields));
  if (existing) return existing;
  const fields = doc.context.obj([]);
  form.set(N.Fields, fields);
  return fields;
}

/** The widgets on a page, with the reference each is stored under (direct widgets get one, as fields must be indirect). */
function pageWidgets(doc: PDFDocument, page: PDFPage): { ref: PDFRef; widget: PDFDict }[] {
  const annots = arrayOf(doc, page.node.get(N.Annots));
  if (!annots) return [];
  const found: { ref: PDFRef; widget: PDFDict }[] = [];
  for (let i = 0; i < annots.size(); i++) {
    const item = annots.get(i);
    const widget = dictOf(doc, item);
    if (!widget || !isWidget(widget)) continue;
    let ref = item instanceof PDFRef ? item : undefined;
    if (!ref) {
      ref = doc.context.register(widget);
      annots.set(i, ref);
    }
    found.push({ ref, widget });
  }
  return found;
}

/** The top of a widget's field tree (the widget itself for a one-widget field), following /Parent. */
function rootField(doc: PDFDocument, ref: PDFRef): PDFRef {
  let current = ref;
  const seen = new Set<PDFRef>([ref]);
  for (;;) {
    const parent = dictOf(doc, current)?.get(N.Parent);
    if (!(parent instanceof PDFRef) || seen.has(parent) || !dictOf(doc, parent)) return current;
    seen.add(parent);
    current = parent;
  }
}

/** `name`, or `name_2`, `name_3` ... whichever is not taken yet. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  let n = 2;
  while (taken.has(`${name}_${n}`)) n++;
  return `${name}_${n}`;
}

/** Copies the source form's default appearance settings (fonts in /DR, /DA, /Q, /NeedAppearances) where the target has none. */
function adoptDefaults(target: PDFDocument, source: PDFDocument, form: PDFDict): void {
  const sourceForm = dictOf(source, source.catalog.get(N.AcroForm));
  if (!sourceForm) return;
  const copier = PDFObjectCopier.for(source.context, target.context);
  for (const key of [N.DA, N.Q]) {
    const value = sourceForm.get(key);
    if (value !== undefined && form.get(key) === undefined) form.set(key, copier.copy(value));
  }
  if (lookup(source, sourceForm.get(N.NeedAppearances)) === PDFBool.True) form.set(N.NeedAppearances, PDFBool.True);
  const sourceResources = dictOf(source, sourceForm.get(N.DR));
  if (!sourceResources) return;
  const resources = dictOf(target, form.get(N.DR));
  if (!resources) {
    form.set(N.DR, copier.copy(sourceResources));
    return;
  }
  // Resource kinds (/Font, /ProcSet ...) are merged entry by entry; a name the target already uses keeps its own object.
  for (const [kind, entries] of sourceResources.entries()) {
    const theirs = dictOf(source, entries);
    const ours = dictOf(target, resources.get(kind));
    if (!theirs || !ours) {
      if (resources.get(kind) === undefined) resources.set(kind, copier.copy(entries));
      continue;
    }
    for (const [name, value] of theirs.entries()) if (ours.get(name) === undefined) ours.set(name, copier.copy(value));
  }
}

/**
 * Lists the fields of pages just copied from `source` (with copyPages) in the
 * target's form, with the source form's default appearance settings, and
 * points each widget's /P at the page that now holds it. A top-level field
 * whose name an earlier file already uses is renamed name_2 (then name_3 ...):
 * fields of the same name are one field to a PDF reader, so two filled forms
 * would otherwise show one value in both. Returns the renames, old name to new.
 */
export function adoptCopiedFields(target: PDFDocument, source: PDFDocument, pages: readonly PDFPage[]): Map<string, string> {
  const renames = new Map<string, string>();
  const roots: PDFRef[] = [];
  const seenRoots = new Set<PDFRef>();
  for (const page of pages) {
    for (const { ref, widget } of pageWidgets(target, page)) {
      widget.set(N.P, page.ref);
      const root = rootField(target, ref);
      if (!seenRoots.has(root)) roots.push(root);
      seenRoots.add(root);
    }
  }
  if (roots.length === 0) return renames;
  const form = acroForm(target, true)!;
  const fields = fieldList(target, form);
  const listed = new Set(fields.asArray().filter((item): item is PDFRef => item instanceof PDFRef));
  const taken = new Set<string>();
  for (const item of fields.asArray()) {
    const field = dictOf(target, item);
    const name = field && partialName(field);
    if (name !== undefined) taken.add(name);
  }
  // Names the source itself repeats are left alone (the source meant them as one field); only clashes with earlier files are renamed.
  const takenBefore = new Set(taken);
  for (const root of roots) {
    if (listed.has(root)) continue;
    const field = dictOf(target, root)!;
    // A widget that belongs to no field (no name, no type anywhere above it) is only a drawing, not a form field.
    if (field.get(N.T) === undefined && field.get(N.FT) === undefined) continue;
    const name = partialName(field);
    if (name !== undefined && takenBefore.has(name)) {
      const renamed = freeName(name, taken);
      field.set(N.T, PDFHexString.fromText(renamed));
      renames.set(name, renamed);
      taken.add(renamed);
    } else if (name !== undefined) taken.add(name);
    fields.push(root);
    listed.add(root);
  }
  adoptDefaults(target, source, form);
  return renames;
}

/**
 * Removes from the form every widget that is on none of the document's
 * pages, and every field left with no widget (fields that never had one, such
 * as hidden calculation fields, stay). The XFA form, which describes the whole
 * original form, is dropped once the fields have changed. Returns the number
 * of fields removed.
 */
export function pruneFieldsOffPages(doc: PDFDocument): number {
  const form = acroForm(doc, false);
  const fields = form && arrayOf(doc, form.get(N.Fields));
  if (!form || !fields) return 0;
  const onPages = new Set<PDFDict>();
  for (const page of doc.getPages()) {
    const annots = arrayOf(doc, page.node.get(N.Annots));
    for (const item of annots?.asArray() ?? []) {
      const dict = dictOf(doc, item);
      if (dict) onPages.add(dict);
    }
  }
  let removed = 0;
  const seen = new Set<PDFDict>();
  /** True when the node is still wanted after its dead kids are removed. */
  const keep = (node: PDFDict): boolean => {
    if (seen.has(node)) return true;
    seen.add(node);
    if (isWidget(node)) return onPages.has(node);
    const kids = arrayOf(doc, node.get(N.Kids));
    if (!kids || kids.size() === 0) return true;
    for (let i = kids.size() - 1; i >= 0; i--) {
      const kid = dictOf(doc, kids.get(i));
      if (kid && !keep(kid)) kids.remove(i);
    }
    return kids.size() > 0;
  };
  for (let i = fields.size() - 1; i >= 0; i--) {
    const field = dictOf(doc, fields.get(i));
    if (field && !keep(field)) {
      fields.remove(i);
      removed++;
    }
  }
  if (removed > 0) {
    form.delete(N.XFA);
    if (fields.size() === 0) doc.catalog.delete(N.AcroForm);
  }
  return removed;
}

/** A field value as text: strings decoded, names (check box states) by name, arrays (list boxes) item by item. */
function valueText(doc: PDFDocument, value: PDFObject | undefined): string {
  const object = lookup(doc, value);
  if (object instanceof PDFString || object instanceof PDFHexString) return object.decodeText();
  if (object instanceof PDFName) return object.decodeText();
  if (object instanceof PDFArray) return object.asArray().map((item) => valueText(doc, item)).join('\u0000');
  return object === undefined ? '' : object.toString();
}

/**
 * Every field of the form as "full.name=value", sorted: two files whose forms
 * hold the same fields with the same values have the same summary, however
 * their objects are written.
 */
export function formFieldSummary(doc: PDFDocument): string[] {
  const fields = arrayOf(doc, acroForm(doc, false)?.get(N.Fields));
  const found: string[] = [];
  const seen = new Set<PDFDict>();
  const visit = (value: PDFObject | undefined, prefix: string): void => {
    const node = dictOf(doc, value);
    if (!node || seen.has(node)) return;
    seen.add(node);
    const part = partialName(node);
    const name = part === undefined ? prefix : prefix ? `${prefix}.${part}` : part;
    const kids = arrayOf(doc, node.get(N.Kids))?.asArray().filter((kid) => dictOf(doc, kid)?.get(N.T) !== undefined) ?? [];
    if (kids.length === 0) found.push(`${name}=${valueText(doc, node.get(N.V))}`);
    for (const kid of kids) visit(kid, name);
  };
  for (const field of fields?.asArray() ?? []) visit(field, '');
  return found.sort();
}

/** Removes form fields whose widgets are among `widgets`, and fields left with no widgets. */
export function dropFields(doc: PDFDocument, widgets: Set<PDFRef>): void {
  const form = doc.catalog.lookupMaybe(N.AcroForm, PDFDict);
  const fields = form?.lookupMaybe(N.Fields, PDFArray);
  if (!fields || widgets.size === 0) return;
  const keep = (ref: unknown): boolean => {
    if (ref instanceof PDFRef && widgets.has(ref)) return false;
    const field = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
    const kids = field instanceof PDFDict ? field.lookupMaybe(N.Kids, PDFArray) : undefined;
    if (!kids) return true;
    const left = kids.asArray().filter(keep);
    (field as PDFDict).set(N.Kids, doc.context.obj(left));
    return left.length > 0;
  };
  form!.set(N.Fields, doc.context.obj(fields.asArray().filter(keep)));
}
