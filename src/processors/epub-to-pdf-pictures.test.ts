/**
 * EPUB to PDF on books as they are published beyond plain text: pages drawn
 * in SVG, fixed-layout picture books, Japanese text, and chapters that
 * cannot be drawn. Every book is generated here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import epubToPdfProcessor from './epub-to-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { twoToneJpeg } from '../../tests/fixtures/pdf-build/images';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { renderPage } from '../../tests/fixtures/pdf-build/render';
import { pdfLines } from '../../tests/support/pdf-scripts';

const epubToPdf = asWorkerCalls(epubToPdfProcessor);
const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const epub = (name: string, bytes: Uint8Array) => [{ name, type: 'application/epub+zip', bytes }];
const gif = new Uint8Array(readFileSync(new URL('../../tests/fixtures/pdf-build/alpha.gif', import.meta.url)));

interface Item {
  href: string;
  type: string;
  body: string | Uint8Array;
  /** Listed in the reading order (spine). */
  spine?: boolean;
}

/** An EPUB 3 book of the given files; `fixed` makes it pre-paginated (fixed layout). */
function book(items: Item[], fixed = false): Uint8Array {
  const manifest = items.map((item, i) => `<item id="i${i}" href="${item.href}" media-type="${item.type}"/>`).join('');
  const spine = items.map((item, i) => (item.spine === false ? '' : `<itemref idref="i${i}"/>`)).join('');
  const layout = fixed ? '<meta property="rendition:layout">pre-paginated</meta>' : '';
  const opf = `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Pictures</dc:title><dc:identifier id="id">x</dc:identifier>${layout}</metadata>
<manifest>${manifest}</manifest><spine>${spine}</spine></package>`;
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OPS/package.opf': strToU8(opf),
  };
  for (const item of items) files[`OPS/${item.href}`] = typeof item.body === 'string' ? strToU8(item.body) : item.body;
  return zipSync(files);
}

