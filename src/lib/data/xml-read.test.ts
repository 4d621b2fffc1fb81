import { describe, expect, it } from 'vitest';
import { decodeEntities, entityDeclarationMessage, invalidXmlMessage, parseXml, tooDeepMessage } from './xml-read';
import { recordNotice, xmlToTable } from './xml-records';

const bytes = (text: string) => new TextEncoder().encode(text);

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<lolz>&lol9;</lolz>`;

describe('parseXml', () => {
  it('refuses a billion-laughs DOCTYPE before parsing', () => {
    expect(() => parseXml(bytes(BILLION_LAUGHS), 'lol.xml')).toThrow(entityDeclarationMessage('lol.xml'));
    expect(() => parseXml(bytes('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'), 'xxe.xml')).toThrow(
      entityDeclarationMessage('xxe.xml'),
    );
  });

  it('ignores a DOCTYPE without entities and decodes only predefined entities', () => {
    const root = parseXml(bytes('<!DOCTYPE note SYSTEM "note.dtd">\n<note a="&quot;x&quot;">1 &lt; 2 &amp; &#x41;&#66; &custom;</note>'), 'n.xml');
    expect(root.name).toBe('note');
    expect(root.attributes).toEqual([['a', '"x"']]);
    expect(root.text).toBe('1 < 2 & AB &custom;');
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
  });

  it('names the file, line and column of a syntax error', () => {
    const text = '<a>\n  <b>one</b>\n  <c>two</d>\n</a>';
    expect(() => parseXml(bytes(text), 'bad.xml')).toThrow(/^The file bad\.xml is not valid XML: .*\(line 3, column \d+\)\. Please check the file and try again\.$/);
    expect(invalidXmlMessage('f.xml', 'Unclosed tag.', 2, 5)).toBe(
      'The file f.xml is not valid XML: Unclosed tag (line 2, column 5). Please check the file and try again.',
    );
    expect(() => parseXml(bytes('not xml at all'), 'x.xml')).toThrow(/^The file x\.xml is not valid XML/);
  });

  it('refuses elements nested too deep', () => {
    const deep = '<a>'.repeat(150) + '</a>'.repeat(150);
    expect(() => parseXml(bytes(deep), 'deep.xml')).toThrow(tooDeepMessage('deep.xml'));
  });

  it('keeps __proto__ and constructor as plain names without polluting any prototype', () => {
    const root = parseXml(
      bytes('<r><__proto__ polluted="yes"><x>1</x></__proto__><constructor prototype="p">c</constructor><__proto__><x>2</x></__proto__></r>'),
      'p.xml',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const table = xmlToTable(root);
    expect(table.recordPath).toBe('r/__proto__');
    expect(table.columns).toEqual(['__proto__.@polluted', 'x']);
    expect(table.rows).toEqual([['yes', '1'], ['', '2']]);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });
});

describe('xmlToTable', () => {
  it('picks the most repeated element and flattens nested elements and attributes', () => {
    const xml = `<shop><meta><tag>a</tag><tag>b</tag></meta>
      <book id="1"><title lang="en">One</title><author><name>Ann</name></author><author><name>Bo</name></author></book>
      <book id="2"><title>Two</title><price>3.50</price></book>
      <book id="3"><title>Three</title></book></shop>`;
    const table = xmlToTable(parseXml(bytes(xml), 's.xml'));
    expect(table.recordPath).toBe('shop/book');
    expect(table.columns).toEqual(['book.@id', 'title.@lang', 'title', 'author.name', 'author.2.name', 'price']);
    expect(table.rows).toEqual([
      ['1', 'en', 'One', 'Ann', 'Bo', ''],
      ['2', '', 'Two', '', '', '3.50'],
      ['3', '', 'Three', '', '', ''],
    ]);
    expect(recordNotice(table)).toBe(
      'Each <book> element (3, the most repeated) became a row. Other repeating elements: <tag> (2). To use one of them, enter its name under Record element and convert again.',
    );
  });
});
