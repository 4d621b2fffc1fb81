import { describe, expect, it, vi } from 'vitest';
import { entityDeclarationMessage } from '../lib/data/xml-read';
import xmlToJson from './xml-to-json';

const ctx = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });
const xml = (name: string, text: string) => ({ name, type: 'application/xml', bytes: new TextEncoder().encode(text) });

describe('xml-to-json', () => {
  it('writes indented JSON with attributes, text and repeated elements as arrays', async () => {
    const input = xml('c.xml', '<catalog><book id="007"><title lang="el">Ωμέγα &amp; co</title><tag>a</tag><tag>b</tag></book><note>hi<b>x</b></note></catalog>');
    const before = input.bytes.slice();
    const [out] = await xmlToJson.run([input], {}, ctx());
    expect(input.bytes).toEqual(before);
    expect(out.type).toBe('application/json');
    const text = new TextDecoder().decode(out.bytes);
    expect(text).toContain('\n  "catalog": {');
    expect(JSON.parse(text)).toEqual({
      catalog: {
        book: { '@id': '007', title: { '@lang': 'el', '#text': 'Ωμέγα & co' }, tag: ['a', 'b'] },
        note: { b: 'x', '#text': 'hi' },
      },
    });
  });

  it('keeps __proto__ and constructor as ordinary keys', async () => {
    const [out] = await xmlToJson.run([xml('p.xml', '<r><__proto__><admin>true</admin></__proto__><constructor>c</constructor></r>')], {}, ctx());
    const parsed = JSON.parse(new TextDecoder().decode(out.bytes)) as { r: Record<string, unknown> };
    expect(Object.getOwnPropertyNames(parsed.r)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses a billion-laughs file quickly with a clear message', async () => {
    const lol = `<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><l>&c;</l>`;
    await expect(xmlToJson.run([xml('lol.xml', lol)], {}, ctx())).rejects.toThrow(entityDeclarationMessage('lol.xml'));
  });
});
