import { readFileSync } from 'node:fs';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString, PDFStream } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { ToolError } from '../lib/errors';
import { pageTreeReason } from '../lib/pdf/damage';
import { damagedPdfMessage, encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import mergePdfProcessor, { bookmarkTitle } from './merge-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { isEncrypted, numberedTextPdf, qpdfChecks, restrictedPdf } from '../../tests/fixtures/pdf/make';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';

const mergePdf = asWorkerCalls(mergePdfProcessor);

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const pdf = (name: string, bytes: Uint8Array) => ({ name, type: 'application/pdf', bytes });

/** A PDF whose pages have the given sizes, so page order can be read back from the output. */
async function makePdf(sizes: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const size of sizes) doc.addPage(size);
  return doc.save();
}

/** A PDF carrying every kind of script and automatic action, plus one harmless web link. */
async function hostilePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([111, 222]);
  const { context } = doc;
  const js = (code: string) => context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) }));
  doc.catalog.set(PDFName.of('OpenAction'), js('app.alert("open")'));
  doc.catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.obj({ Names: [PDFHexString.fromText('init'), js('app.alert("names")')] }) }));
  page.node.set(PDFName.of('AA'), context.obj({ O: js('app.alert("page open")') }));
  const launch = context.register(context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }));
  const chained = context.obj({ S: 'URI', URI: PDFString.of('https://example.com/chained'), Next: js('app.alert("chained")') });
  const web = context.obj({ S: 'URI', URI: PDFString.of('https://example.org/') });
  const links = [launch, chained, web, js('app.alert("link")')].map((action, i) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, i * 20, 50, i * 20 + 15], A: action, AA: context.obj({ E: js('app.alert("enter")') }) })),
  );
  page.node.set(PDFName.of('Annots'), context.obj(links));
  return doc.save({ useObjectStreams: false });
}

/** Titles and target pages of the outline's top-level entries. */
function readOutline(doc: PDFDocument): { title: string; page: PDFRef }[] {
  const root = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict);
  const entries = [];
  let item = root.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    const dest = item.lookup(PDFName.of('Dest'), PDFArray);
    entries.push({ title: (item.lookup(PDFName.of('Title')) as PDFHexString | PDFString).decodeText(), page: dest.get(0) as PDFRef });
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  expect(root.lookup(PDFName.of('Count'))?.toString()).toBe(String(entries.length));
  return entries;
}

