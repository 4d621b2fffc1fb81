import { describe, expect, it } from 'vitest';
import { dataUriBytes, HtmlRenderer } from './html-to-pdf';
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

describe('dataUriBytes', () => {
  it('decodes base64 and percent-encoded data URIs', () => {
    expect(Array.from(dataUriBytes('data:image/png;base64,AQID')!)).toEqual([1, 2, 3]);
    expect(new TextDecoder().decode(dataUriBytes('data:text/plain,a%20b')!)).toBe('a b');
    expect(dataUriBytes('http://example.com/x.png')).toBeNull();
  });
});
