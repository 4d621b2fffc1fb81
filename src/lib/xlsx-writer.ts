/**
 * A streaming writer of .xlsx workbooks: rows are turned into
 * worksheet XML and compressed as they come, so a large CSV never has to be
 * held as a spreadsheet object model. Cells are only ever values (inline
 * strings or numbers); the writer has no way to emit a formula.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel's sheet limits. */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;
export const MAX_CELL_TEXT = 32_767;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

function contentTypes(sheets: number): string {
  let sheetParts = '';
  for (let i = 1; i <= sheets; i++)
    sheetParts += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheetParts +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>'
  );
}

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function workbookRels(sheets: number): string {
  let rels = '';
  for (let i = 1; i <= sheets; i++) rels += `<Relationship Id="rId${i}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels}<Relationship Id="rId${sheets + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
}

// Style 1 is the Text number format (@): Excel keeps whatever is typed into such a cell as text,
// so editing a cell such as "=1+1" or "007" later does not turn it into a formula or a number.
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  // Styles 2 and 3 show dates and date-times in ISO order, as they were written in the source.
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Column letters for a zero-based index: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Escapes text for an XML text node the way Excel does: markup characters as
 * entities, CR as a character reference (a bare CR would be read back as LF),
 * characters XML cannot hold as _xHHHH_, and a literal _xHHHH_ by escaping its underscore.
 */
export function escapeCellText(text: string): string {
  return text.replace(
    /[&<>\r]|_(?=x[0-9A-Fa-f]{4}_)|[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => {
      if (c === '&') return '&amp;';
      if (c === '<') return '&lt;';
      if (c === '>') return '&gt;';
      if (c === '\r') return '&#13;';
      return `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
    },
  );
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], not starting or ending with an apostrophe. */
export function sheetName(base: string): string {
  const name = base.replace(/[:\\/?*[\]\x00-\x1F]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return name === '' || name.toLowerCase() === 'history' ? 'Sheet1' : name;
}

/** A date as an Excel serial number (days since 1899-12-30), shown as a date or a date and time. */
export interface DateCell {
  serial: number;
  time: boolean;
}

export type CellValue = string | number | DateCell;

/**
 * Writes a workbook sheet by sheet, row by row; call nextSheet() to start
 * another sheet and finish() once for the .xlsx bytes.
 */
export class XlsxSheetWriter {
  readonly #chunks: Uint8Array[] = [];
  readonly #zip: Zip;
  #sheet!: ZipDeflate;
  readonly #names: string[] = [];
  #buffer = '';
  #rows = 0;
  #columns: string[] = [];

  constructor(name: string) {
    this.#zip = new Zip((error, data) => {
      if (error) throw error;
      this.#chunks.push(data);
    });
    this.#addFile('_rels/.rels', ROOT_RELS);
    this.#addFile('xl/styles.xml', STYLES);
    this.#startSheet(name);
  }

  #startSheet(name: string): void {
    let unique = sheetName(name);
    for (let n = 2; this.#names.some((used) => used.toLowerCase() === unique.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      unique = sheetName(name).slice(0, 31 - suffix.length) + suffix;
    }
    this.#names.push(unique);
    // The fastest level: on large sheets level 6 takes about three times as long for a file only somewhat smaller.
    this.#sheet = new ZipDeflate(`xl/worksheets/sheet${this.#names.length}.xml`, { level: 1 });
    this.#zip.add(this.#sheet);
    this.#buffer = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>`;
    this.#rows = 0;
  }

  #endSheet(): void {
    this.#buffer += '</sheetData></worksheet>';
    this.#flush(true);
  }

  /** Closes the current sheet and starts a new one named `name` (made unique). */
  nextSheet(name: string): void {
    this.#endSheet();
    this.#startSheet(name);
  }

  /** Rows written to the current sheet. */
  get rows(): number {
    return this.#rows;
  }

  /** Number of sheets so far. */
  get sheets(): number {
    return this.#names.length;
  }

  #addFile(path: string, text: string): void {
    const file = new ZipDeflate(path, { level: 6 });
    this.#zip.add(file);
    file.push(strToU8(text), true);
  }

  #column(index: number): string {
    while (this.#columns.length <= index) this.#columns.push(columnName(this.#columns.length));
    return this.#columns[index];
  }

  /** Appends the next row; empty strings leave their cell empty. Limits are the caller's to check. */
  addRow(cells: CellValue[]): void {
    this.#rows += 1;
    const r = this.#rows;
    // Rows are numbered explicitly, so an empty row needs no element.
    if (cells.every((value) => value === '')) return;
    let xml = `<row r="${r}">`;
    cells.forEach((value, i) => {
      if (typeof value === 'number') {
        if (Number.isFinite(value)) xml += `<c r="${this.#column(i)}${r}"><v>${value}</v></c>`;
      } else if (typeof value === 'object') {
        xml += `<c r="${this.#column(i)}${r}" s="${value.time ? 3 : 2}"><v>${value.serial}</v></c>`;
      } else if (value !== '')
        xml += `<c r="${this.#column(i)}${r}" s="1" t="inlineStr"><is><t xml:space="preserve">${escapeCellText(value)}</t></is></c>`;
    });
    this.#buffer += `${xml}</row>`;
    if (this.#buffer.length > 1 << 20) this.#flush(false);
  }

  #flush(final: boolean): void {
    this.#sheet.push(strToU8(this.#buffer), final);
    this.#buffer = '';
  }

  /** Closes the last sheet and the archive and returns the workbook's bytes. */
  finish(): Uint8Array {
    this.#endSheet();
    const sheets = this.#names
      .map((name, i) => `<sheet name="${escapeCellText(name).replace(/"/g, '&quot;')}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('');
    this.#addFile('[Content_Types].xml', contentTypes(this.#names.length));
    this.#addFile('xl/_rels/workbook.xml.rels', workbookRels(this.#names.length));
    this.#addFile('xl/workbook.xml', `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets}</sheets></workbook>`);
    this.#zip.end();
    const size = this.#chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of this.#chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}
