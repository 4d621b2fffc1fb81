/**
 * Offline in the visitor's language: a page in a language other than English asks the service
 * worker (public/locale-pages-sw.js) to keep every page of that language, once a week, as the
 * precache keeps the English pages. Each page is a small HTML file fetched in the background.
 */
import { allTools, toolPath, workflowSlugs } from '../engine/catalogue-summary';
import { LOCALE_INFO, localizedPath, SOURCE_LOCALE, type Locale } from '../lib/i18n/locales';
import { PAGES } from './pages';

const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Every page of the site in a language, and its not-found page. */
export function pagesOf(locale: Locale): string[] {
  // The fixed pages of the site's page table, then a page per tool and per workflow.
  const fixed = PAGES.map((page) => page.path).filter((path) => !path.includes('$'));
  const paths = [...fixed, ...allTools.map(toolPath), ...workflowSlugs().map((slug) => `/workflows/${slug}`)];
  return [...paths.map((path) => localizedPath(path, locale)), `${LOCALE_INFO[locale].prefix}/404.html`];
}

export async function keepPagesOffline(locale: Locale): Promise<void> {
  if (locale === SOURCE_LOCALE || !('serviceWorker' in navigator)) return;
  const key = `filedesk-pages-kept:${locale}`;
  try {
    if (Date.now() - Number(localStorage.getItem(key) ?? 0) < KEPT_FOR_MS) return;
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'filedesk-keep-pages', paths: pagesOf(locale) });
    localStorage.setItem(key, String(Date.now()));
  } catch {
    // No storage or no worker: pages are kept as they are visited.
  }
}
