/**
 * The page's language, set up before its first render: the locale its address names
 * (src/lib/i18n/locales.ts), the messages every page shows (header, footer, search) and
 * the tools' and workflows' titles in that language.
 */
import { localizeCatalogue } from '../engine/catalogue-summary';
import type { Locale } from '../lib/i18n/locales';
import { activateLocale, loadMessages } from '../lib/i18n/messages';

export async function prepareLocale(locale: Locale): Promise<void> {
  activateLocale(locale);
  await Promise.all([loadMessages('common'), localizeCatalogue(locale)]);
}
