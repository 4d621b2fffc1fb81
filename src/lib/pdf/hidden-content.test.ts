import { PDFDict, PDFDocument, PDFName, PDFStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cleanPageContent } from './hidden-content';
import { readOptionalContent } from './optional-content';
import { decodedStreamBytes } from './stream-bytes';

/** A one-page document drawing `content` with fonts F1 (Helvetica), F2 (simple, with /Widths) and F0 (Identity-H CID font), and layers On and Off. */
type Extra = (doc: PDFDocument, off: PDFRef) => Record<string, unknown>;

async function page(content: string, extra: Extra = () => ({})) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { context } = doc;
  const on = context.register(context.obj({ Type: 'OCG', Name: 'On' }));
  const off = context.register(context.obj({ Type: 'OCG', Name: 'Off' }));
  doc.catalog.set(PDFName.of('OCProperties'), context.obj({ OCGs: [on, off], D: { OFF: [off] } }));
  const widths = Array.from({ length: 96 }, (_, i) => (i === 0 ? 250 : 500));
  const cid = context.obj({ Type: 'Font', Subtype: 'CIDFontType2', BaseFont: 'X', W: [1, [500, 600]], DW: 1000 });
  const fonts = {
    F1: context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }),
    F2: context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'X', FirstChar: 32, LastChar: 127, Widths: widths }),
    F0: context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'X', Encoding: 'Identity-H', DescendantFonts: [cid] }),
  };
  const allOn = context.obj({ Type: 'OCMD', OCGs: [on, off], P: 'AllOn' });
  const anyOn = context.obj({ Type: 'OCMD', OCGs: [on, off] });
  const p = doc.addPage([200, 200]);
  p.node.set(PDFName.of('Resources'), context.obj({ Font: fonts, Properties: { On: on, Off: off, AllOn: allOn, AnyOn: anyOn }, ...extra(doc, off) } as never));
  p.node.set(PDFName.of('Contents'), context.register(context.stream(content)));
  return { doc, off };
}

const text = (stream: unknown) => new TextDecoder('latin1').decode(decodedStreamBytes(stream as PDFStream));
const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

async function cleaned(content: string, { layers = true, hiddenText = true } = {}, extra?: Extra) {
  const { doc } = await page(content, extra);
  const report = cleanPageContent(doc, { layers: layers ? readOptionalContent(doc) : undefined, hiddenText });
  return { doc, report, out: text(doc.getPage(0).node.lookup(PDFName.of('Contents'))) };
}

