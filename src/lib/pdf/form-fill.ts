/**
 * Filling an AcroForm: the fields a visitor can fill, in tab order, with
 * their labels and choices, and values set on them with pdf-lib, each
 * appearance redrawn so readers and text extractors that do not build
 * appearances themselves still show what was typed.
 *
 * Signature fields and push buttons are listed so a page can say they are
 * there, but never changed; scripts (/AA, /JS) are left in the file and not
 * run, so calculated fields keep the values they were given.
 */
import {
  PDFBool,
  PDFButton,
  PDFCheckBox,
  PDFDict,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFStream,
  PDFString,
  PDFTextField,
  StandardFonts,
  type PDFDocument,
  type PDFField,
  type PDFFont,
  type PDFForm,
} from 'pdf-lib';
import { ToolError } from '../errors';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';
import { runText } from '../i18n/run-messages';

const N = pdfNames('AA', 'AcroForm', 'Annots', 'Fields', 'JS', 'K', 'F', 'NeedAppearances', 'NeedsRendering', 'Rect', 'Tabs', 'TU', 'XFA');

export type FormFieldKind = 'text' | 'multiline' | 'date' | 'checkbox' | 'radio' | 'list' | 'combo' | 'signature' | 'button';

/** One field as a page or a data file sees it. */
export interface FormFieldInfo {
  /** The fully qualified name (parent.child), the key of a value. */
  name: string;
  kind: FormFieldKind;
  /** The tooltip (/TU) when the form has one, else the name: what a screen reader says. */
  label: string;
  /** Choices: export values of a radio group, entries of a list or combo box. */
  options?: string[];
  /** A list box that takes several entries. */
  multiple?: boolean;
  /** A combo box that also takes typed text. */
  editable?: boolean;
  readOnly: boolean;
  required: boolean;
  maxLength?: number;
  /** The date format of a date field's script (AFDate_FormatEx), such as "dd/mm/yyyy". */
  dateFormat?: string;
  /** Its value now: text, the chosen entries, or whether a check box is on. */
  value: string | string[] | boolean;
  /** 0-based page of its first widget, or -1 when it has none on a page. */
  page: number;
  /** Its first widget's box on that page, in PDF points from the bottom left: x, y, width, height. */
  rect?: [number, number, number, number];
  /** The size of that page in points (its crop box), for placing the box over a preview. */
  pageBox?: [number, number, number, number];
  /** A radio group's button for each choice (same order as options), where it is on the first widget's page; its `rect` then spans them all. */
  optionRects?: ([number, number, number, number] | null)[];
}

export const xfaOnlyMessage = (): string => runText('run.form.xfaOnly');

export const noFieldsMessage = (): string => runText('run.form.noFields');

/**
 * The document's form, or the XFA-only or no-fields message when it has
 * nothing pdf-lib can fill. The XFA packet is looked at first: pdf-lib's
 * getForm removes it.
 */
export function fillableForm(doc: PDFDocument): PDFForm {
  const acro = dictOf(doc, doc.catalog.get(N.AcroForm));
  const fields = arrayOf(doc, acro?.get(N.Fields));
  const hasXfa = acro?.get(N.XFA) !== undefined;
  if (hasXfa && (!fields || fields.size() === 0)) throw new ToolError(xfaOnlyMessage());
  if (!acro) throw new ToolError(noFieldsMessage());
  const form = doc.getForm();
  const fillable = form.getFields().filter((field) => !(field instanceof PDFSignature || field instanceof PDFButton));
  if (fillable.length === 0) throw new ToolError(hasXfa ? xfaOnlyMessage() : noFieldsMessage());
  return form;
}

/** The JavaScript of a field's format action, as text, or ''. */
function formatScript(doc: PDFDocument, field: PDFDict): string {
  const actions = dictOf(doc, field.get(N.AA));
  const format = dictOf(doc, actions?.get(N.F)) ?? dictOf(doc, actions?.get(N.K));
  const js = lookup(doc, format?.get(N.JS));
  if (js instanceof PDFString || js instanceof PDFHexString) return js.decodeText();
  if (js instanceof PDFStream) {
    try {
      // Scripts are short; only their text is read (to recognise a date format), never run.
      return new TextDecoder('latin1').decode((js as unknown as { getContents(): Uint8Array }).getContents());
    } catch {
      return '';
    }
  }
  return '';
}

