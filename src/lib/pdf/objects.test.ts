import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { arrayOf, dictOf, lookup, pdfNames } from './objects';

describe('pdf objects', () => {
  it('resolves references and checks the type of what they stand for', async () => {
    const doc = await PDFDocument.create();
    const dict = doc.context.obj({ Kind: 'Test' });
    const array = doc.context.obj([1, 2]);
    const dictRef = doc.context.register(dict);
    const arrayRef = doc.context.register(array);
    expect(lookup(doc, dictRef)).toBe(dict);
    expect(lookup(doc, array)).toBe(array);
    expect(lookup(doc, undefined)).toBeUndefined();
    expect(dictOf(doc, dictRef)).toBe(dict);
    expect(dictOf(doc, arrayRef)).toBeUndefined();
    expect(arrayOf(doc, arrayRef)).toBeInstanceOf(PDFArray);
    expect(arrayOf(doc, dict)).toBeUndefined();
    expect(dictOf(doc, PDFNumber.of(3))).toBeUndefined();
    expect(dictOf(doc, dict)).toBeInstanceOf(PDFDict);
  });

  it('makes each name once, keyed by its text', () => {
    const N = pdfNames('Annots', 'Subtype');
    expect(Object.keys(N)).toEqual(['Annots', 'Subtype']);
    expect(N.Annots).toBe(PDFName.of('Annots'));
    expect(N.Subtype).toBe(PDFName.of('Subtype'));
  });
});
