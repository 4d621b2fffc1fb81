import { describe, expect, it } from 'vitest';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { embedFonts } from './embed';
import { PdfFlow } from '../pdf/layout';
import { breakUnits, missingGlyphsWarning, splitByFont, visualLine } from './shaping';

// Fonts stand in as identities; which characters each has is given by `covers`.
const latin = { name: 'latin' } as unknown as PDFFont;
const cjk = { name: 'cjk' } as unknown as PDFFont;
const covers = (font: PDFFont, code: number) => (font === latin ? code < 0x0400 : code >= 0x3000 && code < 0xa000);
const named = (parts: { text: string; font: PDFFont }[]) => parts.map((p) => [p.text, (p.font as unknown as { name: string }).name]);

describe('splitByFont', () => {
  it('gives each character the first font that has it and collects the ones none has', () => {
    const missing = new Set<string>();
    expect(named(splitByFont('ab中文c\u1200d𐀀', [latin, cjk], covers, missing))).toEqual([
      ['ab', 'latin'],
      ['中文', 'cjk'],
      ['cd', 'latin'],
    ]);
    expect([...missing]).toEqual(['\u1200', '𐀀']);
  });

  it('keeps an accent, a joiner and punctuation with the letter before them', () => {
    const missing = new Set<string>();
    expect(named(splitByFont('e\u0301\u200d中', [latin, cjk], covers, missing))).toEqual([
      ['e\u0301\u200d', 'latin'],
      ['中', 'cjk'],
    ]);
    // A full stop both fonts have stays with the sentence it ends.
    const withStop = (font: PDFFont, code: number) => code === 0x2e || covers(font, code);
    expect(named(splitByFont('中文.a.', [latin, cjk], withStop, missing))).toEqual([
      ['中文.', 'cjk'],
      ['a.', 'latin'],
    ]);
    expect(missing.size).toBe(0);
  });
});

describe('breakUnits', () => {
  it('lets CJK text break between characters but never before closing punctuation', () => {
    expect(breakUnits('中文。abc日本」')).toEqual(['中', '文。', 'abc', '日', '本」']);
    expect(breakUnits('word')).toEqual(['word']);
  });
});

describe('visualLine', () => {
  const measure = (_font: PDFFont, text: string) => text.length;

  it('draws a left-to-right line as it is, one string per font', () => {
    expect(visualLine([{ text: 'one ', font: latin }, { text: 'two', font: latin }, { text: '中', font: cjk }], 'ltr', measure)).toEqual([
      { text: 'one two', font: latin, width: 7 },
      { text: '中', font: cjk, width: 1 },
    ]);
  });

  it('keeps each directional run a string of its own, so fontkit shapes it in its own direction', () => {
    expect(visualLine([{ text: 'The word مرحبا means', font: latin }], 'ltr', measure).map((d) => d.text)).toEqual(['The word ', 'مرحبا', ' means']);
  });

  it('reverses and mirrors a run of neutral characters in a right-to-left line itself', () => {
    expect(visualLine([{ text: '-> abc', font: latin }], 'rtl', measure).map((d) => d.text)).toEqual(['abc', ' <-']);
  });
});

describe('missingGlyphsWarning', () => {
  it('names the characters with their code points, the first twelve of many', () => {
    expect(missingGlyphsWarning([])).toBeUndefined();
    expect(missingGlyphsWarning(['ሀ', 'ሀ'])).toBe('Some characters could not be drawn because none of the fonts has them, so they are left out of the PDF: ሀ (U+1200).');
    const many = Array.from({ length: 15 }, (_, i) => String.fromCodePoint(0x1200 + i));
    expect(missingGlyphsWarning(many)).toMatch(/ሀ \(U\+1200\), .*ላ \(U\+120B\) and 3 more\.$/);
  });
});

describe('PdfFlow with scripts', () => {
  it('loads the CJK font only for text that needs it', async () => {
    expect((await embedFonts(await PDFDocument.create(), ['regular'], ['Plain text, שלום'])).fallbacks).toHaveLength(0);
    expect((await embedFonts(await PDFDocument.create(), ['regular'], ['中文'])).fallbacks).toHaveLength(1);
    // Korean text with Hanja needs the Korean font alone; with a character only the Chinese font has, both.
    expect((await embedFonts(await PDFDocument.create(), ['regular'], ['한국어 中文'])).fallbacks).toHaveLength(1);
    expect((await embedFonts(await PDFDocument.create(), ['regular'], ['한국어', '这'])).fallbacks).toHaveLength(2);
  });

  it('keeps Arabic-Indic and European digits in order inside Arabic text', async () => {
    const doc = await PDFDocument.create();
    const flow = new PdfFlow(doc, await embedFonts(doc, ['regular']), { pageSize: [400, 300], margin: 40 });
    const lines = ['في عام ٢٠٢٤ كان العدد ١٥', 'في عام 2024 كان العدد 15'];
    for (const text of lines) flow.paragraph([{ text }], { size: 12 });
    const pdf = await getDocument({ data: await doc.save(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.filter((item) => 'str' in item && item.str.trim());
    expect(items.map((item) => ('str' in item ? item.str : ''))).toEqual(lines);
  });

  it('sets a right-to-left paragraph flush right and a left-to-right one flush left', async () => {
    const doc = await PDFDocument.create();
    const flow = new PdfFlow(doc, await embedFonts(doc, ['regular']), { pageSize: [400, 300], margin: 40 });
    flow.paragraph([{ text: 'שלום עולם' }], { size: 12 });
    flow.paragraph([{ text: 'Hello world' }], { size: 12 });
    const pdf = await getDocument({ data: await doc.save(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.filter((item) => 'str' in item && item.str.trim());
    const [hebrew, english] = items as { str: string; transform: number[]; width: number }[];
    expect(hebrew!.str).toBe('שלום עולם');
    expect(hebrew!.transform[4]! + hebrew!.width).toBeCloseTo(360, 0);
    expect(english!.transform[4]).toBeCloseTo(40, 3);
  });
});
