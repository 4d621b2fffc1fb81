/**
 * Values for a PDF form from a data file: a JSON object (field name to
 * value) for one copy, a JSON array of such objects, or a CSV whose header
 * row names the fields and whose every other row is one copy (a mail merge).
 */
import { decodeCsvText, parseCsv } from '../csv';
import { ToolError } from '../errors';
import { recordValue, type FieldValue } from './form-fill';
import { runText } from '../i18n/run-messages';

/** One copy of the form to make. */
export interface FormRecord {
  /** 1-based number of the record (the CSV's data row, the array's item). */
  number: number;
  /** Where it came from, for messages: "row 3 of people.csv". */
  context: string;
  values: Record<string, FieldValue>;
  /** Every cell of the record as text, for naming the copy by a column. */
  cells: Record<string, string>;
}

export function isDataFile(name: string, type: string): boolean {
  return /\.(csv|json)$/i.test(name) || type === 'text/csv' || type === 'application/json';
}

function jsonRecords(bytes: Uint8Array, name: string): FormRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ToolError(
      runText('run.formData.notJson', {
        name,
        error: error instanceof Error ? error.message : runText('run.formData.unreadable'),
        example: '{"name": "Ada", "subscribe": true}',
      }),
    );
  }
  const items = Array.isArray(data) ? data : [data];
  if (items.length === 0) throw new ToolError(runText('run.formData.emptyList', { name }));
  return items.map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new ToolError(Array.isArray(data) ? runText('run.formData.itemNotObject', { name, item: i + 1 }) : runText('run.formData.notObject', { name }));
    }
    const values: Record<string, FieldValue> = {};
    const cells: Record<string, string> = {};
    for (const [key, raw] of Object.entries(item as Record<string, unknown>)) {
      const value = recordValue(raw);
      if (value === undefined) {
        if (raw !== null && raw !== undefined) throw new ToolError(runText('run.formData.objectValue', { key, name }));
        continue;
      }
      values[key] = value;
      cells[key] = Array.isArray(value) ? value.join('; ') : String(value);
    }
    const context = Array.isArray(data) ? `item ${i + 1} of ${name}` : name;
    return { number: i + 1, context, values, cells };
  });
}

function csvRecords(bytes: Uint8Array, name: string): FormRecord[] {
  const rows = parseCsv(decodeCsvText(bytes, name), name).filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...body] = rows;
  if (!header) throw new ToolError(runText('run.formData.emptyCsv', { name }));
  if (body.length === 0) throw new ToolError(runText('run.formData.headerOnly', { name }));
  const names = header.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  return body.map((row, i) => {
    const values: Record<string, FieldValue> = {};
    const cells: Record<string, string> = {};
    names.forEach((column, c) => {
      if (!column) return;
      const cell = row[c] ?? '';
      values[column] = cell;
      cells[column] = cell;
    });
    // Row numbers as a spreadsheet shows them: the header is row 1.
    return { number: i + 1, context: runText('run.formData.rowOf', { row: i + 2, name }), values, cells };
  });
}

/** The records of a CSV or JSON data file. */
export function readFormData(bytes: Uint8Array, name: string): FormRecord[] {
  if (bytes.byteLength === 0) throw new ToolError(runText('run.formData.empty', { name }));
  return /\.json$/i.test(name) ? jsonRecords(bytes, name) : csvRecords(bytes, name);
}

/**
 * Refuses data whose columns (or keys) name no field of the form, naming
 * each, with the form's own names so the header can be corrected. The
 * column that only names the copies is allowed.
 */
export function checkDataColumns(records: readonly FormRecord[], fieldNames: readonly string[], source: string, nameColumn = ''): void {
  const known = new Set(fieldNames);
  const unknown = new Set<string>();
  for (const record of records) for (const key of Object.keys(record.values)) if (!known.has(key) && key !== nameColumn) unknown.add(key);
  if (unknown.size === 0) return;
  const list = [...unknown].map((key) => `"${key}"`).join(', ');
  const fields = fieldNames.map((f) => `"${f}"`).join(', ');
  throw new ToolError(runText(unknown.size === 1 ? 'run.formData.unknownColumn' : 'run.formData.unknownColumns', { columns: list, source, fields }));
}

/** The copy's name from its `nameColumn` cell, or its number when there is no such column or the cell is blank. */
export function recordLabel(record: FormRecord, nameColumn: string): string {
  const cell = nameColumn ? record.cells[nameColumn]?.trim() : '';
  return cell || String(record.number);
}