describe('merge-pdf', () => {
  it('keeps every page in list order and adds one bookmark per file', async () => {
    const a = await makePdf([[200, 300], [210, 300]]);
    const b = await makePdf([[300, 200]]);
    const c = await makePdf([[220, 310], [230, 320], [240, 330]]);
    const progress = ctx();
    const [out] = await mergePdf([pdf('first.pdf', a), pdf('Second Report.final.pdf', b), pdf('Zoë 日本.pdf', c)], {}, progress);
    expect(out.type).toBe('application/pdf');
    expect(out.meta).toEqual({ pageCount: 6, fileCount: 3 });

    const merged = await PDFDocument.load(out.bytes);
    expect(merged.getPageCount()).toBe(6);
    const sizes = merged.getPages().map((page) => [page.getWidth(), page.getHeight()]);
    expect(sizes).toEqual([[200, 300], [210, 300], [300, 200], [220, 310], [230, 320], [240, 330]]);

    const pages = merged.getPages();
    const outline = readOutline(merged);
    expect(outline.map((entry) => entry.title)).toEqual(['first', 'Second Report.final', 'Zoë 日本']);
    expect(outline.map((entry) => entry.page)).toEqual([pages[0].ref, pages[2].ref, pages[3].ref]);

    expect(progress.onProgress.mock.calls).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
  });

  it('leaves no script or automatic action from the inputs, but keeps a plain web link', async () => {
    const hostile = await hostilePdf();
    const before = hostile.slice();
    const [out] = await mergePdf([pdf('hostile.pdf', hostile), pdf('plain.pdf', await makePdf([[100, 100]]))], {}, ctx());
    expect(hostile).toEqual(before);

    const merged = await PDFDocument.load(out.bytes);
    const actionTypes: string[] = [];
    for (const [, object] of merged.context.enumerateIndirectObjects()) {
      const visit = (value: unknown): void => {
        const dict = value instanceof PDFStream ? value.dict : value;
        if (dict instanceof PDFArray) dict.asArray().forEach(visit);
        if (!(dict instanceof PDFDict)) return;
        for (const key of ['AA', 'OpenAction', 'JS', 'JavaScript']) expect(dict.has(PDFName.of(key)), key).toBe(false);
        const s = dict.get(PDFName.of('S'));
        if (s instanceof PDFName && dict.has(PDFName.of('URI')) ) actionTypes.push(s.decodeText());
        else if (s instanceof PDFName && ['JavaScript', 'Launch'].includes(s.decodeText())) actionTypes.push(s.decodeText());
        dict.values().forEach(visit);
      };
      visit(object);
    }
    expect(actionTypes).toEqual(['URI']);

    // The same check on the text of the file, with object streams written out plainly.
    const plain = new TextDecoder('latin1').decode(await merged.save({ useObjectStreams: false }));
    expect(plain).toContain('https://example.org/');
    for (const marker of ['/JavaScript', '/Launch', '/OpenAction', '/AA', 'app.alert', 'calc.exe']) {
      expect(plain, marker).not.toContain(marker);
    }
  });

  it('merges restrictions-only PDFs (no open password) into an unencrypted PDF with all their pages and text', async () => {
    const r6 = await restrictedPdf(await numberedTextPdf(2), 'AES-256 (R6)');
    const r4 = await restrictedPdf(await numberedTextPdf(1), 'AES-128 (R4)');
    const [out] = await mergePdf([pdf('a.pdf', r6), pdf('plain.pdf', await makePdf([[300, 300]])), pdf('b.pdf', r4)], {}, ctx());
    expect(out.meta).toMatchObject({ pageCount: 4, fileCount: 3 });
    const merged = await PDFDocument.load(out.bytes);
    expect(merged.getPages().map((p) => Math.round(p.getWidth()))).toEqual([100, 101, 300, 100]);
    expect(await pdfPageTexts(out.bytes)).toEqual(['Page 1 of 2', 'Page 2 of 2', '', 'Page 1 of 1']);
    expect(await isEncrypted(out.bytes)).toBe(false);
    expect(await qpdfChecks(out.bytes)).toBe(true);
  });

  it('lists a password-protected PDF by name and merges the others, restrictions-only ones included', async () => {
    const encrypted = new Uint8Array(readFileSync(new URL('../../tests/fixtures/encrypted.pdf', import.meta.url)));
    const fail = vi.fn();
    const inputs = [pdf('a.pdf', await makePdf([[100, 100]])), pdf('locked.pdf', encrypted), pdf('restricted.pdf', await restrictedPdf(await numberedTextPdf(1)))];
    const [out] = await mergePdfProcessor.run(inputs, {}, { ...ctx(), fail });
    expect(out.meta).toMatchObject({ pageCount: 2, fileCount: 2 });
    expect(fail).toHaveBeenCalledTimes(1);
    expect(fail.mock.calls[0][0]).toBe('locked.pdf');
    expect(fail.mock.calls[0][1]).toMatchObject({ message: encryptedMessage(), link: { href: '/tools/unlock-pdf' } });
  });

  it('refuses a password-protected PDF with the unlock message', async () => {
    const encrypted = new Uint8Array(readFileSync(new URL('../../tests/fixtures/encrypted.pdf', import.meta.url)));
    const run = mergePdf([pdf('a.pdf', await makePdf([[100, 100]])), pdf('locked.pdf', encrypted)], {}, ctx());
    await expect(run).rejects.toThrow(ToolError);
    await expect(run).rejects.toMatchObject({ message: encryptedMessage(), link: { href: '/tools/unlock-pdf' } });
    expect(encryptedMessage()).toBe('This PDF is password-protected. Unlock it first with Unlock PDF.');
  });

  it('names a file that is not a PDF', async () => {
    const text = new TextEncoder().encode('name,age\nAda,36\n');
    await expect(mergePdf([pdf('a.pdf', await makePdf([[100, 100]])), pdf('people.csv', text)], {}, ctx())).rejects.toMatchObject({
      name: 'ToolError',
      message: notPdfMessage('people.csv'),
    });
  });

  it('gives a ToolError naming a truncated or garbage PDF and saying what is wrong with it', async () => {
    const good = await makePdf([[100, 100], [100, 100]]);
    const truncated = good.slice(0, 60);
    await expect(mergePdf([pdf('a.pdf', good), pdf('cut.pdf', truncated)], {}, ctx())).rejects.toMatchObject({
      name: 'ToolError',
      message: damagedPdfMessage('cut.pdf', 'some of its objects are broken or of the wrong kind'),
    });
    const garbage = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...Array.from({ length: 500 }, (_, i) => (i * 37) % 256)]);
    await expect(mergePdf([pdf('noise.pdf', garbage), pdf('a.pdf', good)], {}, ctx())).rejects.toMatchObject({
      name: 'ToolError',
      message: damagedPdfMessage('noise.pdf', pageTreeReason()),
    });
  });

  it('asks for at least two files', async () => {
    await expect(mergePdf([pdf('a.pdf', await makePdf([[100, 100]]))], {}, ctx())).rejects.toThrow('Please upload at least two PDF files to merge.');
  });

  it('stops between files when cancelled', async () => {
    const controller = new AbortController();
    const onProgress = vi.fn((done: number) => {
      if (done === 1) controller.abort();
    });
    const one = await makePdf([[100, 100]]);
    await expect(mergePdf([pdf('a.pdf', one), pdf('b.pdf', one), pdf('c.pdf', one)], {}, { signal: controller.signal, onProgress })).rejects.toThrow('Cancelled');
    expect(onProgress).toHaveBeenLastCalledWith(1, 3);
  });

  it.each([
    ['report.pdf', 'report'],
    ['archive.tar.pdf', 'archive.tar'],
    ['README', 'README'],
    ['.pdf', '.pdf'],
  ])('bookmark title of %s is %s', (name, title) => {
    expect(bookmarkTitle(name)).toBe(title);
  });
});
