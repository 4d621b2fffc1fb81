/**
 * The run's words (src/lib/i18n/run-messages.ts) in the page's language, for the hosts on the
 * site: a tool page installs the run core's few messages (files refused, a crash) as it opens;
 * the worker, and a bespoke view that runs library code on the page, install them all before
 * they run. Each catalog of each language is its own chunk.
 */
import { SOURCE_LOCALE, type Locale } from '../lib/i18n/locales';
import { installRunMessages, useRunLocale, type RunCatalogs } from '../lib/i18n/run-messages';
import { recalled, remember } from '../lib/page-data';

const catalogs = import.meta.glob<object>(['../../locales/*/run.json', '../../locales/*/run-files.json', '../../locales/*/processors.json'], {
  import: 'default',
});

const FILES: Record<keyof RunCatalogs, string> = { run: 'run', files: 'run-files', processors: 'processors' };
/** Every catalog loaded, by page-data key ("run:<locale>:<part>"). */
const loadedCatalogs = new Map<string, object>();

/** Installs the run's catalogs named in `parts` for `locale` and makes it the language of runs. */
export async function loadRunWords(locale: Locale, parts: (keyof RunCatalogs)[] = ['run', 'files', 'processors']): Promise<void> {
  const wanted = parts.filter((part) => !(locale === SOURCE_LOCALE && part === 'run'));
  const loaded = await Promise.all(
    wanted.map(async (part) => {
      const key = `run:${locale}:${part}`;
      let catalog = loadedCatalogs.get(key) ?? recalled<object>(key);
      if (!catalog) {
        const load = catalogs[`../../locales/${locale}/${FILES[part]}.json`] ?? catalogs[`../../locales/${SOURCE_LOCALE}/${FILES[part]}.json`];
        catalog = load ? await load() : {};
      }
      loadedCatalogs.set(key, catalog);
      remember(key, catalog);
      return [part, catalog] as const;
    }),
  );
  installRunMessages(locale, Object.fromEntries(loaded));
  useRunLocale(locale);
}
