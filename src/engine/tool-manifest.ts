/**
 * One tool's full manifest, fetched when its page opens, so a tool page carries
 * its own manifest and not every tool's, with its texts in the page's language
 * (locales/<locale>/tools/<slug>.json, its own chunk per locale). Manifests are
 * validated against their zod schema at build time and in the tests (the whole
 * set is tests/support/catalogue.ts), so the page only fills in the schema's
 * defaults (manifest-defaults.ts) and does not load zod to open.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { SOURCE_LOCALE } from '../lib/i18n/locales';
import { localizeManifest, type Texts } from '../lib/i18n/manifest-texts';
import { recalled, remember } from '../lib/page-data';
import { currentLocale } from '../lib/i18n/messages';
import { withManifestDefaults } from './manifest-defaults';
import { localeTexts } from 'virtual:locale-texts';

const files = import.meta.glob<unknown>('../../manifests/*/*.json', { import: 'default' });
const slugOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
/** manifests/<category>/<slug>.json by slug (a test holds each file name to its slug). */
const loaders = new Map(Object.entries(files).map(([path, load]) => [slugOf(path), load]));
/** By "<locale>:<slug>": the build renders every locale's pages in one process. */
const loaded = new Map<string, ToolManifest>();
/** A locale's texts of each tool loaded, by page-data key. */
const texts = new Map<string, Texts>();

export async function loadToolManifest(slug: string): Promise<ToolManifest | undefined> {
  const locale = currentLocale();
  const key = `${locale}:${slug}`;
  const load = loaders.get(slug);
  const textsKey = `tool:${locale}:${slug}`;
  if (!load || loaded.has(key)) {
    remember(textsKey, texts.get(textsKey));
    return loaded.get(key);
  }
  const own = async () => (locale === SOURCE_LOCALE ? undefined : (recalled<Texts>(textsKey) ?? (await (await localeTexts[locale]()).tools[slug]?.())));
  const [raw, translated] = await Promise.all([load(), own()]);
  if (translated) texts.set(textsKey, translated);
  remember(textsKey, translated);
  const manifest = localizeManifest(withManifestDefaults(raw), translated);
  loaded.set(key, manifest);
  return manifest;
}

/** The manifest loadToolManifest has already loaded, if it has, in the page's language. */
export function loadedToolManifest(slug: string): ToolManifest | undefined {
  return loaded.get(`${currentLocale()}:${slug}`);
}
