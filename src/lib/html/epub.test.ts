import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readEpub, resolvePath } from './epub';

describe('resolvePath', () => {
  it('resolves relative, parent, absolute and percent-encoded hrefs and drops fragments', () => {
    expect(resolvePath('OEBPS/content.opf', 'text/ch1.xhtml')).toBe('OEBPS/text/ch1.xhtml');
    expect(resolvePath('OEBPS/text/ch1.xhtml', '../images/a%20b.png')).toBe('OEBPS/images/a b.png');
    expect(resolvePath('OEBPS/nav.xhtml', 'ch2.xhtml#sec')).toBe('OEBPS/ch2.xhtml');
    expect(resolvePath('content.opf', './x.xhtml')).toBe('x.xhtml');
    expect(resolvePath('a/b.opf', '/root.xhtml')).toBe('root.xhtml');
    expect(resolvePath('a/b.opf', 'bad%zz.xhtml')).toBe('a/bad%zz.xhtml');
  });
});

describe('readEpub reading order', () => {
  const container = '<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="p.opf"/></rootfiles></container>';
  const opf = (meta: string, spine: string) =>
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata>${meta}</metadata><manifest>
    <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.svg" media-type="image/svg+xml"/>
    <item id="c" href="c.jpg" media-type="image/jpeg"/><item id="d" href="d.css" media-type="text/css"/></manifest><spine>${spine}</spine></package>`;
  const read = (meta: string, spine: string) =>
    readEpub('b.epub', zipSync({ 'META-INF/container.xml': strToU8(container), 'p.opf': strToU8(opf(meta, spine)), 'a.xhtml': strToU8('<p>a</p>'), 'b.svg': strToU8('<svg/>'), 'c.jpg': new Uint8Array([0xff, 0xd8]), 'd.css': strToU8('p{}') }));

  it('lists XHTML, SVG and image items, and which pages are fixed (for the book, or for one item)', () => {
    const all = '<itemref idref="a"/><itemref idref="b"/><itemref idref="c"/><itemref idref="d"/>';
    const fixedBook = read('<meta property="rendition:layout">pre-paginated</meta>', all.replace('"a"/>', '"a" properties="rendition:layout-reflowable"/>'));
    expect(fixedBook.chapters.map(({ path, kind, fixed }) => [path, kind, fixed])).toEqual([
      ['a.xhtml', 'html', false],
      ['b.svg', 'svg', true],
      ['c.jpg', 'image', true],
    ]);
    const oneFixed = read('', all.replace('"c"/>', '"c" properties="rendition:layout-pre-paginated"/>'));
    expect(oneFixed.chapters.map((chapter) => chapter.fixed)).toEqual([false, false, true]);
    expect(oneFixed.chapters[1].html).toBe('<svg/>');
  });

  it('still refuses a book whose reading order lists nothing it can show', () => {
    expect(() => read('', '<itemref idref="d"/>')).toThrow(
      'The book b.epub has no readable chapters (its reading order lists no XHTML pages, SVG pages or images). Please choose another file.',
    );
  });
});
