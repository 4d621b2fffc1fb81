/**
 * Writing tables made from another format (XML, spreadsheets) as CSV or XML.
 * CSV cells that a spreadsheet would run as a formula (starting with =, +,
 * -, @, tab or CR, and not a plain number) get a leading apostrophe, the
 * usual guard against CSV injection; XML element names are made valid.
 */
import Papa from 'papaparse';
import { cellValue } from '../cell-value';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as written to a CSV made from another format: formula-looking text is prefixed with an apostrophe. */
export function safeCsvCell(text: string): string {
  return FORMULA_START.test(text) && typeof cellValue(text) !== 'number' ? `'${text}` : text;
}

/** CSV text (CRLF, quoted where needed) with a UTF-8 BOM so spreadsheet programs read the accents right. */
export function tableToCsvBytes(columns: string[], rows: string[][]): Uint8Array {
  const text = Papa.unparse([columns.map(safeCsvCell), ...rows.map((row) => row.map(safeCsvCell))], { newline: '\r\n', quotes: false });
  return new TextEncoder().encode(`\uFEFF${text}\r\n`);
}

/**
 * A valid XML element name for a column header: characters XML names cannot
 * hold become "_", a name that cannot start with its first character or that
 * starts with "xml" gets a leading "_", and an empty header becomes column_N.
 */
export function xmlName(header: string, index: number): string {
  let name = header.trim().replace(/[^\p{L}\p{N}_.\-·]/gu, '_').replace(/_+/g, '_');
  if (name.length > 1) name = name.replace(/_$/, '');
  if (name === '' || /^_+$/.test(name)) return `column_${index + 1}`;
  if (!/^[\p{L}_]/u.test(name) || /^xml/i.test(name)) name = `_${name}`;
  return name;
}

/** Unique element names for a header row: repeats get _2, _3. */
export function xmlNames(headers: string[]): string[] {
  const used = new Set<string>();
  return headers.map((header, i) => {
    const base = xmlName(header, i);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  });
}

/** Escapes text for XML content and attribute values; drops characters XML 1.0 cannot hold. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#13;'));
}
