import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortable, detectLanguage, pieces, scriptLanguage, translatePages } from './browser-translator';

const scope = globalThis as unknown as Record<string, unknown>;

afterEach(() => {
  delete scope.LanguageDetector;
  delete scope.Translator;
});

describe('language of the source text', () => {
  it('tells scripts apart without a detector', () => {
    expect(scriptLanguage('\u3053\u308c\u306f\u672c\u3067\u3059')).toBe('ja');
    expect(scriptLanguage('\u8fd9\u662f\u4e00\u672c\u4e66')).toBe('zh');
    expect(scriptLanguage('\u041f\u0440\u0438\u0432\u0435\u0442')).toBe('ru');
    expect(scriptLanguage('Hello there')).toBe('en');
  });

  it('uses a language detector whose model is on the device, and never starts a download for it', async () => {
    const create = vi.fn(async () => ({ detect: async () => [{ detectedLanguage: 'fr', confidence: 0.9 }], destroy() {} }));
    scope.LanguageDetector = { availability: async () => 'available', create };
    expect(await detectLanguage('Bonjour tout le monde')).toBe('fr');
    scope.LanguageDetector = { availability: async () => 'downloadable', create };
    expect(await detectLanguage('Bonjour tout le monde')).toBe('en');
    expect(create).toHaveBeenCalledTimes(1);
  });
});

describe('pieces', () => {
  it('keeps a paragraph whole up to 2,000 characters and splits a longer one at sentence ends', () => {
    expect(pieces('One. Two.')).toEqual(['One. Two.']);
    const sentence = `${'word '.repeat(99)}end. `;
    const parts = pieces(sentence.repeat(10));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(sentence.repeat(10));
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2000);
  });
});

describe('translatePages', () => {
  it('translates paragraph by paragraph, reports progress and frees the translator', async () => {
    const destroy = vi.fn();
    scope.Translator = {
      availability: async () => 'available',
      create: async () => ({ translate: async (text: string) => `[${text}]`, destroy }),
    };
    const progress: [number, number][] = [];
    const out = await translatePages(
      [{ page: 1, paragraphs: ['a', 'b'] }, { page: 3, paragraphs: ['c'] }],
      { sourceLanguage: 'en', targetLanguage: 'es' },
      { signal: new AbortController().signal, onDownload: () => undefined, onParagraph: (d, t) => progress.push([d, t]) },
    );
    expect(out).toEqual([{ page: 1, paragraphs: ['[a]', '[b]'] }, { page: 3, paragraphs: ['[c]'] }]);
    expect(progress).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('stops waiting at once on cancel, even if the browser ignores the signal', async () => {
    const ac = new AbortController();
    const never = new Promise<string>(() => undefined);
    const waiting = abortable(never, ac.signal);
    ac.abort();
    await expect(waiting).rejects.toBeDefined();
  });
});