function dateFormatOf(script: string): string | undefined {
  const match = /AFDate_(?:Format|Keystroke)Ex\s*\(\s*["']([^"']+)["']/.exec(script);
  if (match) return match[1];
  const legacy = /AFDate_(?:Format|Keystroke)\s*\(\s*(\d+)/.exec(script);
  const legacyFormats = ['m/d', 'm/d/yy', 'mm/dd/yy', 'mm/yy', 'd-mmm', 'd-mmm-yy', 'dd-mmm-yy', 'yy-mm-dd', 'mmm-yy', 'mmmm-yy', 'mmm d, yyyy', 'mmmm d, yyyy', 'm/d/yy h:MM tt', 'm/d/yy HH:MM'];
  return legacy ? legacyFormats[Number(legacy[1])] ?? 'mm/dd/yyyy' : undefined;
}

function tooltip(doc: PDFDocument, field: PDFField): string | undefined {
  const tu = lookup(doc, field.acroField.dict.get(N.TU));
  const text = tu instanceof PDFString || tu instanceof PDFHexString ? tu.decodeText().trim() : '';
  return text || undefined;
}

function kindOf(doc: PDFDocument, field: PDFField): { kind: FormFieldKind; dateFormat?: string } | undefined {
  if (field instanceof PDFTextField) {
    const dateFormat = dateFormatOf(formatScript(doc, field.acroField.dict));
    if (dateFormat) return { kind: 'date', dateFormat };
    return { kind: field.isMultiline() ? 'multiline' : 'text' };
  }
  if (field instanceof PDFCheckBox) return { kind: 'checkbox' };
  if (field instanceof PDFRadioGroup) return { kind: 'radio' };
  if (field instanceof PDFOptionList) return { kind: 'list' };
  if (field instanceof PDFDropdown) return { kind: 'combo' };
  if (field instanceof PDFSignature) return { kind: 'signature' };
  if (field instanceof PDFButton) return { kind: 'button' };
  return undefined;
}

function rectOf(doc: PDFDocument, widget: PDFDict): [number, number, number, number] | undefined {
  const array = arrayOf(doc, widget.get(N.Rect));
  if (!array || array.size() < 4) return undefined;
  const n = array.asArray().slice(0, 4).map((item) => lookup(doc, item));
  if (!n.every((item) => item instanceof PDFNumber)) return undefined;
  const [x1, y1, x2, y2] = n.map((item) => (item as PDFNumber).asNumber()) as [number, number, number, number];
  return [Math.min(x1, x2), Math.min(y1, y2), Math.abs(x2 - x1), Math.abs(y2 - y1)];
}

/** Each widget dictionary's page and its place in that page's /Annots. */
function widgetPlaces(doc: PDFDocument): Map<PDFDict, { page: number; index: number }> {
  const places = new Map<PDFDict, { page: number; index: number }>();
  doc.getPages().forEach((page, pageIndex) => {
    (arrayOf(doc, page.node.get(N.Annots))?.asArray() ?? []).forEach((item, index) => {
      const dict = dictOf(doc, item);
      if (dict && !places.has(dict)) places.set(dict, { page: pageIndex, index });
    });
  });
  return places;
}

function currentValue(field: PDFField): FormFieldInfo['value'] {
  try {
    if (field instanceof PDFTextField) return field.getText() ?? '';
    if (field instanceof PDFCheckBox) return field.isChecked();
    if (field instanceof PDFRadioGroup) return field.getSelected() ?? '';
    if (field instanceof PDFOptionList) return field.getSelected();
    if (field instanceof PDFDropdown) return field.getSelected()[0] ?? '';
  } catch {
    // A value pdf-lib cannot read shows as empty; filling it replaces it.
  }
  return '';
}

function optionsOf(field: PDFField): string[] | undefined {
  try {
    if (field instanceof PDFRadioGroup || field instanceof PDFOptionList || field instanceof PDFDropdown) return field.getOptions();
  } catch {
    return [];
  }
  return undefined;
}

/**
 * The document's fields in tab order: by page, then as the page's /Tabs
 * says (/C columns, /S and /W the order of its annotations), by rows (top to
 * bottom, then left to right) when it says nothing or /R.
 */
export function listFormFields(doc: PDFDocument, form: PDFForm = doc.getForm()): FormFieldInfo[] {
  const places = widgetPlaces(doc);
  const pages = doc.getPages();
  const listed: (FormFieldInfo & { index: number })[] = [];
  for (const field of form.getFields()) {
    const kind = kindOf(doc, field);
    if (!kind) continue;
    let widgets: PDFDict[] = [];
    try {
      widgets = field.acroField.getWidgets().map((w) => w.dict);
    } catch {
      widgets = [];
    }
    const placed = widgets
      .map((dict) => ({ dict, place: places.get(dict) }))
      .filter((w): w is { dict: PDFDict; place: { page: number; index: number } } => w.place !== undefined)
      .sort((a, b) => a.place.page - b.place.page || a.place.index - b.place.index);
    const first = placed[0];
    const page = first?.place.page ?? -1;
    const box = page >= 0 ? pages[page]!.getCropBox() : undefined;
    const options = optionsOf(field);
    const maxLength = field instanceof PDFTextField ? field.getMaxLength() : undefined;
    let rect = first ? rectOf(doc, first.dict) : undefined;
    let optionRects: FormFieldInfo['optionRects'];
    if (field instanceof PDFRadioGroup && first && widgets.length === options?.length) {
      // pdf-lib lists a group's choices in the order of its widgets, so choice i is widget i.
      optionRects = widgets.map((dict) => (places.get(dict)?.page === page ? (rectOf(doc, dict) ?? null) : null));
      const shown = optionRects.filter((r): r is [number, number, number, number] => r !== null);
      if (shown.length) {
        const x1 = Math.min(...shown.map((r) => r[0]));
        const y1 = Math.min(...shown.map((r) => r[1]));
        const x2 = Math.max(...shown.map((r) => r[0] + r[2]));
        const y2 = Math.max(...shown.map((r) => r[1] + r[3]));
        rect = [x1, y1, x2 - x1, y2 - y1];
      }
    }
    listed.push({
      name: field.getName(),
      ...kind,
      label: tooltip(doc, field) ?? field.getName(),
      ...(options ? { options } : {}),
      ...(field instanceof PDFOptionList ? { multiple: field.isMultiselect() } : {}),
      ...(field instanceof PDFDropdown ? { editable: field.isEditable() } : {}),
      readOnly: field.isReadOnly(),
      required: field.isRequired(),
      ...(maxLength !== undefined ? { maxLength } : {}),
      value: currentValue(field),
      page,
      ...(rect ? { rect } : {}),
      ...(optionRects ? { optionRects } : {}),
      ...(box ? { pageBox: [box.x, box.y, box.width, box.height] as [number, number, number, number] } : {}),
      index: first?.place.index ?? Number.MAX_SAFE_INTEGER,
    });
  }
  const tabs = pages.map((p) => lookup(doc, p.node.get(N.Tabs)));
  listed.sort((a, b) => {
    if (a.page !== b.page) return (a.page < 0 ? Infinity : a.page) - (b.page < 0 ? Infinity : b.page);
    const order = a.page >= 0 ? tabs[a.page] : undefined;
    if (order === PDFName.of('S') || order === PDFName.of('W') || !a.rect || !b.rect) return a.index - b.index;
    // Boxes whose tops are within a few points are one row (or column), read across it.
    const topA = a.rect[1] + a.rect[3];
    const topB = b.rect[1] + b.rect[3];
    if (order === PDFName.of('C')) return Math.abs(a.rect[0] - b.rect[0]) > 3 ? a.rect[0] - b.rect[0] : topB - topA;
    return Math.abs(topA - topB) > 3 ? topB - topA : a.rect[0] - b.rect[0];
  });
  return listed.map(({ index: _index, ...field }) => field);
}

/** A value for one field: text, on/off for a check box, or the entries of a list box. */
export type FieldValue = string | boolean | string[];

const ON = /^(x|yes|y|on|true|1|checked|✓|✔|☑)$/i;
const OFF = /^(|no|n|off|false|0|unchecked)$/i;

/** Where a value came from, for messages: "row 3" of a CSV, or nothing for a page's own fields. */
function where(context: string | undefined): string {
  return context ? runText('run.form.where', { context }) : '';
}

function asText(value: FieldValue): string {
  return Array.isArray(value) ? value.join('; ') : typeof value === 'boolean' ? (value ? 'Yes' : '') : value;
}

/** The entry of `options` a value names: exactly, else ignoring case and spaces around it. */
function matchOption(options: readonly string[], value: string): string | undefined {
  if (options.includes(value)) return value;
  const folded = value.trim().toLowerCase();
  return options.find((option) => option.trim().toLowerCase() === folded);
}

function notAChoice(field: string, value: string, options: readonly string[], context?: string): ToolError {
  const shown = options.length ? options.map((o) => `"${o}"`).join(', ') : runText('run.form.noChoices');
  return new ToolError(runText('run.form.notAChoice', { value, field, where: where(context), choices: shown }));
}

/** The entries a list box value names: an array, or text with entries split by ";" when the whole text is not one entry. */
function listEntries(options: readonly string[], value: FieldValue): string[] {
  if (Array.isArray(value)) return value;
  const text = asText(value);
  if (text.trim() === '' || matchOption(options, text)) return text.trim() === '' ? [] : [text];
  return text.split(';').map((part) => part.trim()).filter(Boolean);
}

/** True when text has characters outside WinAnsi, which the standard Helvetica of a form cannot draw. */
export function needsUnicodeFont(text: string): boolean {
  // WinAnsi is Latin-1 plus the Windows-1252 extras; anything else needs an embedded font.
  return /[^\u0000-\u00ff\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]/u.test(text);
}

export interface FillResult {
  /** Fields given a value. */
  filled: number;
  /** Text fields whose value the standard font cannot draw. */
  unicodeFields: PDFField[];
}

/**
 * Sets `values` (field name to value) on the form. Unknown names, values that
 * are not a choice, text too long for a field are refused with a message
 * naming the field and `context` (a CSV row). Read-only, signature and push
 * button fields are never changed. Appearances are not drawn here: see
 * drawAppearances.
 */
export function setFieldValues(form: PDFForm, values: Readonly<Record<string, FieldValue>>, context?: string): FillResult {
  const byName = new Map(form.getFields().map((field) => [field.getName(), field]));
  const result: FillResult = { filled: 0, unicodeFields: [] };
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) throw new ToolError(runText('run.form.noSuchField', { name, where: where(context) }));
    if (field instanceof PDFSignature) throw new ToolError(runText('run.form.signatureField', { name, where: where(context) }));
    if (field.isReadOnly()) continue;
    const text = asText(value);
    if (field instanceof PDFTextField) {
      const max = field.getMaxLength();
      if (max !== undefined && text.length > max) throw new ToolError(runText('run.form.tooLong', { name, max, text, length: text.length, where: where(context) }));
      field.setText(text === '' ? undefined : text);
      if (needsUnicodeFont(text)) result.unicodeFields.push(field);
    } else if (field instanceof PDFCheckBox) {
      const on = typeof value === 'boolean' ? value : ON.test(text.trim()) ? true : OFF.test(text.trim()) ? false : undefined;
      if (on === undefined) throw new ToolError(runText('run.form.checkBox', { name, where: where(context), text }));
      if (on) field.check();
      else field.uncheck();
    } else if (field instanceof PDFRadioGroup) {
      if (text.trim() === '' || value === false) field.clear();
      else {
        const options = field.getOptions();
        const option = matchOption(options, text);
        if (option === undefined) throw notAChoice(name, text, options, context);
        field.select(option);
      }
    } else if (field instanceof PDFOptionList) {
      const options = field.getOptions();
      const entries = listEntries(options, value).map((entry) => {
        const option = matchOption(options, entry);
        if (option === undefined) throw notAChoice(name, entry, options, context);
        return option;
      });
      if (entries.length > 1 && !field.isMultiselect()) throw new ToolError(runText('run.form.oneChoice', { name, where: where(context), count: entries.length }));
      if (entries.length === 0) field.clear();
      else field.select(entries);
      if (entries.some(needsUnicodeFont)) result.unicodeFields.push(field);
    } else if (field instanceof PDFDropdown) {
      if (text.trim() === '') field.clear();
      else {
        const options = field.getOptions();
        const option = matchOption(options, text);
        if (option === undefined && !field.isEditable()) throw notAChoice(name, text, options, context);
        field.select(option ?? text);
        if (needsUnicodeFont(option ?? text)) result.unicodeFields.push(field);
      }
    } else continue;
    result.filled++;
  }
  return result;
}

