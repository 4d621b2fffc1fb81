/**
 * Splitting the sheets of an .xlsx by rows without building a spreadsheet
 * model: each worksheet's XML is inflated piece by piece (lib/zip) and its
 * <row> elements are copied into the parts as they stream past, renumbered,
 * so memory stays near the size of the file whatever the number of cells.
 *
 * A part is a small, complete workbook: the one sheet, the original styles,
 * theme and shared strings (so every cell keeps its value, style and number
 * format), the column widths and row heights, and the merged cells that lie
 * within its rows. Formulas give way to their last computed values, as rows
 * that move would make relative references point elsewhere.
 *
 * Blocks are counted in the sheet's row numbers below its first row (the
 * header), so blank rows count like any other, as in the SheetJS path.
 */
import { XMLParser } from 'fast-xml-parser';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { throwIfAborted } from '../errors';
import { streamZipEntry, zipDirectory } from '../zip';
import { decodeEntities } from './xml-read';

/** The workbook uses something this reader does not follow; the caller opens it the general way instead. */
export class UnsupportedLayout extends Error {}

export interface RowSplitPart {
  sheet: string;
  /** Rows in the part, the header included. */
  rows: number;
  bytes: Uint8Array;
}

export interface RowSplitContext {
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
}

/** The names of the archive's entries; anything fflate cannot read is left to the general path. */
function entryNames(bytes: Uint8Array): Set<string> {
  try {
    return new Set(zipDirectory(bytes).map((entry) => entry.name));
  } catch (error) {
    throw new UnsupportedLayout(error instanceof Error ? error.message : 'unreadable archive');
  }
}

/** Streams an entry's text to `onText`, a piece at a time; an archive fflate cannot read is left to the general path. */
function streamEntry(bytes: Uint8Array, name: string, onText: (text: string) => void): void {
  const decoder = new TextDecoder('utf-8');
  // Errors of the reader's own (cancel, layout) pass through as they are; only the archive's are translated.
  let ownError: unknown;
  let found: boolean;
  try {
    found = streamZipEntry(bytes, name, (data, final) => {
      try {
        onText(decoder.decode(data, { stream: !final }));
      } catch (error) {
        ownError = error;
        throw error;
      }
    });
  } catch (error) {
    if (error === ownError) throw error;
    throw new UnsupportedLayout(error instanceof Error ? error.message : `unreadable ${name}`);
  }
  if (!found) throw new UnsupportedLayout(`missing ${name}`);
}

function readEntry(bytes: Uint8Array, name: string): string {
  const parts: string[] = [];
  streamEntry(bytes, name, (text) => parts.push(text));
  return parts.join('');
}

/** A part path from a relationship target, relative to xl/ or absolute. */
function resolveTarget(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
}

interface SheetRef {
  /** The name as shown. */
  name: string;
  /** The name as written in workbook.xml, escaped for an attribute. */
  rawName: string;
  path: string;
}

interface Package {
  sheets: SheetRef[];
  date1904: boolean;
  styles?: string;
  theme?: string;
  sharedStrings?: string;
}

// Package parts are small; every element is an array so one sheet or many read alike. Attribute values
// stay as written (entities are decoded where a name is shown, and kept escaped where written back).
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseAttributeValue: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

type Node = Record<string, unknown>;
const first = (node: unknown, key: string): Node | undefined => ((node as Node | undefined)?.[key] as Node[] | undefined)?.[0];
const all = (node: unknown, key: string): Node[] => ((node as Node | undefined)?.[key] as Node[] | undefined) ?? [];

