/**
 * Turning an XML tree into a table: the repeating record element is found,
 * and each record is flattened into dotted column names (title, author.name,
 * title.@lang for an attribute, title.@lang for an attribute of a child, author.2 for
 * the second of two same-named children, book.@id for the record's own attribute). Columns are held in a Map, so any
 * element name is safe as a column name.
 */
import { ToolError } from '../errors';
import type { XmlElement } from './xml-read';
import { runText } from '../i18n/run-messages';

export interface RecordTable {
  columns: string[];
  rows: string[][];
  /** The element chosen as the record, as a path such as catalog/book. */
  recordPath: string;
  /** Other repeating elements that could have been records, as paths with counts. */
  alternatives: { path: string; count: number }[];
}

interface Candidate {
  path: string;
  count: number;
  elements: XmlElement[];
}

/**
 * Repeating elements: children sharing a name under one parent, gathered by
 * path over the whole document. Repeats nested inside another repeating
 * element are columns of that record, not records themselves.
 */
function findCandidates(root: XmlElement): Candidate[] {
  const byPath = new Map<string, Candidate>();
  const walk = (element: XmlElement, path: string) => {
    const counts = new Map<string, number>();
    for (const child of element.children) counts.set(child.name, (counts.get(child.name) ?? 0) + 1);
    for (const child of element.children) {
      const childPath = `${path}/${child.name}`;
      if ((counts.get(child.name) ?? 0) >= 2) {
        let candidate = byPath.get(childPath);
        if (!candidate) byPath.set(childPath, (candidate = { path: childPath, count: 0, elements: [] }));
        candidate.count += 1;
        candidate.elements.push(child);
      } else if (!byPath.has(childPath)) walk(child, childPath);
    }
  };
  walk(root, root.name);
  // Several parents may share the path: a single child somewhere still belongs to the records found elsewhere.
  return [...byPath.values()].sort((a, b) => b.count - a.count);
}

/** Adds one element's content to a record under a column prefix. */
function flattenInto(element: XmlElement, prefix: string, record: Map<string, string>): void {
  // The record's own attributes are named after it (book.@id): a column starting with @ would be a formula in a spreadsheet.
  for (const [attr, value] of element.attributes) record.set(`${prefix || element.name}.@${attr}`, value);
  if (element.text !== '' || (element.children.length === 0 && element.attributes.length === 0)) {
    // A record that is only text (<person>Ann</person>) is one column named after it.
    record.set(prefix || element.name, element.text);
  }
  const seen = new Map<string, number>();
  for (const child of element.children) {
    const n = (seen.get(child.name) ?? 0) + 1;
    seen.set(child.name, n);
    const key = n === 1 ? child.name : `${child.name}.${n}`;
    flattenInto(child, prefix ? `${prefix}.${key}` : key, record);
  }
}

const listed = (candidates: readonly { path: string; count: number }[]) =>
  candidates
    .slice(0, 5)
    .map((c) => `<${c.path.split('/').pop()}> (${c.count})`)
    .join(', ');

export function unknownRecordMessage(record: string, candidates: readonly { path: string; count: number }[]): string {
  return candidates.length > 0
    ? runText('run.xmlRecords.unknownWithOthers', { element: `<${record}>`, elements: listed(candidates) })
    : runText('run.xmlRecords.unknownNoOthers', { element: `<${record}>` });
}

/**
 * The records of the document as a table of text cells. `record` names the
 * record element (by name or path); blank takes the most repeated one.
 */
export function xmlToTable(root: XmlElement, record = ''): RecordTable {
  let candidates = findCandidates(root);
  let records: XmlElement[];
  let recordPath: string;
  const wanted = record.trim().replace(/^<|\/?>$/g, '');
  if (wanted !== '') {
    const chosen = candidates.find((c) => c.path === wanted || c.path.split('/').pop() === wanted);
    if (!chosen) throw new ToolError(unknownRecordMessage(wanted, candidates));
    candidates = [chosen, ...candidates.filter((c) => c !== chosen)];
  }
  if (candidates.length > 0) {
    records = candidates[0].elements;
    recordPath = candidates[0].path;
  } else if (root.children.length > 0) {
    records = root.children;
    recordPath = `${root.name}/*`;
  } else {
    records = [root];
    recordPath = root.name;
  }
  const columns = new Map<string, number>();
  const flat = records.map((element) => {
    const record = new Map<string, string>();
    flattenInto(element, '', record);
    for (const key of record.keys()) if (!columns.has(key)) columns.set(key, columns.size);
    return record;
  });
  const rows = flat.map((record) => {
    const row = new Array<string>(columns.size).fill('');
    for (const [key, value] of record) row[columns.get(key) as number] = value;
    return row;
  });
  return {
    columns: [...columns.keys()],
    rows,
    recordPath,
    alternatives: candidates.slice(1).map(({ path, count }) => ({ path, count })),
  };
}

/** The sentence telling the visitor which element became the rows, when there was a choice. */
export function recordNotice(table: RecordTable, chosenByName = false): string | undefined {
  if (table.alternatives.length === 0) return undefined;
  const chosen = table.recordPath.split('/').pop();
  const values = { element: `<${chosen}>`, count: table.rows.length, elements: listed(table.alternatives) };
  return runText(chosenByName ? 'run.xmlRecords.notice' : 'run.xmlRecords.noticeMostRepeated', values);
}
