import { describe, expect, it } from 'vitest';
import { decodeEntities, findElement, parseHtml, textContent, type HtmlElement } from './parse';

describe('parseHtml', () => {
  it('builds nested elements with attributes, void and self-closing tags', () => {
    const root = parseHtml('<p class="a">One <b>two</b><br>three<img src="x.png"/></p><p>four</p>');
    const [first, second] = root.children as HtmlElement[];
    expect(first.tag).toBe('p');
    expect(first.attrs.class).toBe('a');
    expect(first.children.map((c) => (typeof c === 'string' ? c : c.tag))).toEqual(['One ', 'b', 'br', 'three', 'img']);
    expect(textContent(second)).toBe('four');
  });

  it('closes implied end tags, ignores stray closers and drops scripts, styles and comments', () => {
    const root = parseHtml('<ul><li>a<li>b</ul></span><script>if (a < b) alert("x")</script><style>p{}</style><!-- hidden --><p>c');
    const list = findElement(root, 'ul')!;
    expect(list.children.map(textContent)).toEqual(['a', 'b']);
    expect(textContent(root)).toBe('abc');
  });

  it('decodes named and numeric entities and keeps unknown ones', () => {
    expect(decodeEntities('&amp;&lt;&nbsp;&#233;&#xE9;&mdash;&bogus;')).toBe('&<\u00a0éé—&bogus;');
    expect(textContent(parseHtml('<p title="a &amp; b">x &gt; y</p>'))).toBe('x > y');
  });

  it('drops namespace prefixes and parses a large document in linear time', () => {
    expect((parseHtml('<xhtml:p>x</xhtml:p>').children[0] as HtmlElement).tag).toBe('p');
    const big = '<p>word <i>it</i></p>'.repeat(50_000);
    const start = performance.now();
    expect(parseHtml(big).children).toHaveLength(50_000);
    expect(performance.now() - start).toBeLessThan(3000);
  });
});
