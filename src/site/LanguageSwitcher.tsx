/**
 * The language menu, in the header and the footer: every language the site speaks, each
 * named in itself, each a plain link to this same page in that language (so it works before
 * the page is live, and search engines follow it). Picking one remembers it.
 */
import { LOCALE_INFO, LOCALES, localizedPath } from '../lib/i18n/locales';
import { currentLocale, t } from '../lib/i18n/messages';
import { rememberLocale } from './locale-choice';
import { usePathname } from './navigation';
import { SiteIcon } from './SiteIcon';

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const pathname = usePathname();
  const current = currentLocale();
  const name = LOCALE_INFO[current].name;
  return (
    <details className={compact ? 'language-menu language-menu-compact' : 'language-menu'}>
      <summary aria-label={t('common.language.current', { language: name })}>
        <SiteIcon name="Globe" aria-hidden="true" size={18} />
        <span className={compact ? 'language-menu-code' : undefined} aria-hidden={compact || undefined} lang={current}>
          {compact ? current.split('-')[0].toUpperCase() : name}
        </span>
      </summary>
      <ul className="language-menu-list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localizedPath(pathname, locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => rememberLocale(locale)}
            >
              {LOCALE_INFO[locale].name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
