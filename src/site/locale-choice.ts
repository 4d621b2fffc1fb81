/**
 * The visitor's language choice: remembered when they pick a language (the switcher) or
 * decline one (the offer), and the language to offer on a page in another one: the one they
 * chose, else the first of their browser's languages the site speaks. Never a redirect: the
 * page they opened is the page they get.
 */
import { isLocale, preferredLocale, type Locale } from '../lib/i18n/locales';

const KEY = 'filedesk-locale';

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

export function rememberedLocale(): Locale | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value && isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language to offer on a page in `current`, or undefined. */
export function localeToOffer(current: Locale, languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale | undefined {
  const wanted = rememberedLocale() ?? preferredLocale(languages);
  return wanted && wanted !== current ? wanted : undefined;
}
