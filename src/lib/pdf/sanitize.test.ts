import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString } from 'pdf-lib';
import { containsActiveContent, stripActiveContent } from './sanitize';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** A two-page PDF with an OpenAction script, a page /AA, a JavaScript name tree and four kinds of link. */
async function hostilePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const second = doc.addPage([300, 300]);
  const { context } = doc;
  const script = (code: string) => context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) }));
  doc.catalog.set(PDFName.of('OpenAction'), script('app.alert("open")'));
  doc.catalog.set(PDFName.of('AA'), context.obj({ WC: script('app.alert("close")') }));
  page.node.set(PDFName.of('AA'), context.obj({ O: script('app.alert("page")') }));
  const jsTree = context.obj({ Names: [PDFString.of('init'), script('app.alert("names")')] });
  doc.catalog.set(PDFName.of('Names'), context.obj({ JavaScript: jsTree }));
  const link = (action: Record<string, unknown>) =>
    context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], A: context.obj(action as never) }));
  const annots = [
    link({ S: 'URI', URI: PDFString.of('https://example.org/') }),
    link({ S: 'GoTo', D: [second.ref, 'Fit'] }),
    link({ S: 'JavaScript', JS: PDFString.of('app.alert("link")') }),
    link({ S: 'Launch', F: PDFString.of('calc.exe') }),
    // A harmless first action whose /Next runs a script.
    link({ S: 'URI', URI: PDFString.of('https://example.com/'), Next: script('app.alert("next")') }),
  ];
  page.node.set(PDFName.of('Annots'), context.obj(annots));
  return doc.save({ useObjectStreams: false });
}

describe('stripActiveContent', () => {
  it('removes OpenAction, /AA, the JavaScript name tree and script or launch links, keeping URI and GoTo links', async () => {
    const input = await hostilePdf();
    // The fixture really contains what is to be removed, so the checks below can fail.
    expect(latin1(input)).toContain('/JavaScript');
    expect(latin1(input)).toContain('/Launch');

    const doc = await PDFDocument.load(input);
    stripActiveContent(doc);
    const output = await doc.save({ useObjectStreams: false });
    const text = latin1(output);
    expect(text).not.toContain('/JavaScript');
    expect(text).not.toContain('/Launch');
    expect(text).not.toContain('app.alert');

    const reloaded = await PDFDocument.load(output);
    const catalog = reloaded.catalog;
    expect(catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(catalog.get(PDFName.of('AA'))).toBeUndefined();
    const names = catalog.lookup(PDFName.of('Names'), PDFDict);
    expect(names.get(PDFName.of('JavaScript'))).toBeUndefined();
    const [first, second] = reloaded.getPages();
    expect(first.node.get(PDFName.of('AA'))).toBeUndefined();
    const annots = first.node.lookup(PDFName.of('Annots'), PDFArray);
    const kinds = annots.asArray().map((ref) => {
      const action = reloaded.context.lookup(ref as PDFRef, PDFDict).lookup(PDFName.of('A'), PDFDict);
      return action.get(PDFName.of('S'))?.toString();
    });
    expect(kinds).toEqual(['/URI', '/GoTo']);
    // The GoTo link still points at the second page.
    const goTo = reloaded.context.lookup(annots.get(1) as PDFRef, PDFDict).lookup(PDFName.of('A'), PDFDict);
    expect(goTo.lookup(PDFName.of('D'), PDFArray).get(0)).toBe(second.ref);
    // No object anywhere in the file is a script action.
    for (const [, object] of reloaded.context.enumerateIndirectObjects()) {
      if (object instanceof PDFDict) expect(object.get(PDFName.of('S'))).not.toBe(PDFName.of('JavaScript'));
    }
  });

  it('keeps an OpenAction that only jumps to a page', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([page.ref, 'Fit']));
    stripActiveContent(doc);
    const reloaded = await PDFDocument.load(await doc.save());
    expect(reloaded.catalog.lookup(PDFName.of('OpenAction'), PDFArray).get(0)).toBe(reloaded.getPage(0).ref);
  });

  it('drops the content of a removed page even when an outline and a link still point at it', async () => {
    const doc = await PDFDocument.create();
    const kept = doc.addPage([100, 100]);
    const removed = doc.addPage([100, 100]);
    const { context } = doc;
    removed.node.set(PDFName.of('Contents'), context.register(context.stream('% SECRET-PAGE-TWO\n0 0 m 10 10 l S')));
    const item = context.register(context.obj({ Title: PDFString.of('Two'), Dest: [removed.ref, 'Fit'] }));
    doc.catalog.set(PDFName.of('Outlines'), context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
    const link = context.register(context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 5, 5], Dest: [removed.ref, 'Fit'] }));
    kept.node.set(PDFName.of('Annots'), context.obj([link]));
    const before = latin1(await doc.save({ useObjectStreams: false }));
    expect(before).toContain('SECRET-PAGE-TWO');

    doc.removePage(1);
    stripActiveContent(doc);
    const output = await doc.save({ useObjectStreams: false });
    expect(latin1(output)).not.toContain('SECRET-PAGE-TWO');
    const reloaded = await PDFDocument.load(output);
    expect(reloaded.getPageCount()).toBe(1);
    expect(reloaded.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).size()).toBe(0);
  });
});

describe('a script open action written as the catalog /A (as Ghostscript writes it)', () => {
  it('is found and removed, and a plain jump there is left alone', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const { context } = doc;
    doc.catalog.set(PDFName.of('A'), context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("open")') }));
    expect(containsActiveContent(doc)).toBe(true);
    stripActiveContent(doc);
    expect(doc.catalog.has(PDFName.of('A'))).toBe(false);
    expect(containsActiveContent(doc)).toBe(false);
    expect(latin1(await doc.save())).not.toContain('app.alert');

    const jump = await PDFDocument.create();
    const page = jump.addPage([200, 200]);
    jump.catalog.set(PDFName.of('A'), jump.context.obj({ S: 'GoTo', D: [page.ref, 'Fit'] } as never));
    expect(containsActiveContent(jump)).toBe(false);
    stripActiveContent(jump);
    expect(jump.catalog.has(PDFName.of('A'))).toBe(true);
  });
});
