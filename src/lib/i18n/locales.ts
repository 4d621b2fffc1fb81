/**
 * The languages the site speaks: English, the source, at the root of the site, and every
 * other language under its own prefix (/es/tools/merge-pdf). One list; routes, the
 * pre-rendered pages, hreflang alternates, the sitemap, the switcher and the catalogs
 * all come from it.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'zh-CN', 'ar', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

interface LocaleInfo {
  /** The language's own name, as the switcher shows it. */
  name: string;
  /** The path prefix ('' for English). */
  prefix: string;
  dir: 'ltr' | 'rtl';
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { name: 'English', prefix: '', dir: 'ltr' },
  es: { name: 'Español', prefix: '/es', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', prefix: '/pt-br', dir: 'ltr' },
  fr: { name: 'Français', prefix: '/fr', dir: 'ltr' },
  de: { name: 'Deutsch', prefix: '/de', dir: 'ltr' },
  ja: { name: '日本語', prefix: '/ja', dir: 'ltr' },
  'zh-CN': { name: '简体中文', prefix: '/zh-cn', dir: 'ltr' },
  ar: { name: 'العربية', prefix: '/ar', dir: 'rtl' },
  hi: { name: 'हिन्दी', prefix: '/hi', dir: 'ltr' },
};

/** The languages other than English, which have catalogs to translate. */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== SOURCE_LOCALE);

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The locale a path is in, and the path without its prefix ("/es/tools/x" → es, "/tools/x"). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  for (const locale of TRANSLATED_LOCALES) {
    if (LOCALE_INFO[locale].prefix.slice(1) !== first) continue;
    const rest = pathname.slice(first.length + 1);
    return { locale, path: rest === '' ? '/' : rest };
  }
  return { locale: SOURCE_LOCALE, path: pathname };
}

/** A site path ("/tools/x") in a locale ("/es/tools/x"); the home page of a locale has no trailing slash ("/es"). */
export function localizedPath(path: string, locale: Locale): string {
  const prefix = LOCALE_INFO[locale].prefix;
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * The locale a browser prefers among ours (navigator.languages order), or undefined: an exact
 * tag first, then the language alone ("pt-PT" takes Brazilian Portuguese, "zh-TW" nothing).
 */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    if (language === 'zh' && !/^zh(-hans|-cn|-sg)?(-|$)/.test(lower)) continue;
    const same = LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (same) return same;
  }
  return undefined;
}