/** The sheets in workbook order with their parts, and the shared parts every sheet needs. */
function readPackage(bytes: Uint8Array, entries: Set<string>): Package {
  if (!entries.has('xl/workbook.xml') || !entries.has('xl/_rels/workbook.xml.rels')) throw new UnsupportedLayout('no xl/workbook.xml');
  const workbook = first(xml.parse(readEntry(bytes, 'xl/workbook.xml')), 'workbook');
  const rels = all(first(xml.parse(readEntry(bytes, 'xl/_rels/workbook.xml.rels')), 'Relationships'), 'Relationship');
  const byId = new Map(rels.map((r) => [String(r.Id), r] as const));
  const ofType = (suffix: string) => {
    const rel = rels.find((r) => String(r.Type).endsWith(suffix));
    return rel ? resolveTarget(String(rel.Target)) : undefined;
  };
  const sheets: SheetRef[] = [];
  for (const sheet of all(first(workbook, 'sheets'), 'sheet')) {
    const rel = byId.get(String(sheet.id));
    if (!rel) throw new UnsupportedLayout('sheet without relationship');
    // Chart sheets have no rows to split.
    if (!String(rel.Type).endsWith('/worksheet')) continue;
    sheets.push({ name: decodeEntities(String(sheet.name)), rawName: String(sheet.name), path: resolveTarget(String(rel.Target)) });
  }
  const props = first(workbook, 'workbookPr');
  const date1904 = props !== undefined && ['1', 'true'].includes(String(props.date1904));
  return { sheets, date1904, styles: ofType('/styles'), theme: ofType('/theme'), sharedStrings: ofType('/sharedStrings') };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

/** The fixed files of a one-sheet part: content types, relationships and the workbook. */
function partFrame(pkg: Package, rawSheetName: string, shared: Map<string, Uint8Array>): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  let overrides = `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>`;
  overrides += `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>`;
  let rels = `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>`;
  const add = (path: string | undefined, target: string, type: string, contentType: string, id: number) => {
    const data = path ? shared.get(path) : undefined;
    if (!data) return;
    files[`xl/${target}`] = data;
    overrides += `<Override PartName="/xl/${target}" ContentType="${contentType}"/>`;
    rels += `<Relationship Id="rId${id}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  };
  add(pkg.styles, 'styles.xml', 'styles', `${CT}.spreadsheetml.styles+xml`, 2);
  add(pkg.theme, 'theme/theme1.xml', 'theme', `${CT}.theme+xml`, 3);
  add(pkg.sharedStrings, 'sharedStrings.xml', 'sharedStrings', `${CT}.spreadsheetml.sharedStrings+xml`, 4);
  files['[Content_Types].xml'] = strToU8(
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`,
  );
  files['_rels/.rels'] = strToU8(
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(`${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels}</Relationships>`);
  files['xl/workbook.xml'] = strToU8(
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      // The date system travels with the serial numbers of the dates.
      (pkg.date1904 ? '<workbookPr date1904="1"/>' : '') +
      `<sheets><sheet name="${rawSheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  return files;
}

/** Elements after the rows that stay true for any block of them (merges are filtered per block). */
const KEPT_TAIL = new Set(['sheetCalcPr', 'sheetProtection', 'printOptions', 'pageMargins', 'pageSetup', 'headerFooter']);

interface SheetLayout {
  prefix: string;
  /** Everything before <sheetData>, without <dimension>. */
  head: string;
  /** The kept elements after </sheetData>, and the closing tag. */
  tail: string;
  merges: { r1: number; r2: number; ref: string }[];
  /** Row number of each row element, in order. */
  rowNumbers: number[];
  /** The first row holding a value: the header. Rows above it (formatting only) go into every part. */
  header: number;
}

const HAS_VALUE = /<(?:[\w.-]+:)?(?:v|is)\b/;

const ROW_NUMBER = /\br="(\d+)"/;

/** Scans a sheet's rows: calls onRow with each <row> element and its number. */
function scanRows(bytes: Uint8Array, entry: string, onRow: (row: string, r: number) => void): { prefix: string; head: string; tail: string } {
  let buffer = '';
  let state: 'head' | 'rows' | 'tail' = 'head';
  let head = '';
  let tail = '';
  let prefix = '';
  let rowOpen = '<row';
  let rowClose = '</row>';
  let dataClose = '</sheetData>';
  let last = 0;
  streamEntry(bytes, entry, (text) => {
    buffer += text;
    if (state === 'head') {
      const match = /<((?:[\w.-]+:)?)sheetData\b[^>]*?(\/?)>/.exec(buffer);
      if (!match) return;
      prefix = match[1];
      rowOpen = `<${prefix}row`;
      rowClose = `</${prefix}row>`;
      dataClose = `</${prefix}sheetData>`;
      head = buffer.slice(0, match.index);
      if (match[2] === '/') {
        state = 'tail';
        buffer = buffer.slice(match.index + match[0].length);
      } else {
        state = 'rows';
        buffer = buffer.slice(match.index + match[0].length);
      }
    }
    if (state === 'rows') {
      let at = 0;
      for (;;) {
        const start = buffer.indexOf('<', at);
        if (start < 0) {
          at = buffer.length;
          break;
        }
        if (buffer.startsWith(dataClose, start)) {
          state = 'tail';
          at = start + dataClose.length;
          break;
        }
        if (!buffer.startsWith(rowOpen, start)) {
          // Whitespace, comments or an unknown element between rows: this reader does not guess.
          if (buffer.length - start < rowOpen.length + dataClose.length) break;
          throw new UnsupportedLayout('unexpected element in sheetData');
        }
        const openEnd = buffer.indexOf('>', start);
        if (openEnd < 0) break;
        let end: number;
        if (buffer[openEnd - 1] === '/') end = openEnd + 1;
        else {
          const close = buffer.indexOf(rowClose, openEnd);
          if (close < 0) break;
          end = close + rowClose.length;
        }
        const row = buffer.slice(start, end);
        const number = ROW_NUMBER.exec(buffer.slice(start, openEnd));
        last = number ? Number(number[1]) : last + 1;
        onRow(row, last);
        at = end;
      }
      buffer = buffer.slice(at);
    }
    if (state === 'tail') {
      tail += buffer;
      buffer = '';
    }
  });
  // The callback moved the state on; TypeScript cannot see that.
  if ((state as string) !== 'tail') throw new UnsupportedLayout('unterminated sheetData');
  return { prefix, head, tail };
}

/** Reads a sheet's layout in a first pass: head, tail, merges and the row numbers. */
function readLayout(bytes: Uint8Array, entry: string): SheetLayout {
  const rowNumbers: number[] = [];
  let header = 0;
  const { prefix, head, tail } = scanRows(bytes, entry, (row, r) => {
    rowNumbers.push(r);
    if (header === 0 && HAS_VALUE.test(row)) header = r;
  });
  const merges = [...tail.matchAll(/<(?:[\w.-]+:)?mergeCell\b[^>]*\bref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"/g)].map((m) => ({
    r1: Number(m[2]),
    r2: Number(m[4] ?? m[2]),
    ref: m[0].match(/ref="([^"]+)"/)![1],
  }));
  const keptTail = [...tail.matchAll(/<((?:[\w.-]+:)?)(\w+)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1\2>)/g)]
    .filter((m) => KEPT_TAIL.has(m[2]))
    // Printer settings are a relationship of the original sheet, which a part does not carry.
    .map((m) => m[0].replace(/\s[\w.-]+:id="[^"]*"/g, ''))
    .join('');
  const closing = /<\/(?:[\w.-]+:)?worksheet>\s*$/.exec(tail)?.[0];
  if (!closing) throw new UnsupportedLayout('no closing worksheet tag');
  return {
    prefix,
    head: head.replace(/<(?:[\w.-]+:)?dimension\b[^>]*\/>/, ''),
    tail: keptTail + closing,
    merges,
    rowNumbers,
    header,
  };
}

/** A row moved to number `to`: its cells renumbered and formulas dropped for their values. */
function moveRow(row: string, to: number, prefix: string): string {
  const formula = new RegExp(`<${prefix}f\\b[^>]*?(?:/>|>[\\s\\S]*?</${prefix}f>)`, 'g');
  let moved = row.replace(formula, '');
  const openEnd = moved.indexOf('>');
  const open = moved.slice(0, openEnd);
  const newOpen = ROW_NUMBER.test(open) ? open.replace(ROW_NUMBER, `r="${to}"`) : `${open} r="${to}"`;
  moved = newOpen + moved.slice(openEnd);
  return moved.replace(new RegExp(`(<${prefix}c\\b[^>]*?\\br=")([A-Z]+)\\d+(")`, 'g'), `$1$2${to}$3`);
}

/** Merged cells inside rows from..to of the sheet, moved by `shift`, plus those of the header row. */
function mergesOf(layout: SheetLayout, header: number, from: number, to: number, shift: number): string {
  const kept = layout.merges.flatMap((m) => {
    if (m.r1 === header && m.r2 === header) return [m.ref];
    if (m.r1 < from || m.r2 > to) return [];
    return [m.ref.replace(/([A-Z]+)(\d+)/g, (_all, col: string, row: string) => `${col}${Number(row) + shift}`)];
  });
  if (kept.length === 0) return '';
  const p = layout.prefix;
  return `<${p}mergeCells count="${kept.length}">${kept.map((ref) => `<${p}mergeCell ref="${ref}"/>`).join('')}</${p}mergeCells>`;
}

/** Text pushed into a zip entry in pieces of about this many characters. */
const FLUSH_CHARS = 1 << 18;

/** One part being written: the frame files, then the sheet as its rows arrive. */
class PartWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private pending: string[] = [];
  private pendingChars = 0;
  rows = 0;

  constructor(files: Record<string, Uint8Array>) {
    this.zip = new Zip((error, data) => {
      if (error) throw error;
      this.chunks.push(data);
    });
    for (const [name, data] of Object.entries(files)) {
      const file = new ZipDeflate(name, { level: 6 });
      this.zip.add(file);
      file.push(data, true);
    }
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    this.zip.add(this.sheet);
  }

  write(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush(false);
  }

  private flush(final: boolean): void {
    this.sheet.push(strToU8(this.pending.join('')), final);
    this.pending = [];
    this.pendingChars = 0;
  }

  finish(): Uint8Array {
    this.flush(true);
    this.zip.end();
    const size = this.chunks.reduce((sum, c) => sum + c.length, 0);
    const out = new Uint8Array(size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/**
 * Splits every worksheet with rows below its header into parts of
 * `rowsPerPart` rows. `maxParts` is checked before anything is written;
 * `tooMany(count)` makes the error to throw.
 */
export function splitXlsxRows(bytes: Uint8Array, rowsPerPart: number, maxParts: number, tooMany: (parts: number) => Error, ctx: RowSplitContext): RowSplitPart[] {
  const entries = entryNames(bytes);
  const pkg = readPackage(bytes, entries);
  const shared = new Map<string, Uint8Array>();
  for (const path of [pkg.styles, pkg.theme, pkg.sharedStrings]) {
    if (path && entries.has(path)) shared.set(path, strToU8(readEntry(bytes, path)));
  }

  // First pass: the layout of every sheet, so the number of parts is known before any is made.
  const plans = pkg.sheets.map((sheet) => {
    const entry = sheet.path;
    if (!entries.has(entry)) throw new UnsupportedLayout(`missing ${sheet.path}`);
    const layout = readLayout(bytes, entry);
    const { header } = layout;
    const rest = header === 0 ? [] : layout.rowNumbers.filter((r) => r > header);
    const blocks = new Set(rest.map((r) => Math.floor((r - header - 1) / rowsPerPart)));
    return { sheet, entry, layout, header, blocks: blocks.size, rows: rest.length };
  });
  const total = plans.reduce((sum, p) => sum + p.blocks, 0);
  if (total > maxParts) throw tooMany(total);
  const totalRows = plans.reduce((sum, p) => sum + p.rows, 0);

  const parts: RowSplitPart[] = [];
  let done = 0;
  for (const { sheet, entry, layout, header, blocks } of plans) {
    if (blocks === 0) continue;
    const frame = partFrame(pkg, sheet.rawName, shared);
    let headerRows = '';
    let writer: PartWriter | null = null;
    let block = -1;
    const close = () => {
      if (!writer) return;
      const from = header + 1 + block * rowsPerPart;
      writer.write(`</${layout.prefix}sheetData>`);
      writer.write(mergesOf(layout, header, from, from + rowsPerPart - 1, header + 1 - from));
      writer.write(layout.tail);
      parts.push({ sheet: sheet.name, rows: writer.rows + 1, bytes: writer.finish() });
      writer = null;
    };
    scanRows(bytes, entry, (row, r) => {
      if (r <= header) {
        headerRows += moveRow(row, r, layout.prefix);
        return;
      }
      const index = Math.floor((r - header - 1) / rowsPerPart);
      if (index !== block) {
        close();
        throwIfAborted(ctx.signal);
        block = index;
        writer = new PartWriter(frame);
        writer.write(layout.head);
        writer.write(`<${layout.prefix}sheetData>`);
        writer.write(headerRows);
      }
      writer!.write(moveRow(row, header + 1 + ((r - header - 1) % rowsPerPart), layout.prefix));
      writer!.rows += 1;
      done += 1;
      if (done % 20000 === 0) {
        throwIfAborted(ctx.signal);
        ctx.onProgress(done, totalRows);
      }
    });
    close();
  }
  ctx.onProgress(totalRows, totalRows);
  return parts;
}
