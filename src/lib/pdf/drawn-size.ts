/**
 * Finds how large each image XObject is drawn, by following the graphics
 * state (q, Q, cm) through page and form content streams to each Do. The
 * compressor uses this to work out an image's effective resolution.
 */
import { tokenizeContent } from './content-tokens';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from 'pdf-lib';
import { isToolError } from '../errors';
import { decodedStreamBytes, MAX_STREAM_BYTES } from './stream-bytes';

export type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** Forms nested deeper than this are not followed (real files rarely pass 3). */
const MAX_FORM_DEPTH = 8;

/** m1 x m2 in PDF's row-vector convention: apply m1, then m2. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

/**
 * Walks a content stream and calls `onDo` with the XObject name and the
 * current matrix at each Do.
 */
export function scanContent(bytes: Uint8Array, start: Matrix, onDo: (name: string, ctm: Matrix) => void): void {
  let ctm = start;
  const stack: Matrix[] = [];
  tokenizeContent(bytes, (operator, operands) => {
    if (operator === 'q') stack.push(ctm);
    else if (operator === 'Q') ctm = stack.pop() ?? ctm;
    else if (operator === 'cm' && operands.length >= 6) {
      const m = operands.slice(-6);
      if (m.every((v) => typeof v === 'number')) ctm = multiply(m as Matrix, ctm);
    } else if (operator === 'Do') {
      const name = operands[operands.length - 1];
      if (typeof name === 'string') onDo(name, ctm);
    }
  });
}

/**
 * The decoded bytes of a content stream (or array of them); null when a
 * filter is not supported. The parts together are held to one stream's cap,
 * since they are joined into one array.
 */
function contentBytes(doc: PDFDocument, contents: unknown): Uint8Array | null {
  const streams: PDFRawStream[] = [];
  const add = (item: unknown) => {
    const resolved = item instanceof PDFRef ? doc.context.lookup(item) : item;
    if (resolved instanceof PDFRawStream) streams.push(resolved);
    else if (resolved instanceof PDFArray) resolved.asArray().forEach(add);
  };
  add(contents);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const stream of streams) {
    try {
      const part = decodedStreamBytes(stream, MAX_STREAM_BYTES - size);
      parts.push(part);
      size += part.length;
    } catch (error) {
      if (isToolError(error)) throw error;
      return null;
    }
  }
  const total = parts.reduce((sum, part) => sum + part.length + 1, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length + 1;
    out[at - 1] = 10;
  }
  return out;
}

function readMatrix(value: unknown): Matrix {
  if (!(value instanceof PDFArray) || value.size() !== 6) return IDENTITY;
  const nums = value.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : NaN));
  return nums.every(Number.isFinite) ? (nums as Matrix) : IDENTITY;
}

/** Drawn width and height in points, the largest over every place an image is drawn. */
export type DrawnSizes = Map<PDFRef, { width: number; height: number }>;

/** Measures where every image XObject of every page is drawn (through forms), in points. */
export function measureDrawnImages(doc: PDFDocument): DrawnSizes {
  const sizes: DrawnSizes = new Map();
  const walk = (content: Uint8Array | null, resources: unknown, ctm: Matrix, depth: number, seen: Set<PDFRef>) => {
    if (!content) return;
    const resDict = resources instanceof PDFRef ? doc.context.lookup(resources) : resources;
    const xobjects = resDict instanceof PDFDict ? resDict.lookup(PDFName.of('XObject')) : undefined;
    if (!(xobjects instanceof PDFDict)) return;
    scanContent(content, ctm, (name, at) => {
      const ref = xobjects.get(PDFName.of(name));
      if (!(ref instanceof PDFRef)) return;
      const target = doc.context.lookup(ref);
      if (!(target instanceof PDFRawStream)) return;
      const subtype = target.dict.get(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Image')) {
        const width = Math.hypot(at[0], at[1]);
        const height = Math.hypot(at[2], at[3]);
        const known = sizes.get(ref);
        sizes.set(ref, { width: Math.max(width, known?.width ?? 0), height: Math.max(height, known?.height ?? 0) });
      } else if (subtype === PDFName.of('Form') && depth < MAX_FORM_DEPTH && !seen.has(ref)) {
        const matrix = readMatrix(target.dict.lookup(PDFName.of('Matrix')));
        const next = new Set(seen).add(ref);
        walk(contentBytes(doc, target), target.dict.get(PDFName.of('Resources')) ?? resDict, multiply(matrix, at), depth + 1, next);
      }
    });
  };
  for (const page of doc.getPages()) {
    const node = page.node;
    walk(contentBytes(doc, node.get(PDFName.of('Contents'))), node.getInheritableAttribute(PDFName.of('Resources')), IDENTITY, 0, new Set());
  }
  return sizes;
}
