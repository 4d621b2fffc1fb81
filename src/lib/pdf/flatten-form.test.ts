import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../../../tests/fixtures/pdf-build/pdf-text';
import { flattenForm } from './flatten-form';
import { decodedStreamBytes } from './stream-bytes';

/** A page whose form holds a filled text field, a ticked check box and an unticked one, made by pdf-lib's form API. */
async function filledForm(): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([400, 400]);
  const form = doc.getForm();
  const name = form.createTextField('name');
  name.setText('Ada Lovelace');
  name.addToPage(page, { x: 50, y: 300, width: 200, height: 24 });
  const yes = form.createCheckBox('agree');
  yes.addToPage(page, { x: 50, y: 250, width: 20, height: 20 });
  yes.check();
  const no = form.createCheckBox('newsletter');
  no.addToPage(page, { x: 50, y: 200, width: 20, height: 20 });
  form.updateFieldAppearances(await doc.embedFont(StandardFonts.Helvetica));
  return PDFDocument.load(await doc.save(), { updateMetadata: false });
}

/** The page's content streams, decoded and joined. */
function pageContent(doc: PDFDocument): string {
  const contents = doc.getPage(0).node.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams.map((stream) => new TextDecoder('latin1').decode(decodedStreamBytes(stream as never))).join('\n');
}

describe('flattenForm', () => {
  it('draws each widget where it was and removes the fields, their widgets and the form', async () => {
    const doc = await filledForm();
    expect(flattenForm(doc)).toEqual({ fields: 3, xfa: 0 });
    expect(doc.catalog.has(PDFName.of('AcroForm'))).toBe(false);
    expect(doc.getPage(0).node.has(PDFName.of('Annots'))).toBe(false);
    const content = pageContent(doc);
    expect(content.startsWith('q\n')).toBe(true);
    // pdf-lib's widget rectangle takes in half its 1 pt border.
    expect(content).toContain('q 1 0 0 1 49.5 299.5 cm /FlatField');
    // Every widget is drawn, in its current state: the ticked box with its check, the other empty.
    expect(content.match(/ Do Q/g)).toHaveLength(3);
    const text = (await pdfPageTexts(await doc.save({ updateFieldAppearances: false })))[0];
    expect(text).toContain('Ada Lovelace');
  });

  it('draws a value that had no appearance, and nothing for a hidden widget', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const page = doc.addPage([400, 400]);
    const widget = (fields: Record<string, unknown>) => doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', P: page.ref, ...fields } as never));
    const plain = widget({ T: PDFString.of('city'), V: PDFString.of('Lisbon'), Rect: [50, 300, 250, 320] });
    const hidden = widget({ T: PDFString.of('code'), V: PDFString.of('Hidden value'), F: 2, Rect: [50, 250, 250, 270] });
    page.node.set(PDFName.of('Annots'), doc.context.obj([plain, hidden]));
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [plain, hidden], DA: PDFString.of('/Helv 0 Tf 0 g') }));
    expect(flattenForm(doc)).toEqual({ fields: 2, xfa: 0 });
    const text = (await pdfPageTexts(await doc.save({ updateFieldAppearances: false })))[0];
    expect(text).toContain('Lisbon');
    expect(text).not.toContain('Hidden value');
  });

  it('keeps a widget on its layer', async () => {
    const doc = await filledForm();
    const layer = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Fields') }));
    const annots = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    doc.context.lookup(annots.get(0), PDFDict).set(PDFName.of('OC'), layer);
    flattenForm(doc);
    expect(pageContent(doc)).toMatch(/\/OC \/FlatLayer1 BDC\nq [^\n]+ Do Q\nEMC/);
  });
});
