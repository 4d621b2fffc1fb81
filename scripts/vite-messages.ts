/**
 * Vite plugin for the site's languages:
 * - a namespace catalog, locales/<locale>/<namespace>.json (ICU MessageFormat), is compiled to
 *   Lingui's compiled form as it is imported, so the page ships no MessageFormat parser and a
 *   broken message fails the build;
 * - `virtual:catalogue-texts` gives, for each locale, English too, loaders of its tool and
 *   workflow titles and of their descriptions (from the manifests and locales/<locale>/tools/
 *   and workflows/), what the site shell shows of every tool, two chunks per locale.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { LOCALES, SOURCE_LOCALE, TRANSLATED_LOCALES } from '../src/lib/i18n/locales.ts';
import { readManifests } from '../src/manifests/read.ts';
import { LOCALE_FEATURES, readWorkflows } from './vite-catalogue.ts';

const CATALOG = /[\\/]locales[\\/][^\\/]+[\\/][^\\/.]+\.json$/;
const TEXTS_ID = 'virtual:catalogue-texts';
const OFFERS_ID = 'virtual:locale-offers';
/**
 * Where a locale's texts of each tool and workflow load from: one small map per locale, so a
 * page carries the loaders of its own language only (a glob over every locale's files would put
 * nine hundred loaders on every tool page).
 */
const LOCALE_LOADERS = 'virtual:locale-texts';
const LOCALE_LOADERS_OF = 'virtual:locale-texts/';
const LOCALE_TEXTS = 'virtual:catalogue-texts/';


/** A catalog's messages compiled; throws, naming the key, on a message that is not valid ICU. */
export function compileCatalog(source: Record<string, unknown>, file: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([key, message]) => {
      // Compiled already: a worker's bundle may be given the page's compiled module.
      if (typeof message !== 'string') return [key, message];
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
      }
    }),
  );
}

/** Each tool's feature list in one locale, where it has all four: slug → features. */
export function localeFeatures(localeRoot: string, locale: string): Record<string, string[]> {
  const dir = join(localeRoot, locale, 'tools');
  if (!existsSync(dir)) return {};
  const entries = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const texts = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>;
      return [f.slice(0, -'.json'.length), [0, 1, 2, 3].map((i) => texts[`features.${i}`])] as const;
    })
    .filter(([, features]) => features.every((f) => f !== undefined));
  return Object.fromEntries(entries);
}

/**
 * A locale's catalog with English under every key it has not translated (and without keys
 * English no longer has), so a page loads one catalog per namespace and never misses a text.
 */
export function withEnglish(own: Record<string, string>, file: string): Record<string, string> {
  const english = join(dirname(dirname(file)), 'en', basename(file));
  if (english === file) return own;
  const source = JSON.parse(readFileSync(english, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.keys(source).map((key) => [key, own[key] ?? source[key]]));
}

/** A locale's loaders of its tool and workflow texts, by slug, each file its own chunk. */
export function localeLoadersModule(localeRoot: string, locale: string): string {
  const loaders = (kind: string) => {
    const dir = join(localeRoot, locale, kind);
    if (!existsSync(dir)) return '{}';
    const entries = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${JSON.stringify(f.slice(0, -'.json'.length))}: () => import(${JSON.stringify(`/locales/${locale}/${kind}/${f}`)}).then((m) => m.default)`);
    return `{${entries.join(', ')}}`;
  };
  return `export const tools = ${loaders('tools')};\nexport const workflows = ${loaders('workflows')};`;
}

/** The offer of a page in each language, written in that language (src/site/LanguageOffer.tsx). */
export function localeOffers(localeRoot: string): Record<string, { text: string; switch: string; dismiss: string }> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const file = join(localeRoot, locale, 'common.json');
      const own = withEnglish(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}, file);
      return [locale, { text: own['offer.text'], switch: own['offer.switch'], dismiss: own['offer.dismiss'] }];
    }),
  );
}

/**
 * What the site shell shows of every tool and workflow in one locale, from its texts (English
 * from the manifests and workflows): `titles`, which every page shows (header, footer), and
 * `descriptions`, with the badges, which the pages that list tools load (home, All Tools, search).
 */
export function catalogueTexts(localeRoot: string, locale: string, manifestRoot: string, workflowRoot: string) {
  const tools = readManifests(manifestRoot);
  const workflows = readWorkflows(workflowRoot, tools);
  const own = (kind: string, slug: string): Record<string, string> => {
    const file = join(localeRoot, locale, kind, `${slug}.json`);
    return locale !== SOURCE_LOCALE && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };
  const toolTexts = tools.map((t) => [t, own('tools', t.slug)] as const);
  const flowTexts = workflows.map((w) => [w, own('workflows', w.slug)] as const);
  return {
    titles: {
      tools: Object.fromEntries(toolTexts.map(([t, o]) => [t.slug, o.title ?? t.title])),
      workflows: Object.fromEntries(flowTexts.map(([w, o]) => [w.slug, o.title ?? w.title])),
    },
    descriptions: {
      tools: Object.fromEntries(toolTexts.map(([t, o]) => [t.slug, { description: o.description ?? t.description, ...(t.badge ? { badge: o.badge ?? t.badge } : {}) }])),
      workflows: Object.fromEntries(flowTexts.map(([w, o]) => [w.slug, o.description ?? w.description])),
    },
  };
}

export function messages(localeRoot: string, manifestRoot: string, workflowRoot: string): Plugin {
  return {
    name: 'filedesk-messages',
    enforce: 'pre',
    resolveId: (id) => (id === TEXTS_ID || id === OFFERS_ID || id === LOCALE_LOADERS || id.startsWith(LOCALE_LOADERS_OF) || id.startsWith(LOCALE_TEXTS) || id.startsWith(LOCALE_FEATURES) ? '\0' + id : undefined),
    load(id) {
      if (id === '\0' + LOCALE_LOADERS) {
        const loaders = TRANSLATED_LOCALES.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(LOCALE_LOADERS_OF + l)})`);
        return `export const localeTexts = {${loaders.join(', ')}};`;
      }
      if (id.startsWith('\0' + LOCALE_LOADERS_OF)) return localeLoadersModule(localeRoot, id.slice(('\0' + LOCALE_LOADERS_OF).length));
      if (id === '\0' + OFFERS_ID) return `export default ${JSON.stringify(localeOffers(localeRoot))};`;
      if (id === '\0' + TEXTS_ID) {
        const loaders = (part: string) => LOCALES.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${LOCALE_TEXTS}${part}/${l}`)})`);
        return `export const catalogueTitles = {${loaders('titles').join(', ')}};\nexport const catalogueDescriptions = {${loaders('descriptions').join(', ')}};`;
      }
      if (id.startsWith('\0' + LOCALE_FEATURES)) {
        return `export default ${JSON.stringify(localeFeatures(localeRoot, id.slice(('\0' + LOCALE_FEATURES).length)))};`;
      }
      if (id.startsWith('\0' + LOCALE_TEXTS)) {
        const [part, locale] = id.slice(('\0' + LOCALE_TEXTS).length).split('/') as ['titles' | 'descriptions', string];
        return `export default ${JSON.stringify(catalogueTexts(localeRoot, locale, manifestRoot, workflowRoot)[part])};`;
      }
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!CATALOG.test(file)) return;
      return { code: JSON.stringify(compileCatalog(withEnglish(JSON.parse(code) as Record<string, string>, file), file)), map: null };
    },
  };
}