describe('cleanPageContent', () => {
  it('cuts out a hidden layer, keeping its state changes and every other byte as it was', async () => {
    const before = '% a comment stays\nq 1 0 0 RG  10 10 m 20 20 l S\n';
    const after = '\nBT /F1 9 Tf 10 30 Td (shown) Tj ET Q';
    const { out, report } = await cleaned(`${before}/OC /Off BDC 0 0 1 rg BT /F1 9 Tf 10 10 Td (secret) Tj ET 5 5 10 10 re f EMC${after}`);
    expect(out.startsWith(before)).toBe(true);
    expect(out.endsWith(after)).toBe(true);
    expect(squash(out)).toBe(squash(`${before} 0 0 1 rg BT /F1 9 Tf 10 10 Td ET ${after}`));
    expect(report).toEqual({ layerPages: [0], hiddenTextPages: [] });
  });

  it('leaves visible layers, and content outside layers, alone', async () => {
    const content = '/OC /On BDC BT /F1 9 Tf (a) Tj ET EMC /OC /AnyOn BDC BT /F1 9 Tf (b) Tj ET EMC';
    const { doc, report } = await cleaned(content);
    expect(report).toEqual({ layerPages: [], hiddenTextPages: [] });
    expect(text(doc.getPage(0).node.lookup(PDFName.of('Contents')))).toBe(content);
  });

  it('hides what a membership dictionary hides (all groups on, one is off)', async () => {
    const { out } = await cleaned('/OC /AllOn BDC BT /F1 9 Tf (gone) Tj ET EMC');
    expect(out).not.toContain('gone');
    expect(out).not.toContain('BDC');
  });

  it('keeps the clip of a hidden path, without painting it', async () => {
    const { out } = await cleaned('/OC /Off BDC 0 0 10 10 re W f EMC 0 0 50 50 re f');
    expect(squash(out)).toBe('0 0 10 10 re W n 0 0 50 50 re f');
  });

  it('removes inline images and XObjects of hidden layers, and their resources', async () => {
    const image = (doc: PDFDocument, oc?: PDFRef) =>
      doc.context.register(doc.context.stream(new Uint8Array([0]), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8, ...(oc ? { OC: oc } : {}) } as never));
    const { doc, out } = await cleaned('/OC /Off BDC BI /W 1 /H 1 /CS /G /BPC 8 ID \x41 EI EMC /Im1 Do /Im2 Do', {}, (d, off) => ({ XObject: { Im1: image(d, off), Im2: image(d) } }));
    expect(squash(out)).toBe('/Im2 Do');
    const xobjects = doc.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    expect(xobjects.keys().map(String)).toEqual(['/Im2']);
  });

  it('removes invisible text and keeps the visible text after it on the line in place (simple font widths, Tc and Tw)', async () => {
    const { out, report } = await cleaned('BT /F2 10 Tf 1 Tc 2 Tw 3 Tr (a a) Tj 0 Tr (b) Tj ET');
    // a (500) + space (250) + a (500), plus Tc on three glyphs and Tw on one space, in thousandths of 10 pt.
    expect(squash(out)).toBe('BT /F2 10 Tf 1 Tc 2 Tw 3 Tr [-1750] TJ 0 Tr (b) Tj ET');
    expect(report.hiddenTextPages).toEqual([0]);
  });

  it('measures two-byte Identity-H text by the CID widths', async () => {
    const { out } = await cleaned('BT /F0 10 Tf 3 Tr [<0001> -100 <0002>] TJ 0 Tr <0001> Tj ET');
    expect(squash(out)).toBe('BT /F0 10 Tf 3 Tr [-1200] TJ 0 Tr <0001> Tj ET');
  });

  it("turns invisible ' and \" into the line moves they make", async () => {
    const { out } = await cleaned('BT /F1 9 Tf 12 TL 3 Tr (a) \' 1 2 (b) " ET');
    expect(squash(out)).toBe('BT /F1 9 Tf 12 TL 3 Tr T* 1 Tw 2 Tc T* ET');
  });

  it('keeps clip-only text when something is painted through it, and removes it when nothing is', async () => {
    const painted = 'q BT /F1 9 Tf 7 Tr (mask) Tj ET 0 0 100 100 re f Q';
    expect((await cleaned(painted)).out).toBe(painted);
    const { out } = await cleaned('q BT /F1 9 Tf 7 Tr (mask) Tj ET Q 0 0 100 100 re f');
    expect(out).not.toContain('mask');
  });

  it('leaves hidden text alone when not asked, and hidden layers too', async () => {
    const content = 'BT /F1 9 Tf 3 Tr (ocr) Tj 0 Tr ET /OC /Off BDC BT (x) Tj ET EMC';
    expect((await cleaned(content, { layers: false, hiddenText: false })).out).toBe(content);
    expect((await cleaned(content, { layers: true, hiddenText: false })).out).toContain('(ocr) Tj');
    expect((await cleaned(content, { layers: false, hiddenText: true })).out).toContain('/OC /Off BDC BT (x) Tj ET EMC');
  });

  it('cleans the form XObjects a page draws, in place', async () => {
    let form: PDFRef | undefined;
    const { doc, report } = await cleaned('/Fm1 Do', {}, (d) => {
      form = d.context.register(d.context.stream('BT /F1 9 Tf 3 Tr (inside) Tj ET', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10] }));
      return { XObject: { Fm1: form } };
    });
    expect(report.hiddenTextPages).toEqual([0]);
    const stream = doc.context.lookup(form!) as PDFStream;
    expect(text(stream)).not.toContain('inside');
    expect(stream.dict.get(PDFName.of('BBox'))?.toString()).toBe('[ 0 0 10 10 ]');
  });
});
