/**
 * The site's message catalogs, with Lingui's runtime: one locale per page load (the
 * page's address says which, src/lib/i18n/locales.ts), and only that locale's
 * catalogs, one namespace at a time as the page needs it. Catalogs are
 * locales/<locale>/<namespace>.json, ICU MessageFormat, compiled to Lingui's form
 * at build time (scripts/vite-messages.ts), so no parser ships. English,
 * locales/en/*.json, is the source; a key another locale lacks reads in English.
 */
import { setupI18n } from '@lingui/core';
import type common from '../../../locales/en/common.json';
import type engine from '../../../locales/en/engine.json';
import type home from '../../../locales/en/home.json';
import type pages from '../../../locales/en/pages.json';
import type pdfViews from '../../../locales/en/pdf-views.json';
import type allTools from '../../../locales/en/tools.json';
import type views from '../../../locales/en/views.json';
import type workflow from '../../../locales/en/workflow.json';
import { recalled, remember } from '../page-data';
import { SOURCE_LOCALE, type Locale } from './locales';

type Catalog = Record<string, unknown>;
type Keys<NS extends string, C> = `${NS}.${Extract<keyof C, string>}`;

/** Every message id: a namespace (its file) and a key in it. */
export type MessageId =
  | Keys<'common', typeof common>
  | Keys<'home', typeof home>
  | Keys<'tools', typeof allTools>
  | Keys<'engine', typeof engine>
  | Keys<'views', typeof views>
  | Keys<'pdf-views', typeof pdfViews>
  | Keys<'workflow', typeof workflow>
  | Keys<'pages', typeof pages>;
export type Namespace = MessageId extends `${infer NS}.${string}` ? NS : never;

/** Every namespace of every locale but the run's messages, which the worker loads (run-messages.ts), and the heads the build writes. */
const files = import.meta.glob<Catalog>(['../../../locales/*/*.json', '!../../../locales/*/run.json', '!../../../locales/*/run-files.json', '!../../../locales/*/processors.json', '!../../../locales/*/head.json'], {
  import: 'default',
});

function loaderOf(locale: Locale, namespace: Namespace) {
  return files[`../../../locales/${locale}/${namespace}.json`];
}

export const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: {} } });
/** "<locale>:<namespace>" of every namespace already in place. */
const loaded = new Set<string>();
/** Every catalog loaded, by "messages:<locale>:<namespace>" (its page-data key). */
const catalogs = new Map<string, Catalog>();

/** The locale of this page. */
export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** Makes `locale` the page's locale (once, before the first render; the build renders every locale in turn). */
export function activateLocale(locale: Locale): void {
  i18n.load(locale, {});
  i18n.activate(locale);
}

/** Puts a namespace's compiled messages in the page locale's table. */
export function addMessages(locale: Locale, namespace: string, catalog: Catalog): void {
  const prefixed = Object.fromEntries(Object.entries(catalog).map(([key, value]) => [`${namespace}.${key}`, value]));
  i18n.load(locale, prefixed as Record<string, never>);
  loaded.add(`${locale}:${namespace}`);
}

/**
 * Loads namespaces of the page's locale, before the parts that show them render. A locale's
 * catalog carries English for any key not yet translated (scripts/vite-messages.ts); a locale
 * with no catalog for a namespace reads it in English.
 */
export async function loadMessages(...namespaces: Namespace[]): Promise<void> {
  const locale = currentLocale();
  await Promise.all(
    namespaces.map(async (namespace) => {
      const key = `messages:${locale}:${namespace}`;
      let catalog = catalogs.get(key) ?? recalled<Catalog>(key);
      if (!catalog) {
        const load = loaderOf(locale, namespace) ?? loaderOf(SOURCE_LOCALE, namespace);
        catalog = load ? await load() : {};
      }
      catalogs.set(key, catalog);
      remember(key, catalog);
      if (!loaded.has(`${locale}:${namespace}`)) addMessages(locale, namespace, catalog);
    }),
  );
}

/** True once a namespace of the page's locale is in place. */
export function messagesLoaded(namespace: Namespace): boolean {
  return loaded.has(`${currentLocale()}:${namespace}`);
}

/** A message of the page's locale, with its values filled in (ICU: plurals, numbers). */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

/** A number as the page's locale writes it. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}
