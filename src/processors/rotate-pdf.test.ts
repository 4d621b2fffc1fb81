import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput } from '../../tests/fixtures/pdf/make';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import rotatePdfProcessor from './rotate-pdf';

const rotatePdf = asWorkerCalls(rotatePdfProcessor);
const run = (bytes: Uint8Array, angle: string, pages = '', name?: string) => rotatePdf([pdfInput(bytes, name)], { angle, pages }, ctx());

/** Five pages; page 3 already turned 90 degrees, page 5 270. */
async function fivePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 5; i++) doc.addPage([300 + i, 400]);
  doc.getPage(2).setRotation(degrees(90));
  doc.getPage(4).setRotation(degrees(270));
  return doc.save();
}

async function rotations(bytes: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => p.getRotation().angle);
}

describe('rotate-pdf', () => {
  it('turns every page when the list is blank, adding to the rotation each page had', async () => {
    const input = await fivePages();
    const copy = input.slice();
    const [out] = await run(input, '90');
    expect(input).toEqual(copy);
    expect(out.type).toBe('application/pdf');
    expect(await rotations(out.bytes)).toEqual([90, 90, 180, 90, 0]);
    expect(out.meta).toMatchObject({ pageCount: 5, rotatedPages: 5 });
  });

  it.each([
    ['90', '2, 4-5', [0, 90, 90, 90, 0]],
    ['180', '3', [0, 0, 270, 0, 270]],
    ['270', '1-3', [270, 270, 0, 0, 270]],
  ])('turns by %s only pages "%s"; the others keep their rotation', async (angle, pages, expected) => {
    const [out] = await run(await fivePages(), angle, pages);
    expect(await rotations(out.bytes)).toEqual(expected);
    // Page order and sizes are unchanged.
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPages().map((p) => p.getMediaBox().width)).toEqual([300, 301, 302, 303, 304]);
  });

  it('adds to a rotation inherited from the page tree and writes it on the page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]);
    doc.addPage([300, 400]);
    doc.catalog.Pages().set(PDFName.of('Rotate'), PDFNumber.of(180));
    const [out] = await run(await doc.save(), '90', '2');
    const back = await PDFDocument.load(out.bytes);
    expect(back.getPages().map((p) => p.getRotation().angle)).toEqual([180, 270]);
    expect(back.getPage(1).node.get(PDFName.of('Rotate'))).toEqual(PDFNumber.of(270));
  });

  it('skips listed pages a file does not have, and says so when it has none of them', async () => {
    const [out] = await run(await fivePages(), '180', '4-9');
    expect(await rotations(out.bytes)).toEqual([0, 0, 90, 180, 90]);
    await expect(run(await fivePages(), '90', '7-9', 'short.pdf')).rejects.toThrow('short.pdf has 5 pages, so it has none of the pages 7-9.');
  });

  it('refuses a page list it cannot read', async () => {
    await expect(run(await fivePages(), '90', '2, x-4')).rejects.toThrow('The page list "2, x-4" is not valid. Use page numbers and ranges such as 1-3, 5.');
    await expect(run(await fivePages(), '90', '0')).rejects.toThrow('is not valid');
  });

  it('keeps the form fields of a fillable PDF', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 400]);
    const form = doc.getForm();
    form.createTextField('name').addToPage(page, { x: 20, y: 300, width: 200, height: 24 });
    form.getTextField('name').setText('Ada');
    const [out] = await run(await doc.save(), '90');
    const back = await PDFDocument.load(out.bytes);
    expect(back.getForm().getTextField('name').getText()).toBe('Ada');
    expect(back.getPage(0).getRotation().angle).toBe(90);
  });

  it('refuses angles other than 90, 180 and 270', async () => {
    await expect(run(await fivePages(), '45')).rejects.toThrow();
  });

  it('gives the shared messages for a file that is not a PDF and for an encrypted one', async () => {
    await expect(run(NOT_A_PDF, '90', '', 'notes.pdf')).rejects.toThrow(notPdfMessage('notes.pdf'));
    await expect(run(await encryptedPdf(await fivePages(), 'secret'), '90')).rejects.toThrow(encryptedMessage());
  });
});
