/**
 * The other languages' texts in folders of their own: every chunk made from a
 * translated language's files (locales/<locale>/...) or its tool-text loaders
 * is written under assets/lang/<prefix>/, with a list of them beside it
 * (files.json). The service worker's precache leaves those folders out
 * (scripts/pwa.ts), so a first visit installs one language's texts, not nine;
 * a visitor's own language is kept as they use it, and all of it once a page
 * in it has asked for that language to be kept offline (public/locale-pages-sw.js).
 */
import type { Plugin } from 'vite';
import { LOCALE_INFO, TRANSLATED_LOCALES, type Locale } from '../src/lib/i18n/locales.ts';

/** The folder of the languages' chunks, under the site's root; public/locale-pages-sw.js names it too. */
export const LANGUAGE_CHUNKS = 'assets/lang';
/** The service worker's cache for them: its route reads it (scripts/pwa.ts), locale-pages-sw.js fills it. */
export const LANGUAGE_CACHE = 'filedesk-languages';

/** Where a language's chunks go. */
const languageFolder = (locale: Locale) => `${LANGUAGE_CHUNKS}${LOCALE_INFO[locale].prefix}`;

/** The translated language whose texts a module holds, if any. */
function localeOfModule(id: string): Locale | undefined {
  const found = /[\\/]locales[\\/]([A-Za-z-]+)[\\/]/.exec(id) ?? /virtual:locale-texts\/([A-Za-z-]+)$/.exec(id);
  return TRANSLATED_LOCALES.find((locale) => locale === found?.[1]);
}

export function languageChunks(): Plugin {
  return {
    name: 'filedesk-language-chunks',
    apply: 'build',
    config: (_, env) =>
      env.isSsrBuild
        ? undefined
        : {
            build: {
              rollupOptions: {
                output: {
                  chunkFileNames: (chunk) => {
                    // A chunk is a language's when every module in it is that language's.
                    const locales = new Set(chunk.moduleIds.map(localeOfModule));
                    const [locale] = locales;
                    return locales.size === 1 && locale ? `${languageFolder(locale)}/[name]-[hash].js` : 'assets/[name]-[hash].js';
                  },
                },
              },
            },
          },
    generateBundle(_, bundle) {
      for (const locale of TRANSLATED_LOCALES) {
        const folder = `${languageFolder(locale)}/`;
        const files = Object.keys(bundle)
          .filter((name) => name.startsWith(folder))
          .sort()
          .map((name) => `/${name}`);
        this.emitFile({ type: 'asset', fileName: `${folder}files.json`, source: JSON.stringify(files) });
      }
    },
  };
}