/** Picks, for each text that needs it, an embedded font that has all its characters. */
export type UnicodeFontFor = (text: string) => PDFFont;

const DA_KEY = PDFName.of('DA');

/** How many lines `text` takes at `size` in a box `width` wide, words wrapped as pdf-lib wraps them. */
function wrappedLines(text: string, font: PDFFont, size: number, width: number): number {
  let lines = 0;
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    lines++;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) >= width) {
        lines++;
        line = word;
      } else line = next;
    }
  }
  return lines;
}

/** The largest size up to 12 pt at which the wrapped text fits the box, as readers size "auto" multi-line fields. */
function multilineSize(text: string, font: PDFFont, width: number, height: number): number {
  for (let size = 12; size > 4; size -= 0.5) {
    if (wrappedLines(text, font, size, width - 6) * font.heightAtSize(size) * 1.2 <= height - 4) return size;
  }
  return 4;
}

/**
 * Runs `draw` and puts the field's and its widgets' /DA back as they were:
 * pdf-lib writes the size it drew at into them, which would turn an "auto"
 * size into a fixed one for the next reader that types into the field.
 */
function keepingDa(field: PDFField, draw: () => void): void {
  const dicts = [field.acroField.dict, ...field.acroField.getWidgets().map((widget) => widget.dict)];
  const saved = dicts.map((dict) => dict.get(DA_KEY));
  try {
    draw();
  } finally {
    dicts.forEach((dict, i) => {
      const before = saved[i];
      if (before === undefined) dict.delete(DA_KEY);
      else dict.set(DA_KEY, before);
    });
  }
}

