import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import epubToPdfProcessor from './epub-to-pdf';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { halfTransparentPng } from '../../tests/fixtures/pdf-build/images';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { pdfLines } from '../../tests/support/pdf-scripts';

const epubToPdf = asWorkerCalls(epubToPdfProcessor);

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const epub = (name: string, bytes: Uint8Array) => [{ name, type: 'application/epub+zip', bytes }];

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;

const OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Test Book</dc:title><dc:identifier id="id">x</dc:identifier></metadata>
<manifest>
  <item id="c2" href="text/chapter%202.xhtml" media-type="application/xhtml+xml"/>
  <item id="c1" href="text/chapter1.xhtml" media-type="application/xhtml+xml"/>
  <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
  <item id="img" href="images/pic.png" media-type="image/png"/>
</manifest>
<spine><itemref idref="c1"/><itemref idref="c2"/></spine>
</package>`;

const chapter = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title><style>p{color:red}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;

const NAV = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
<nav epub:type="toc"><ol><li><a href="text/chapter1.xhtml">The Beginning</a></li><li><a href="text/chapter%202.xhtml#start">The Ending</a></li></ol></nav>
</body></html>`;

function buildEpub(overrides: Record<string, Uint8Array | null> = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(CONTAINER),
    'OEBPS/content.opf': strToU8(OPF),
    'OEBPS/text/chapter1.xhtml': strToU8(chapter('Chapter One', '<p>It was a <b>dark</b> and stormy night&nbsp;&amp; cold.</p>')),
    'OEBPS/text/chapter 2.xhtml': strToU8(chapter('Chapter Two', '<p id="start">The rain stopped at dawn.</p><img src="../images/pic.png" alt="pic"/><ul><li>Ёлка</li><li>Δέντρο</li></ul>')),
    'OEBPS/nav.xhtml': strToU8(NAV),
    'OEBPS/images/pic.png': halfTransparentPng(80, 40),
  };
  for (const [path, value] of Object.entries(overrides)) {
    if (value === null) delete files[path];
    else files[path] = value;
  }
  return zipSync(files);
}

function outlineTitles(doc: PDFDocument): string[] {
  const outlines = doc.catalog.lookup(PDFName.of('Outlines'));
  if (!(outlines instanceof PDFDict)) return [];
  const titles: string[] = [];
  let item = outlines.lookup(PDFName.of('First'));
  while (item instanceof PDFDict) {
    const title = item.lookup(PDFName.of('Title'));
    titles.push(title instanceof PDFHexString || title instanceof PDFString ? title.decodeText() : '');
    item = item.lookup(PDFName.of('Next'));
  }
  return titles;
}

describe('epub-to-pdf', () => {
  it('renders chapters in spine order, each on a new page, with images and a bookmark per toc entry', async () => {
    const [out] = await epubToPdf(epub('book.epub', buildEpub()), {}, ctx);
    const pages = (await pdfPageTexts(out.bytes)).map((page) => page.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Chapter One');
    expect(pages[0]).toContain('dark and stormy night');
    expect(pages[0]).toContain('& cold.');
    expect(pages[1]).toContain('Chapter Two');
    expect(pages[1]).toContain('The rain stopped at dawn.');
    expect(pages[1]).toContain('Ёлка');
    expect(pages[1]).not.toContain('color:red');
    const doc = await PDFDocument.load(out.bytes);
    expect(outlineTitles(doc)).toEqual(['The Beginning', 'The Ending']);
    expect(doc.getTitle()).toBe('Test Book');
    const images = doc.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBeGreaterThan(0);
  });

  it('draws Japanese text in the CJK font, breaking long lines between characters', async () => {
    const opening = '吾輩は猫である。名前はまだ無い。';
    const long = 'どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。';
    const book = buildEpub({
      'OEBPS/text/chapter1.xhtml': strToU8(chapter('第一章', `<p>${opening}</p><p>${long}</p>`)),
    });
    const [out] = await epubToPdf(epub('neko.epub', book), {}, ctx);
    expect(out.notice).toBeUndefined();
    const [first] = await pdfLines(out.bytes);
    expect(first!.slice(0, 2)).toEqual(['第一章', opening]);
    // The long paragraph has no spaces: it wraps between characters, and its lines put together give it back.
    const wrapped = first!.slice(2);
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.join('')).toBe(long);
  });

  it('warns about characters no font has', async () => {
    const book = buildEpub({ 'OEBPS/text/chapter1.xhtml': strToU8(chapter('Scripts', '<p>Georgian ქართული is drawn, Ethiopic ሀ is not.</p>')) });
    const [out] = await epubToPdf(epub('rare.epub', book), {}, ctx);
    expect(out.notice).toBe('Some characters could not be drawn because none of the fonts has them, so they are left out of the PDF: ሀ (U+1200).');
    expect(out.noticeTone).toBe('warning');
    expect((await pdfLines(out.bytes))[0]).toEqual(['Scripts', 'Georgian ქართული is drawn, Ethiopic is not.']);
  });

  it('falls back to the NCX table of contents of EPUB 2 books', async () => {
    const opf2 = OPF.replace(' properties="nav"', '').replace('<spine>', '<spine toc="ncx">').replace('</manifest>', '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/></manifest>');
    const ncx = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
      <navPoint id="a" playOrder="1"><navLabel><text>One</text></navLabel><content src="text/chapter1.xhtml"/></navPoint>
      <navPoint id="b" playOrder="2"><navLabel><text>Two</text></navLabel><content src="text/chapter%202.xhtml"/></navPoint></navMap></ncx>`;
    const [out] = await epubToPdf(epub('old.epub', buildEpub({ 'OEBPS/content.opf': strToU8(opf2), 'OEBPS/toc.ncx': strToU8(ncx) })), {}, ctx);
    expect(outlineTitles(await PDFDocument.load(out.bytes))).toEqual(['One', 'Two']);
  });

  it('refuses non-EPUB files, a missing container and DRM with specific messages', async () => {
    await expect(epubToPdf(epub('novel.epub', strToU8('hello')), {}, ctx)).rejects.toThrow('The file novel.epub is not an EPUB book. Please choose an .epub file.');
    await expect(epubToPdf(epub('nocontainer.epub', buildEpub({ 'META-INF/container.xml': null })), {}, ctx)).rejects.toThrow(
      'The file nocontainer.epub is not a valid EPUB book: META-INF/container.xml is missing. Please choose another file.',
    );
    const encryption = strToU8('<encryption><EncryptedData><CipherData><CipherReference URI="OEBPS/text/chapter1.xhtml"/></CipherData></EncryptedData></encryption>');
    await expect(epubToPdf(epub('drm.epub', buildEpub({ 'META-INF/encryption.xml': encryption })), {}, ctx)).rejects.toThrow(/protected by DRM/);
  });

  it('refuses an archive whose entries claim to expand past the limit before inflating them', async () => {
    const bytes = buildEpub();
    // Rewrite one central-directory entry's uncompressed size to 4 GB - 1.
    for (let i = bytes.length - 22; i > 0; i--) {
      if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 1 && bytes[i + 3] === 2) {
        bytes.set([0xff, 0xff, 0xff, 0xfe], i + 24);
        break;
      }
    }
    await expect(epubToPdf(epub('bomb.epub', bytes), {}, ctx)).rejects.toThrow(/expands to more than 200 MB/);
  });
});
