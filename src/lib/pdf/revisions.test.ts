import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { hiddenInformationPdf } from '../../../tests/fixtures/pdf-build/hidden-information';
import { appendRevision, readRevisions, unreachableObjects } from './revisions';
import { INPUT_PATH, OUTPUT_PATH, runQpdf } from './qpdf';

async function onePage(text = 'Hello'): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([200, 200]).drawText(text, { x: 20, y: 100, size: 12, font });
  return doc;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('readRevisions', () => {
  it('counts one revision in a file saved once, and none earlier', async () => {
    expect(readRevisions(await (await onePage()).save())).toEqual({ count: 1, earlier: null });
  });

  it('counts an incremental update, and finds where the earlier revision ends', async () => {
    const bytes = await hiddenInformationPdf(['earlierRevisions']);
    const { count, earlier } = readRevisions(bytes);
    expect(count).toBe(2);
    const text = latin1(bytes);
    expect(earlier!.end).toBe(text.indexOf('%%EOF') + '%%EOF'.length);
    expect(text.slice(earlier!.startxref, earlier!.startxref + 4)).toBe('xref');
  });

  it('does not count the first-page section of a linearized file, nor the end of a PDF stored inside a stream', async () => {
    const linearized = (await runQpdf(['--linearize', INPUT_PATH, OUTPUT_PATH], await (await onePage()).save())).output!;
    expect(latin1(linearized.subarray(0, 1024))).toContain('/Linearized');
    expect(readRevisions(linearized).count).toBe(1);

    const doc = await onePage();
    const inner = latin1(await (await onePage('Inner')).save({ useObjectStreams: false }));
    doc.catalog.set(PDFName.of('Stored'), doc.context.register(doc.context.stream(inner)));
    const outer = await doc.save({ useObjectStreams: false });
    expect(latin1(outer).match(/%%EOF/g)!.length).toBe(2);
    expect(readRevisions(outer).count).toBe(1);
  });
});

describe('unreachableObjects', () => {
  it('finds the objects nothing refers to', async () => {
    const doc = await onePage();
    const orphan = doc.context.register(doc.context.obj({ Note: PDFString.of('left behind') }));
    expect(unreachableObjects(doc)).toEqual([orphan]);
  });
});

describe('appendRevision', () => {
  it('appends the document as one update after the earlier revisions, freeing the numbers it no longer uses', async () => {
    const bytes = await hiddenInformationPdf(['earlierRevisions']);
    const { earlier } = readRevisions(bytes);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const dropped = doc.getPage(1).node.get(PDFName.of('Contents'))!;
    doc.getPage(1).node.delete(PDFName.of('Contents'));
    doc.context.delete(dropped as never);
    const out = await appendRevision(doc, bytes.subarray(0, earlier!.end), earlier!.startxref);
    expect(Buffer.from(out.subarray(0, earlier!.end)).equals(Buffer.from(bytes.subarray(0, earlier!.end)))).toBe(true);
    expect(readRevisions(out).count).toBe(2);
    expect((await runQpdf(['--check', INPUT_PATH], out)).code).toBe(0);
    const reread = await PDFDocument.load(out);
    expect(reread.getPageCount()).toBe(2);
    expect(latin1(out.subarray(earlier!.end))).toMatch(/\/Prev \d+/);
  });
});