/**
 * Draws a multi-line field whose font size is "auto" (0) at a size its
 * wrapped text fits: pdf-lib sizes it by its line breaks alone, so long lines
 * wrap past the bottom of the box and are cut off.
 */
function drawMultiline(field: PDFTextField, font: PDFFont): void {
  const fieldDa = field.acroField.getDefaultAppearance() ?? '';
  for (const widget of field.acroField.getWidgets()) {
    const da = widget.getDefaultAppearance() ?? fieldDa;
    if (!/(^|\s)0(\.0*)?\s+Tf/.test(da)) continue;
    const { width, height } = widget.getRectangle();
    const size = multilineSize(field.getText() ?? '', font, width, height);
    widget.setDefaultAppearance(da.replace(/(-?\d*\.?\d+)\s+Tf/, `${size} Tf`));
  }
  field.updateAppearances(font);
}

/**
 * Redraws the appearance of every field whose value changed: in Helvetica for
 * text it can draw, in `unicodeFont` for the rest. A field that still cannot
 * be drawn keeps its value and the form asks readers to draw it
 * (NeedAppearances), which Acrobat, pdf.js and Chrome do.
 */
export async function drawAppearances(doc: PDFDocument, form: PDFForm, unicode: PDFField[], unicodeFont?: UnicodeFontFor): Promise<void> {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  let needReader = false;
  // getFields makes new wrappers on every call: fields are matched by name.
  const special = new Set(unicode.map((field) => field.getName()));
  for (const field of form.getFields()) {
    if (!field.needsAppearancesUpdate()) continue;
    try {
      if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) {
        field.updateAppearances();
        continue;
      }
      if (!(field instanceof PDFTextField || field instanceof PDFDropdown || field instanceof PDFOptionList)) continue;
      let font = helvetica;
      if (special.has(field.getName())) {
        const text = field instanceof PDFTextField ? (field.getText() ?? '') : field.getSelected().join(' ');
        if (!unicodeFont) throw new Error('No font for this text');
        font = unicodeFont(text);
      }
      keepingDa(field, () => {
        if (field instanceof PDFTextField && field.isMultiline()) drawMultiline(field, font);
        else field.updateAppearances(font);
      });
    } catch {
      needReader = true;
    }
  }
  const acro = form.acroForm.dict;
  if (needReader) acro.set(N.NeedAppearances, PDFBool.True);
}

/**
 * An XFA packet beside AcroForm fields describes the same form; readers that
 * know XFA would show its stale data over the values set here, so it leaves
 * the file (as Acrobat does when it saves such a form filled elsewhere).
 */
export function dropXfa(doc: PDFDocument): boolean {
  const acro = dictOf(doc, doc.catalog.get(N.AcroForm));
  if (!acro || acro.get(N.XFA) === undefined) return false;
  acro.delete(N.XFA);
  doc.catalog.delete(N.NeedsRendering);
  return true;
}

/** The names of signature fields that hold a signature (/V): filling rewrites the file, so those signatures no longer verify. */
export function signedFields(form: PDFForm): string[] {
  return form
    .getFields()
    .filter((field) => field instanceof PDFSignature && field.acroField.dict.get(PDFName.of('V')) !== undefined)
    .map((field) => field.getName());
}

export function signaturesBrokenNotice(names: readonly string[]): string {
  return runText('run.form.signaturesBroken', { names: names.map((n) => `"${n}"`).join(', ') });
}

/** The value a field name takes from a data record: booleans and arrays as they are, everything else as text. */
export function recordValue(value: unknown): FieldValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => String(item));
  if (typeof value === 'object') return undefined;
  return String(value);
}
