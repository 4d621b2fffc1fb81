import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { dataUriBytes, HtmlRenderer } from './to-pdf';
import { pdfText } from '../../../tests/fixtures/pdf-build/pdf-text';

async function render(html: string): Promise<string> {
  const renderer = await HtmlRenderer.create(() => null, [html]);
  await renderer.render(html);
  return (await pdfText(await renderer.save())).replace(/\s+/g, ' ');
}

describe('HtmlRenderer', () => {
  it('numbers ordered lists from their start attribute and bullets unordered ones', async () => {
    const text = await render('<ol start="3"><li>three</li><li>four</li></ol><ul><li>dot</li></ul>');
    expect(text).toContain('3. three');
    expect(text).toContain('4. four');
    expect(text).toContain('• dot');
  });

  it('lays out table cells, headings and a blank document', async () => {
    const text = await render('<h2>Title</h2><table><tr><th>Name</th><th>Qty</th></tr><tr><td>Apple</td><td>7</td></tr></table>');
    for (const word of ['Title', 'Name', 'Qty', 'Apple', '7']) expect(text).toContain(word);
    expect((await render('')).trim()).toBe('');
  });

  it('skips images it cannot read without failing', async () => {
    const text = await render('<p>before</p><img src="data:image/png;base64,AAAA"/><img src="missing.png"/><p>after</p>');
    expect(text).toContain('before');
    expect(text).toContain('after');
  });
});

describe('HtmlRenderer with right-to-left text', () => {
  it('puts a Hebrew list item flush right with its bullet in the right margin, and right-aligns a Hebrew table cell', async () => {
    const html = '<ul><li>פריט ראשון</li></ul><table><tr><td>שלום</td><td></td></tr><tr><td>Apple</td><td></td></tr></table>';
    const renderer = await HtmlRenderer.create(() => null, [html]);
    await renderer.render(html);
    const pdf = await getDocument({ data: await renderer.save(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
    const find = (str: string) => items.find((item) => item.str === str)!;
    const right = (item: TextItem) => item.transform[4]! + item.width;
    // A4 is 595.28 points wide with 56-point margins; a list indents by 18 points, from the right here.
    expect(right(find('פריט ראשון'))).toBeCloseTo(595.28 - 56 - 18, 0);
    expect(find('•').transform[4]).toBeGreaterThan(right(find('פריט ראשון')));
    // Two equal columns with 3 points of padding: in the first, the Hebrew text ends at the right edge, the English starts at the left.
    const column = (595.28 - 112) / 2;
    expect(right(find('שלום'))).toBeCloseTo(56 + column - 3, 0);
    expect(find('Apple').transform[4]).toBeCloseTo(56 + 3, 0);
  });
});

describe('HtmlRenderer with dir attributes', () => {
  it('sets a paragraph that starts with a Latin word right to left inside dir="rtl", left to right without it', async () => {
    const html = '<div dir="rtl"><p>iPhone הוא טלפון</p></div><p>iPhone הוא טלפון</p>';
    const renderer = await HtmlRenderer.create(() => null, [html]);
    await renderer.render(html);
    const pdf = await getDocument({ data: await renderer.save(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
    const [first, second] = [...new Set(items.map((item) => item.transform[5]!))].sort((a, b) => b - a).map((y) => items.filter((item) => item.transform[5] === y));
    const edges = (line: TextItem[]) => [Math.min(...line.map((i) => i.transform[4]!)), Math.max(...line.map((i) => i.transform[4]! + i.width))];
    // dir="rtl": flush right, and the Latin word that starts the sentence is its rightmost part.
    expect(edges(first!)[1]).toBeCloseTo(595.28 - 56, 0);
    const iphone = first!.find((item) => item.str.includes('iPhone'))!;
    expect(iphone.transform[4]! + iphone.width).toBeCloseTo(595.28 - 56, 0);
    // No attribute: the first strong character is Latin, so the line is flush left, starting with it.
    expect(edges(second!)[0]).toBeCloseTo(56, 0);
  });
});

describe('dataUriBytes', () => {
  it('decodes base64 and percent-encoded data URIs', () => {
    expect(Array.from(dataUriBytes('data:image/png;base64,AQID')!)).toEqual([1, 2, 3]);
    expect(new TextDecoder().decode(dataUriBytes('data:text/plain,a%20b')!)).toBe('a b');
    expect(dataUriBytes('http://example.com/x.png')).toBeNull();
  });
});
