/**
 * Each tool's feature list, as All Tools shows it, in the page's language: English from
 * `virtual:catalogue-features`, another locale's loaded with the page (loadCatalogueFeatures).
 */
import { featuresBySlug, localeFeatures } from 'virtual:catalogue-features';
import { SOURCE_LOCALE } from '../lib/i18n/locales';
import { currentLocale } from '../lib/i18n/messages';

const byLocale = new Map<string, Record<string, string[]>>([[SOURCE_LOCALE, featuresBySlug]]);

/** Loads the page locale's feature lists. */
export async function loadCatalogueFeatures(): Promise<void> {
  const locale = currentLocale();
  if (locale === SOURCE_LOCALE || byLocale.has(locale)) return;
  byLocale.set(locale, (await localeFeatures[locale]()).default);
}

/** A tool's features in the page's language (English where a locale lacks them). */
export function featuresOf(slug: string): string[] | undefined {
  return byLocale.get(currentLocale())?.[slug] ?? featuresBySlug[slug];
}
