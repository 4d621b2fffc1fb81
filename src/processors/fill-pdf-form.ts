/**
 * Fill PDF Form: sets the values of a PDF's form fields and gives back the
 * filled PDF, still editable or flattened into the page. The values come
 * from the page (typed into the fields, the `values` option) or from a data
 * file given beside the PDF: a JSON object gives one copy, a CSV one copy
 * per row (a mail merge), each named by a column or by its row number.
 * Options are the fields of manifests/pdf/fill-pdf-form.json, plus `values`.
 */
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolInput, ToolOutput } from '../contract/types';
import { throwIfAborted, ToolError } from '../lib/errors';
import { embedFonts } from '../lib/fonts/embed';
import { checkDataColumns, isDataFile, readFormData, recordLabel, type FormRecord } from '../lib/pdf/form-data';
import { drawAppearances, dropXfa, fillableForm, listFormFields, needsUnicodeFont, setFieldValues, signaturesBrokenNotice, signedFields, type FieldValue } from '../lib/pdf/form-fill';
import { flattenForm } from '../lib/pdf/flatten-form';
import { loadPdf } from '../lib/pdf/load';
import { runText } from '../lib/i18n/run-messages';

/** Copies made from one data file at most: every copy is held in memory until the run ends. */
export const MAX_COPIES = 500;

const fieldValue = z.union([z.string(), z.boolean(), z.array(z.string())]);

export const options = z.object({
  flatten: z.boolean().default(false),
  nameColumn: z.string().default(''),
  /** Field name to value, from the page's fields (a data file's values take their place). */
  values: z.record(z.string(), fieldValue).default({}),
});
export type FillPdfFormOptions = z.input<typeof options>;

export const noFormMessage = () => runText('processors.fillPdfForm.noForm');
export const twoFormsMessage = () => runText('processors.fillPdfForm.twoForms');
export const twoDataMessage = () => runText('processors.fillPdfForm.twoData');

function tooManyCopies(name: string, count: number): string {
  return runText('processors.fillPdfForm.tooManyCopies', { name, count, max: MAX_COPIES });
}

function unknownNameColumn(column: string, name: string, columns: string[]): string {
  return runText('processors.fillPdfForm.unknownNameColumn', { column, name, columns: columns.map((c) => `"${c}"`).join(', ') });
}

/** Fonts for values Helvetica cannot draw: DejaVu Sans, with CJK fonts when the values need them. */
async function unicodeFonts(doc: PDFDocument, texts: string[]): Promise<((text: string) => PDFFont) | undefined> {
  if (texts.length === 0) return undefined;
  const set = await embedFonts(doc, ['regular'], texts);
  const fonts = [set.regular, ...(set.fallbacks ?? [])];
  return (text) => fonts.find((font) => [...text].every((char) => set.covers?.(font, char.codePointAt(0)!) ?? true)) ?? set.regular;
}

function valueTexts(values: Record<string, FieldValue>): string[] {
  return Object.values(values).flatMap((value) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []));
}

async function fillCopy(input: ToolInput, record: FormRecord | undefined, values: Record<string, FieldValue>, flatten: boolean): Promise<{ bytes: Uint8Array; filled: number }> {
  const doc = await loadPdf(input.bytes, input.name);
  const form = fillableForm(doc);
  const { filled, unicodeFields } = setFieldValues(form, values, record?.context);
  const unicodeTexts = valueTexts(values).filter(needsUnicodeFont);
  await drawAppearances(doc, form, unicodeFields, await unicodeFonts(doc, unicodeTexts));
  dropXfa(doc);
  if (flatten) flattenForm(doc);
  // Appearances were drawn above with the right fonts; pdf-lib's own pass would redraw in Helvetica.
  const bytes = await doc.save({ updateFieldAppearances: false });
  return { bytes, filled };
}

export default defineProcessor(options, async (inputs, options, ctx) => {
  const pdfIndexes = inputs.map((input, i) => (isDataFile(input.name, input.type) ? -1 : i)).filter((i) => i >= 0);
  const data = inputs.filter((input) => isDataFile(input.name, input.type));
  if (pdfIndexes.length === 0) throw new ToolError(noFormMessage());
  if (pdfIndexes.length > 1) throw new ToolError(twoFormsMessage());
  if (data.length > 1) throw new ToolError(twoDataMessage());
  const source = pdfIndexes[0]!;
  const input = inputs[source]!;

  // Checked once on the first load: a form that cannot be filled, and data that names no field, fail before any copy is made.
  const first = await loadPdf(input.bytes, input.name);
  const firstForm = fillableForm(first);
  const fields = listFormFields(first, firstForm);
  const signed = signedFields(firstForm);
  const notice = signed.length ? signaturesBrokenNotice(signed) : undefined;
  const fieldNames = fields.map((field) => field.name);

  const dataFile = data[0];
  let records: (FormRecord | undefined)[] = [undefined];
  if (dataFile) {
    const read = readFormData(dataFile.bytes, dataFile.name);
    if (read.length > MAX_COPIES) throw new ToolError(tooManyCopies(dataFile.name, read.length));
    const nameColumn = options.nameColumn.trim();
    const columns = [...new Set(read.flatMap((record) => Object.keys(record.cells)))];
    if (nameColumn && !columns.includes(nameColumn)) throw new ToolError(unknownNameColumn(nameColumn, dataFile.name, columns));
    checkDataColumns(read, fieldNames, dataFile.name, nameColumn);
    records = read;
  } else {
    const unknown = Object.keys(options.values).filter((name) => !fieldNames.includes(name));
    if (unknown.length) throw new ToolError(runText('processors.fillPdfForm.unknownFields', { fields: unknown.map((n) => `"${n}"`).join(', ') }));
  }

  const nameColumn = options.nameColumn.trim();
  const valuesOf = (record: FormRecord | undefined) =>
    record ? Object.fromEntries(Object.entries(record.values).filter(([key]) => fieldNames.includes(key))) : options.values;
  // Every row's values are tried on the first copy, which is never saved: a bad value in the last row fails the run before any copy is made.
  for (const record of records) setFieldValues(firstForm, valuesOf(record), record?.context);

  const outputs: ToolOutput[] = [];
  ctx.onProgress(0, records.length);
  for (const [i, record] of records.entries()) {
    throwIfAborted(ctx.signal);
    const { bytes, filled } = await fillCopy(input, record, valuesOf(record), options.flatten);
    outputs.push({
      bytes,
      type: 'application/pdf',
      source,
      // One copy is "filled"; copies of a mail merge are told apart by their column or row number.
      vars: { copy: record && (records.length > 1 || nameColumn) ? recordLabel(record, nameColumn) : 'filled' },
      meta: { fieldsFilled: filled, ...(record ? { row: record.number } : {}) },
      ...(notice ? { notice, noticeTone: 'warning' as const } : {}),
    });
    ctx.onProgress(i + 1, records.length);
  }
  return outputs;
});
