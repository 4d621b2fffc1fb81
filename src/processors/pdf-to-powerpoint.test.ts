import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ProcessorContext } from '../contract/types';
import { napiBackend, readPixels } from '../../tests/fixtures/pdf-text/napi-backend';
import { convertPdfToPowerpoint, PPTX_TYPE, slideSize } from './pdf-to-powerpoint';

function context(progress: [number, number][] = []): ProcessorContext {
  return { signal: new AbortController().signal, onProgress: (done, total) => progress.push([done, total]) };
}

/** Three 720 x 405 pt pages (10 x 5.625 in); page 1 has a title over a black box on the right. */
async function deckPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const first = doc.addPage([720, 405]);
  first.drawText('Quarterly Review', { x: 60, y: 330, size: 36, font: bold });
  first.drawRectangle({ x: 500, y: 50, width: 150, height: 100, color: rgb(0, 0, 0) });
  doc.addPage([720, 405]).drawText('Revenue grew 12%', { x: 60, y: 300, size: 24, font });
  doc.addPage([720, 405]).drawText('Thank you', { x: 60, y: 300, size: 24, font });
  return doc.save();
}

describe('pdf-to-powerpoint', () => {
  it('makes one slide per page at the page size, with the text in text boxes', async () => {
    const input = await deckPdf();
    const original = input.slice();
    const progress: [number, number][] = [];
    const [out] = await convertPdfToPowerpoint([{ name: 'deck.pdf', type: 'application/pdf', bytes: input }], context(progress), napiBackend);
    expect(out!.type).toBe(PPTX_TYPE);
    expect(input).toEqual(original);
    expect(progress.at(-1)).toEqual([3, 3]);

    const files = unzipSync(out!.bytes);
    const slides = Object.keys(files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).sort();
    expect(slides).toEqual(['ppt/slides/slide1.xml', 'ppt/slides/slide2.xml', 'ppt/slides/slide3.xml']);
    // 720 x 405 pt is 10 x 5.625 in; 914400 EMU per inch.
    const presentation = strFromU8(files['ppt/presentation.xml']!);
    expect(presentation).toMatch(/<p:sldSz cx="9144000" cy="5143500"/);

    const slide1 = strFromU8(files['ppt/slides/slide1.xml']!);
    expect(slide1).toContain('<a:t>Quarterly Review</a:t>');
    expect(slide1).toMatch(/<a:rPr[^>]*b="1"[^>]*>[\s\S]*?<a:t>Quarterly Review<\/a:t>/);
    expect(strFromU8(files['ppt/slides/slide2.xml']!)).toContain('<a:t>Revenue grew 12%</a:t>');
    expect(strFromU8(files['ppt/slides/slide3.xml']!)).toContain('<a:t>Thank you</a:t>');
    // The title box sits where the title is: 60 pt from the left is 0.8333 in = 762000 EMU.
    expect(slide1).toMatch(/<a:off x="76200\d" y="\d+"\/>/);
  });

  it('pictures each page with its graphics but without the text that the text boxes carry', async () => {
    const [out] = await convertPdfToPowerpoint([{ name: 'deck.pdf', type: 'application/pdf', bytes: await deckPdf() }], context(), napiBackend);
    const files = unzipSync(out!.bytes);
    const media = Object.keys(files).filter((f) => /^ppt\/media\/.+/.test(f)).sort();
    expect(media).toHaveLength(3);
    const rels = strFromU8(files['ppt/slides/_rels/slide1.xml.rels']!);
    const target = /Target="\.\.\/media\/([^"]+)"/.exec(rels)![1]!;
    const picture = await readPixels(files[`ppt/media/${target}`]!);
    expect([picture.width, picture.height]).toEqual([1500, 844]);
    const px = (pt: number) => Math.round((pt * 150) / 72);
    // The black box (500..650 x 50..150 pt from the bottom left) is in the picture...
    expect(picture.luma(px(575), px(405 - 100))).toBeLessThan(40);
    // ...but the title's area is white: the title is only in the text box.
    let darkest = 255;
    for (let y = px(405 - 360); y < px(405 - 330); y++) for (let x = px(60); x < px(340); x++) darkest = Math.min(darkest, picture.luma(x, y));
    expect(darkest).toBeGreaterThan(230);
  });

  it.each([
    [720, 405, 10, 5.625],
    [612, 792, 8.5, 11],
    [5000, 1000, 56, 11.2],
    [20, 40, 1, 2],
  ])('slide size for a %i x %i pt page', (w, h, sw, sh) => {
    const size = slideSize(w, h);
    expect(size.width).toBeCloseTo(sw, 5);
    expect(size.height).toBeCloseTo(sh, 5);
  });

  it('refuses a file that is not a PDF', async () => {
    const bytes = new TextEncoder().encode('not a pdf at all');
    await expect(convertPdfToPowerpoint([{ name: 'x.pdf', type: 'application/pdf', bytes }], context(), napiBackend)).rejects.toThrow('is not a PDF');
  });
});
