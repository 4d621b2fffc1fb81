/**
 * Walking pdf-lib's object graph directly (annotations, forms, outlines): a
 * value read from a dictionary or an array may be an indirect reference, so
 * it is resolved in its document before its type is checked.
 */
import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib';

/** The object a value stands for: a reference resolved in `doc`, any other value as it is. */
export function lookup(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

/** The dictionary a value stands for, or undefined when it is anything else. */
export function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const object = lookup(doc, value);
  return object instanceof PDFDict ? object : undefined;
}

/** The array a value stands for, or undefined when it is anything else. */
export function arrayOf(doc: PDFDocument, value: PDFObject | undefined): PDFArray | undefined {
  const object = lookup(doc, value);
  return object instanceof PDFArray ? object : undefined;
}

/** The PDF names a module reads, keyed by their own text: `pdfNames('Annots').Annots`. */
export function pdfNames<const Key extends string>(...keys: Key[]): Record<Key, PDFName> {
  return Object.fromEntries(keys.map((key) => [key, PDFName.of(key)])) as Record<Key, PDFName>;
}
