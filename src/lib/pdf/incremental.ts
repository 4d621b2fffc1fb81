/**
 * Writing changes to a PDF as an incremental update: the original bytes stay
 * as they are, and the changed and new objects, a cross-reference section for
 * them alone and a trailer pointing back (/Prev) to the previous section are
 * appended. A digital signature covers the bytes as they were when it was
 * made, so only an update like this keeps earlier signatures valid.
 *
 * Objects come from a pdf-lib document loaded from those same bytes; the
 * caller names which existing objects it changed, and every object numbered
 * from `firstNew` on is new. Extra objects written verbatim (a signature
 * dictionary whose bytes are filled in afterwards) go last.
 */
import type { PDFDocument, PDFRef } from 'pdf-lib';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const encoder = new TextEncoder();

export interface XrefTail {
  /** The offset of the last cross-reference section (the file's final startxref). */
  startxref: number;
  /** The /Size of the last trailer: every new object is numbered from here on. */
  size: number;
}

/** The final startxref and trailer /Size of a file; null when the end does not point at a cross-reference section. */
export function readXrefTail(bytes: Uint8Array): XrefTail | null {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 2048)));
  const ends = [...tail.matchAll(/startxref\s+(\d+)\s*%%EOF/g)];
  const last = ends[ends.length - 1];
  if (!last) return null;
  const startxref = Number(last[1]);
  if (!(startxref > 0 && startxref < bytes.length)) return null;
  const head = latin1(bytes.subarray(startxref, startxref + 64)).trimStart();
  const isTable = head.startsWith('xref');
  if (!isTable && !/^\d+\s+\d+\s+obj\b/.test(head)) return null;
  // A table's trailer follows its entries; a cross-reference stream's dictionary is the trailer.
  const text = latin1(bytes.subarray(startxref, bytes.length));
  const from = isTable ? text.indexOf('trailer') : 0;
  const size = from < 0 ? null : /\/Size\s+(\d+)/.exec(text.slice(from, from + 4096));
  if (!size) return null;
  return { startxref, size: Number(size[1]) };
}

/** An object written as given, whose position in the output is reported back. */
export interface RawObject {
  ref: PDFRef;
  body: string;
}

export interface Update {
  bytes: Uint8Array;
  /** Where each raw object's body starts in `bytes`. */
  rawAt: Map<PDFRef, number>;
}

/**
 * The original bytes followed by one update holding `changed`, every object
 * of `doc` numbered `firstNew` or higher, and `raw`.
 */
export function appendUpdate(original: Uint8Array, doc: PDFDocument, tail: XrefTail, firstNew: number, changed: PDFRef[], raw: RawObject[]): Update {
  const { context } = doc;
  const written = new Map<number, PDFRef>();
  for (const ref of changed) written.set(ref.objectNumber, ref);
  for (const [ref] of context.enumerateIndirectObjects()) if (ref.objectNumber >= firstNew) written.set(ref.objectNumber, ref);

  const parts: Uint8Array[] = [];
  let offset = original.length;
  const push = (part: Uint8Array) => {
    parts.push(part);
    offset += part.length;
  };
  // The original may end without a line end after %%EOF.
  push(encoder.encode('\n'));
  const offsets: { ref: PDFRef; offset: number }[] = [];
  for (const ref of [...written.values()].sort((a, b) => a.objectNumber - b.objectNumber)) {
    const object = context.lookup(ref);
    if (!object) continue;
    offsets.push({ ref, offset });
    push(encoder.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    push(body);
    push(encoder.encode('\nendobj\n'));
  }
  const rawAt = new Map<PDFRef, number>();
  for (const { ref, body } of raw) {
    offsets.push({ ref, offset });
    const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
    rawAt.set(ref, offset + head.length);
    push(encoder.encode(`${head}${body}\nendobj\n`));
  }

  // One subsection per run of consecutive object numbers.
  offsets.sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
  let table = 'xref\n';
  for (let i = 0; i < offsets.length; ) {
    let j = i;
    while (j + 1 < offsets.length && offsets[j + 1].ref.objectNumber === offsets[j].ref.objectNumber + 1) j++;
    table += `${offsets[i].ref.objectNumber} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) table += `${String(offsets[k].offset).padStart(10, '0')} ${String(offsets[k].ref.generationNumber).padStart(5, '0')} n \n`;
    i = j + 1;
  }
  const size = Math.max(tail.size, ...offsets.map((o) => o.ref.objectNumber + 1));
  const { Root, Info, ID } = context.trailerInfo;
  const trailer = context.obj({ Size: size, Root, ...(Info ? { Info } : {}), ...(ID ? { ID } : {}), Prev: tail.startxref });
  const xrefAt = offset;
  push(encoder.encode(`${table}trailer\n${trailer.toString()}\nstartxref\n${xrefAt}\n%%EOF\n`));

  const bytes = new Uint8Array(offset);
  bytes.set(original, 0);
  let at = original.length;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, rawAt };
}
