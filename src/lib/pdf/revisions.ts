/**
 * The revisions a PDF carries and the objects nothing uses.
 *
 * A PDF saved with incremental updates keeps every earlier version of itself:
 * each update only appends changed objects, a new cross-reference section and
 * a new "startxref … %%EOF" end, so text that was replaced or deleted is still
 * in the bytes. Objects that nothing refers to any more (left by an update, or
 * by a program that removed a page or a picture) are invisible in a reader but
 * just as readable. Saving the document afresh, with unreachable objects
 * pruned, leaves one revision with only what the pages use.
 *
 * To keep the earlier revisions instead, the cleaned document is appended to
 * them as one new update, which replaces the file's latest revision.
 */
import { PDFDict, PDFName, PDFNumber, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';
import { reachableObjects } from './sanitize';

const TYPE = PDFName.of('Type');
const LINEARIZED = PDFName.of('Linearized');
const HINT_OFFSETS = PDFName.of('S');

export interface Revisions {
  /** How many revisions the file holds: 1 for a file saved once. */
  count: number;
  /** The end of the revisions before the latest (just after their %%EOF) and the offset of their last cross-reference section; null when there are none. */
  earlier: { end: number; startxref: number } | null;
}

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** True when a cross-reference section (a table, or a stream object) starts at `offset`. */
function xrefAt(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  const head = text.slice(offset, offset + 40).trimStart();
  return head.startsWith('xref') || /^\d+\s+\d+\s+obj\b/.test(head);
}

/**
 * Counts the file's revisions by its "startxref … %%EOF" ends whose offset
 * points at a cross-reference section, so the end of a PDF embedded
 * uncompressed in the file does not count. A linearized file writes an extra
 * end for its first page; that one is not a revision.
 */
export function readRevisions(bytes: Uint8Array): Revisions {
  const text = latin1(bytes);
  const ends: { end: number; startxref: number }[] = [];
  for (const match of text.matchAll(/startxref\s+(\d+)\s*%%EOF/g)) ends.push({ end: match.index + match[0].length, startxref: Number(match[1]) });
  if (/\/Linearized\b/.test(text.slice(0, 1024)) && ends.length > 0) ends.shift();
  const sections = ends.filter((end) => xrefAt(text, end.startxref));
  const count = Math.max(1, sections.length);
  return { count, earlier: sections.length >= 2 ? sections[sections.length - 2] : null };
}

/** True for the objects a linearized file adds for fast first-page display, which no other object refers to. */
function isLinearization(object: PDFObject | undefined): boolean {
  if (object instanceof PDFDict) return object.has(LINEARIZED);
  // Hint streams carry the offsets of their tables as numbers, and no /Type.
  return object instanceof PDFStream && !object.dict.has(TYPE) && object.dict.get(HINT_OFFSETS) instanceof PDFNumber;
}

/**
 * The indirect objects that cannot be reached from the trailer. Pages no
 * longer in the page tree count as unreachable even when something still
 * points at them, as pruneUnreachable (sanitize.ts) treats them. The objects
 * of linearization are left out.
 */
export function unreachableObjects(doc: PDFDocument): PDFRef[] {
  const reached = reachableObjects(doc);
  return doc.context
    .enumerateIndirectObjects()
    .filter(([ref, object]) => !reached.has(ref) && !isLinearization(object))
    .map(([ref]) => ref);
}

const encoder = new TextEncoder();

/**
 * The earlier revisions (`prefix`, the input up to its second-to-last end)
 * followed by the whole document as one incremental update: every object it
 * holds, and a free entry for every other object number, so nothing of the
 * replaced latest revision is still in use.
 */
export async function appendRevision(doc: PDFDocument, prefix: Uint8Array, previousXref: number): Promise<Uint8Array> {
  await doc.flush();
  const { context } = doc;
  const objects = context.enumerateIndirectObjects().sort(([a], [b]) => a.objectNumber - b.objectNumber);
  const parts: Uint8Array[] = [];
  let offset = prefix.length;
  const push = (part: Uint8Array) => {
    parts.push(part);
    offset += part.length;
  };
  push(encoder.encode('\n'));
  const offsets = new Map<number, { offset: number; generation: number }>();
  for (const [ref, object] of objects) {
    offsets.set(ref.objectNumber, { offset, generation: ref.generationNumber });
    push(encoder.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    push(body);
    push(encoder.encode('\nendobj\n'));
  }
  const size = [...offsets.keys()].reduce((max, n) => Math.max(max, n), context.largestObjectNumber) + 1;
  const free = [...Array(size).keys()].filter((n) => n > 0 && !offsets.has(n));
  const nextFree = new Map(free.map((n, i) => [n, free[i + 1] ?? 0]));
  const xrefOffset = offset;
  let table = `xref\n0 ${size}\n${String(free[0] ?? 0).padStart(10, '0')} 65535 f \n`;
  for (let n = 1; n < size; n++) {
    const used = offsets.get(n);
    table += used
      ? `${String(used.offset).padStart(10, '0')} ${String(used.generation).padStart(5, '0')} n \n`
      : `${String(nextFree.get(n)).padStart(10, '0')} 00001 f \n`;
  }
  const trailer = context.obj({ Size: size, Root: context.trailerInfo.Root, Info: context.trailerInfo.Info, ID: context.trailerInfo.ID, Prev: previousXref });
  push(encoder.encode(`${table}trailer\n${trailer.toString()}\nstartxref\n${xrefOffset}\n%%EOF\n`));

  const out = new Uint8Array(offset);
  out.set(prefix, 0);
  let at = prefix.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