const xhtml = (body: string, head = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>t</title>${head}</head><body>${body}</body></html>`;

/** The width and height of every image XObject a page draws. */
function pageImages(doc: PDFDocument, index: number): [number, number][] {
  const resources = doc.getPage(index).node.Resources();
  const xObjects = resources?.lookup(PDFName.of('XObject'));
  if (!(xObjects instanceof PDFDict)) return [];
  return xObjects.keys().flatMap((key) => {
    const object = xObjects.lookup(key);
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return [];
    const size = (name: string) => (object.dict.lookup(PDFName.of(name)) as PDFNumber).asNumber();
    return [[size('Width'), size('Height')] as [number, number]];
  });
}

/** The BaseFont names of the fonts a PDF embeds. */
function fontNames(doc: PDFDocument): string[] {
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font') && object.get(PDFName.of('Subtype')) === PDFName.of('Type0') ? [String(object.get(PDFName.of('BaseFont')))] : []));
}

describe('epub-to-pdf pictures', () => {
  it('draws a page made of inline SVG: its text can be extracted and its rectangle is drawn in its colour, in its place', async () => {
    // A 400 x 200 drawing: the left half of its top half is red, a caption in the bottom right.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" width="400" height="200">
      <style>.caption { font-size: 20px; fill: #003399 }</style>
      <rect x="0" y="0" width="200" height="100" fill="#ff0000"/>
      <g transform="translate(220 160)"><text class="caption" x="0" y="0">Harbour at dawn</text></g>
    </svg>`;
    const [out] = await epubToPdf(epub('svg.epub', book([{ href: 'page.xhtml', type: 'application/xhtml+xml', body: xhtml(svg) }])), {}, ctx);
    expect(out.notice).toBeUndefined();
    expect((await pdfPageTexts(out.bytes))[0]).toContain('Harbour at dawn');
    // Reflowable: the drawing sits at the top left of the A4 text area (margin 56 pt), 300 pt wide (400 px at 0.75).
    const doc = await PDFDocument.load(out.bytes);
    const { width, height } = doc.getPage(0).getSize();
    const page = await renderPage(out.bytes, 0, 1);
    const at = (x: number, yFromTop: number) => page.at(x / width, yFromTop / height);
    expect(at(56 + 75, 56 + 37)).toEqual([255, 0, 0, 255]);
    // Right of the rectangle, and below it, is paper.
    expect(at(56 + 225, 56 + 37)).toEqual([255, 255, 255, 255]);
    expect(at(56 + 75, 56 + 110)).toEqual([255, 255, 255, 255]);
  });

  it('draws SVG pages listed in the reading order, each on a page of its proportions, with their images', async () => {
    const photo = twoToneJpeg(120, 80);
    const page1 = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 500">
      <circle cx="150" cy="250" r="100" fill="rgb(0, 128, 0)"/><text x="150" y="450" text-anchor="middle" font-size="24">Chapter One</text></svg>`;
    const page2 = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 80"><image width="120" height="80" xlink:href="photo.jpg"/></svg>`;
    const bytes = book([
      { href: 'p1.svg', type: 'image/svg+xml', body: page1 },
      { href: 'p2.svg', type: 'image/svg+xml', body: page2 },
      { href: 'photo.jpg', type: 'image/jpeg', body: photo, spine: false },
    ]);
    const [out] = await epubToPdf(epub('svg-spine.epub', bytes), {}, ctx);
    expect(out.notice).toBeUndefined();
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(2);
    const [first, second] = [doc.getPage(0).getSize(), doc.getPage(1).getSize()];
    expect(first.width / first.height).toBeCloseTo(300 / 500, 3);
    expect(second.width / second.height).toBeCloseTo(120 / 80, 3);
    expect((await pdfPageTexts(out.bytes))[0]).toContain('Chapter One');
    const circle = await renderPage(out.bytes, 0, 1);
    expect(circle.at(0.5, 0.5)).toEqual([0, 128, 0, 255]);
    expect(circle.at(0.05, 0.05)).toEqual([255, 255, 255, 255]);
    expect(pageImages(doc, 1)).toEqual([[120, 80]]);
    const picture = await renderPage(out.bytes, 1, 1);
    expect(picture.at(0.5, 0.2)[0]).toBeGreaterThan(200);
    expect(picture.at(0.5, 0.8)[2]).toBeGreaterThan(200);
  });

  it('turns a fixed-layout picture book into one page per picture, at each picture\'s proportions', async () => {
    const pictures = [twoToneJpeg(300, 450), twoToneJpeg(450, 300), twoToneJpeg(200, 300)];
    const bytes = book(
      [
        { href: 'p1.xhtml', type: 'application/xhtml+xml', body: xhtml('<div class="page"><img src="images/p1.jpg" alt=""/></div>', '<meta name="viewport" content="width=300, height=450"/>') },
        { href: 'p2.xhtml', type: 'application/xhtml+xml', body: xhtml('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 450 300"><image width="450" height="300" xlink:href="images/p2.jpg"/></svg>') },
        { href: 'images/p3.jpg', type: 'image/jpeg', body: pictures[2] },
        { href: 'images/p1.jpg', type: 'image/jpeg', body: pictures[0], spine: false },
        { href: 'images/p2.jpg', type: 'image/jpeg', body: pictures[1], spine: false },
      ],
      true,
    );
    const [out] = await epubToPdf(epub('manga.epub', bytes), {}, ctx);
    expect(out.notice).toBeUndefined();
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(3);
    const sizes: [number, number][] = [[300, 450], [450, 300], [200, 300]];
    for (const [index, [w, h]] of sizes.entries()) {
      const page = doc.getPage(index).getSize();
      expect(page.width / page.height).toBeCloseTo(w / h, 3);
      expect(pageImages(doc, index)).toEqual([[w, h]]);
      // The picture fills its page: red top half, blue bottom half.
      const rendered = await renderPage(out.bytes, index, 1);
      expect(rendered.at(0.5, 0.1).slice(0, 3)).toEqual([expect.toSatisfy((r: number) => r > 220), expect.toSatisfy((g: number) => g < 40), expect.toSatisfy((b: number) => b < 40)]);
      expect(rendered.at(0.5, 0.9)[2]).toBeGreaterThan(220);
    }
  });

  it('draws Japanese text (kana, kanji and kanji only Japanese uses) in the served Japanese font, extracted back as written', async () => {
    const line = 'ひらがなとカタカナ、働く峠の込み合う畑で桜を見た。';
    const svgLine = '縦書きの図：駅前広場';
    const bytes = book([
      { href: 'c1.xhtml', type: 'application/xhtml+xml', body: xhtml(`<h1>第一章</h1><p>${line}</p>`) },
      { href: 'c2.xhtml', type: 'application/xhtml+xml', body: xhtml(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 60"><text x="10" y="40" font-size="20">${svgLine}</text></svg>`) },
    ]);
    const [out] = await epubToPdf(epub('nihongo.epub', bytes), {}, ctx);
    expect(out.notice).toBeUndefined();
    const pages = await pdfLines(out.bytes);
    expect(pages[0]).toEqual(['第一章', line]);
    expect(pages[1]).toEqual([svgLine]);
    // Every character is in the Japanese font, which draws kanji in their Japanese forms.
    expect(fontNames(await PDFDocument.load(out.bytes)).filter((font) => /Noto/.test(font))).toEqual([expect.stringMatching(/NotoSansJP/)]);
  });

  it('warns, naming the chapter, when a chapter cannot be drawn, and keeps the chapters that can', async () => {
    const bytes = book([
      { href: 'c1.xhtml', type: 'application/xhtml+xml', body: xhtml('<p>The first chapter is text.</p>') },
      { href: 'c2.xhtml', type: 'application/xhtml+xml', body: xhtml('<p><img src="moving.gif" alt=""/></p>') },
      { href: 'moving.gif', type: 'image/gif', body: gif, spine: false },
    ]);
    const [out] = await epubToPdf(epub('mixed.epub', bytes), {}, ctx);
    expect(out.noticeTone).toBe('warning');
    expect(out.notice).toBe(
      'Some pages of the book could not be drawn (pictures in formats other than JPEG, PNG and SVG, or empty drawings) and are missing from the PDF in whole or in part: OPS/c2.xhtml.',
    );
    // The chapter that drew nothing leaves no blank page behind.
    const pages = await pdfPageTexts(out.bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('The first chapter is text.');
  });

  it('refuses, with a specific message, a book of which nothing can be drawn', async () => {
    const bytes = book([{ href: 'only.gif', type: 'image/gif', body: gif }], true);
    await expect(epubToPdf(epub('gifs.epub', bytes), {}, ctx)).rejects.toThrow(
      'Nothing in the book gifs.epub could be drawn: its pages are in formats this tool cannot convert (such as GIF or WebP pictures). Please choose another file.',
    );
  });
});
