/**
 * hb-subset through its standalone wasm: a TrueType font is cut down to the
 * glyphs asked for, with glyph ids kept or renumbered as asked; anything that
 * is not a font comes back as null, and later calls still work.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { HB_FLAGS, hbSubsetReady, loadHbSubset, subsetFont } from './hb-subset';
import { cffFacts, readTables, unwrapCff, wrapCff } from './sfnt';

const DEJAVU = new Uint8Array(readFileSync('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));

describe('hb-subset', () => {
  beforeAll(() => loadHbSubset());

  it('keeps glyph ids when asked, emptying the glyphs left out', () => {
    expect(hbSubsetReady()).toBe(true);
    const full = fontkit.create(DEJAVU as Buffer);
    const a = full.glyphForCodePoint(0x41).id;
    const z = full.glyphForCodePoint(0x5a).id;
    const out = subsetFont(DEJAVU, { glyphs: [a], flags: HB_FLAGS.retainGids, dropTables: ['GSUB', 'GPOS'] })!;
    expect(out.length).toBeLessThan(DEJAVU.length / 10);
    const subset = fontkit.create(out as Buffer);
    expect(subset.numGlyphs).toBeGreaterThan(a);
    expect(subset.getGlyph(a).path.toSVG()).toBe(full.getGlyph(a).path.toSVG());
    expect(subset.getGlyph(z).path.toSVG()).toBe('');
    expect(readTables(out)!.has('GSUB')).toBe(false);
  });

  it('renumbers glyphs when glyph ids need not stay', () => {
    const full = fontkit.create(DEJAVU as Buffer);
    const glyphs = [...'ABC'].map((char) => full.glyphForCodePoint(char.codePointAt(0)!).id);
    const out = subsetFont(DEJAVU, { glyphs, flags: 0 })!;
    expect(fontkit.create(out as Buffer).numGlyphs).toBe(4);
  });

  it('returns null for bytes that are not a font, and works again after', () => {
    expect(subsetFont(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), { glyphs: [1], flags: 0 })).toBeNull();
    expect(subsetFont(new Uint8Array(0), { glyphs: [1], flags: 0 })).toBeNull();
    expect(subsetFont(DEJAVU, { glyphs: [36], flags: HB_FLAGS.retainGids })).not.toBeNull();
  });
});

describe('bare CFF programs', () => {
  it('are read for their glyph count, refused when not CFF, and wrapped and unwrapped unchanged', () => {
    expect(cffFacts(DEJAVU)).toBeNull();
    expect(cffFacts(new Uint8Array([1, 0, 4, 4]))).toBeNull();
    // A one-glyph CFF: header; Name INDEX ("A"); Top DICT INDEX (CharStrings at 25); empty String and Global Subr INDEXes; CharStrings INDEX (one endchar).
    const cff = new Uint8Array([1, 0, 4, 1, 0, 1, 1, 1, 2, 0x41, 0, 1, 1, 1, 7, 29, 0, 0, 0, 25, 17, 0, 0, 0, 0, 0, 1, 1, 1, 2, 14]);
    expect(cffFacts(cff)).toEqual({ glyphs: 1, cidKeyed: false });
    const wrapped = wrapCff(cff, 1);
    expect(unwrapCff(wrapped)).toEqual(cff);
    expect(readTables(wrapped)!.get('maxp')![5]).toBe(1);
  });
});
