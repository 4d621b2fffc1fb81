import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { removeOutsideActions } from './active-actions';

async function twoPages() {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([200, 200]);
  doc.addPage([200, 200]);
  return doc;
}

/** pdf-lib's literal dictionary (the type its context.obj takes). */
type Literal = NonNullable<Parameters<PDFDocument['context']['stream']>[1]>;

function annotate(doc: PDFDocument, fields: Literal): PDFDict {
  const annot = doc.context.obj({ Type: 'Annot', Rect: [0, 0, 10, 10], ...fields });
  const page = doc.getPage(0);
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? doc.context.obj([]);
  annots.push(doc.context.register(annot));
  page.node.set(PDFName.of('Annots'), annots);
  return annot;
}

const A = PDFName.of('A');

describe('removeOutsideActions', () => {
  it('keeps a jump within the document and cuts the outside actions chained after it', async () => {
    const doc = await twoPages();
    const link = annotate(doc, { Subtype: 'Link', A: { S: 'GoTo', D: [doc.getPage(1).ref, 'Fit'], Next: [{ S: 'URI', URI: PDFString.of('https://example.com') }, { S: 'Named', N: 'NextPage' }] } });
    expect(removeOutsideActions(doc)).toBe(1);
    const action = link.lookup(A, PDFDict);
    expect(action.get(PDFName.of('S'))).toBe(PDFName.of('GoTo'));
    expect(action.lookup(PDFName.of('Next'), PDFArray).size()).toBe(1);
  });

  it('removes a link whose only action goes outside, and keeps one that still has a destination', async () => {
    const doc = await twoPages();
    annotate(doc, { Subtype: 'Link', A: { S: 'Launch', F: PDFString.of('calc.exe') } });
    const kept = annotate(doc, { Subtype: 'Link', Dest: [doc.getPage(1).ref, 'Fit'], A: { S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, 'Fit'] } });
    expect(removeOutsideActions(doc)).toBe(2);
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annots.size()).toBe(1);
    expect(doc.context.lookup(annots.get(0))).toBe(kept);
    expect(kept.has(A)).toBe(false);
  });

  it('keeps an open action that shows a page, and removes one that does more', async () => {
    const doc = await twoPages();
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(1).ref, 'Fit']));
    expect(removeOutsideActions(doc)).toBe(0);
    expect(doc.catalog.has(PDFName.of('OpenAction'))).toBe(true);
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'GoTo', D: [doc.getPage(1).ref, 'Fit'], Next: { S: 'SubmitForm', F: PDFString.of('https://example.com') } }));
    expect(removeOutsideActions(doc)).toBe(1);
    expect(doc.catalog.has(PDFName.of('OpenAction'))).toBe(false);
  });

  it('removes additional actions everywhere, counting each trigger, and bookmark actions but not the bookmarks', async () => {
    const doc = await twoPages();
    doc.catalog.set(PDFName.of('AA'), doc.context.obj({ WC: { S: 'JavaScript', JS: PDFString.of('1') }, DP: { S: 'JavaScript', JS: PDFString.of('2') } }));
    const field = annotate(doc, { Subtype: 'Widget', FT: 'Tx', T: PDFString.of('f'), AA: { K: { S: 'JavaScript', JS: PDFString.of('3') } } });
    const item = doc.context.obj({ Title: PDFString.of('Site'), A: { S: 'URI', URI: PDFString.of('https://example.com') } });
    const outlines = doc.context.obj({ Type: 'Outlines', First: doc.context.register(item), Count: 1 });
    doc.catalog.set(PDFName.of('Outlines'), doc.context.register(outlines));
    expect(removeOutsideActions(doc)).toBe(4);
    expect(doc.catalog.has(PDFName.of('AA'))).toBe(false);
    expect(field.has(PDFName.of('AA'))).toBe(false);
    expect(item.has(A)).toBe(false);
    expect(item.get(PDFName.of('Title'))).toBeDefined();
  });
});
