import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { cjkFontMessage, loadCjkFontBytes, padGlyphs } from './cjk';
import { embedFonts } from './embed';

type Font = ReturnType<typeof fontkit.create>;

/** Subsets `text`'s glyphs the way pdf-lib does and returns the subset font, parsed back. */
async function subsetOf(font: Font, text: string): Promise<{ subset: Font; original: string[] }> {
  // The subset holds each glyph once, in order of first use.
  const glyphs = [...new Map(font.layout(text).glyphs.map((g) => [g.id, g])).values()];
  const subset = font.createSubset();
  for (const glyph of glyphs) subset.includeGlyph(glyph);
  const chunks: Uint8Array[] = [];
  await new Promise<void>((resolve) => {
    const stream = subset.encodeStream();
    stream.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    stream.on('end', () => resolve());
  });
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { subset: fontkit.create(bytes), original: glyphs.map((g) => g.path.toSVG()) };
}

/** Outlines (as SVG paths) of the subset's glyphs 1..n (0 is .notdef); "unreadable" where a glyph cannot be decoded. */
function outlines(subset: Font, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    try {
      return subset.getGlyph(i + 1).path.toSVG();
    } catch {
      return 'unreadable';
    }
  });
}

const SAMPLE = '\u5e74\u6b21\u5831\u544a\u66f8\u4eca\u5e74\u3001\u4f1a\u793e\u306f\u3059\u3079\u3066\u516c\u53f8\u5728\u6bcf\u4e2a\u5730\u533a';

describe('CJK font', () => {
  it('covers kana, Japanese kanji and simplified Chinese', async () => {
    const font = fontkit.create(await loadCjkFontBytes());
    for (const char of '\u3042\u30a2\u65e5\u672c\u8a9e\u8fd9\u662f\u4e2d\u6587\u7b80\u4f53A\u00e9') {
      expect(font.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
    }
  });

  it('subsets into the same outlines once glyphs are padded (the raw file does not)', async () => {
    const raw = new Uint8Array(await readFile('node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
    const broken = await subsetOf(fontkit.create(raw), SAMPLE);
    expect(outlines(broken.subset, broken.original.length)).not.toEqual(broken.original);
    const padded = padGlyphs(raw);
    const fixed = await subsetOf(fontkit.create(padded), SAMPLE);
    expect(outlines(fixed.subset, fixed.original.length)).toEqual(fixed.original);
    expect(fixed.original.every((svg) => svg.length > 20)).toBe(true);
  });

  it('has a Korean font for Hangul, which the Chinese one lacks', async () => {
    const [chinese, korean] = [fontkit.create(await loadCjkFontBytes()), fontkit.create(await loadCjkFontBytes('kr'))];
    for (const char of '\ud55c\uad6d\uc5b4\u3131\u314f') expect(korean.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
    for (const char of '\ud55c\uad6d\uc5b4') expect(chinese.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(false);
  });

  it('has a Japanese font that draws kana and kanji in Japanese forms, and subsets it intact', async () => {
    const [japanese, chinese] = [fontkit.create(await loadCjkFontBytes('jp')), fontkit.create(await loadCjkFontBytes())];
    for (const char of 'あアｱ働峠込畑駅図沢広桜') expect(japanese.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
    // Shared ideographs whose Japanese and Chinese forms differ are drawn differently by the two fonts.
    for (const char of '直骨写') {
      const outline = (font: Font) => font.glyphForCodePoint(char.codePointAt(0)!).path.toSVG();
      expect(outline(japanese), char).not.toBe(outline(chinese));
    }
    const subset = await subsetOf(japanese, '吾輩は猫である。直骨写');
    expect(outlines(subset.subset, subset.original.length)).toEqual(subset.original);
  });

  it('embeds the Japanese font for Japanese text, and the Chinese one alone when the text also has Chinese beyond it', async () => {
    const names = async (texts: string[]) => ((await embedFonts(await PDFDocument.create(), ['regular'], texts)).fallbacks ?? []).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(await names(['吾輩は猫である。'])).toEqual([expect.stringMatching(/^NotoSansJP/)]);
    expect(await names(['吾輩は猫である。', '这是中文。'])).toEqual([expect.stringMatching(/^NotoSansSC/)]);
    expect(await names(['这是中文。'])).toEqual([expect.stringMatching(/^NotoSansSC/)]);
  });

  it('says the PDF cannot be written when the font cannot be had, and tries again next time', async () => {
    vi.resetModules();
    const fresh = await import('./cjk');
    // The fresh modules' run's words, as the host installs them.
    const [{ installRunMessages }, { default: files }] = await Promise.all([import('../i18n/run-messages'), import('../../../locales/en/run-files.json')]);
    installRunMessages('en', { files });
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue('/nonexistent');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(fresh.loadCjkFontBytes()).rejects.toMatchObject({ name: 'ToolError', message: cjkFontMessage() });
    } finally {
      cwd.mockRestore();
      quiet.mockRestore();
    }
    expect(cjkFontMessage()).toBe('A font for Chinese, Japanese or Korean text could not be loaded, so the PDF cannot be written. Check your connection to this site and try again.');
    expect((await fresh.loadCjkFontBytes()).length).toBeGreaterThan(1_000_000);
  });

  it('leaves a font whose glyphs are already even unchanged', async () => {
    const dejavu = new Uint8Array(await readFile('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    expect(padGlyphs(dejavu)).toBe(dejavu);
  });
});
