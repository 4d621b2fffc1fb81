/**
 * The words a run gives a person: the messages of the run core, the shared libraries and the
 * processors when a file cannot be processed (a ToolError's text), and the words processors
 * write into outputs for people to read (page numbers, a comparison report, a report's column
 * headings). Catalogs are ICU MessageFormat, as the site's, in three files:
 * - locales/<locale>/run.json: what the run core says on every host (a file refused, a crash,
 *   the batch report), built in here in English, so it never waits;
 * - run-files.json (the shared libraries, ids "run.…" too) and processors.json ("processors.…"):
 *   installed by the host that runs processors, before it runs them: the site's worker and its
 *   views in the page's language (src/engine/run-words.ts), the command line in English
 *   (src/cli/run-words.ts), the unit tests in English (vitest.setup.ts).
 * A tool page carries only the first, the small one.
 */
import { setupI18n } from '@lingui/core';
import type files from '../../../locales/en/run-files.json';
import type processors from '../../../locales/en/processors.json';
import run from '../../../locales/en/run.json' with { type: 'json' };
import { SOURCE_LOCALE, type Locale } from './locales';

/** A key of locales/<locale>/run.json, run-files.json or processors.json. */
export type RunMessageId = `run.${keyof typeof run | keyof typeof files}` | `processors.${keyof typeof processors}`;

/** A catalog of the run's words, as a host installs it. */
export interface RunCatalogs {
  run?: object;
  files?: object;
  processors?: object;
}

type Messages = Record<string, never>;
const prefixed = (namespace: string, catalog: object = {}) =>
  Object.fromEntries(Object.entries(catalog).map(([key, value]) => [`${namespace}.${key}`, value])) as Messages;
const english: Messages = prefixed('run', run);
const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: { ...english } } });

/** A message, with its values filled in, in the language runs are reported in (English for a key its catalog lacks). */
export function runText(id: RunMessageId, values?: Record<string, unknown>): string {
  if (!(id in i18n.messages) && i18n.locale !== SOURCE_LOCALE) {
    const locale = i18n.locale;
    i18n.activate(SOURCE_LOCALE);
    try {
      return i18n._(id, values);
    } finally {
      i18n.activate(locale);
    }
  }
  return i18n._(id, values);
}

/** Adds a locale's catalogs (a locale's carry English under every key they have not translated). */
export function installRunMessages(locale: Locale, catalogs: RunCatalogs): void {
  i18n.load(locale, { ...prefixed('run', catalogs.run), ...prefixed('run', catalogs.files), ...prefixed('processors', catalogs.processors) });
}

/** Makes `locale` the language of runs; its catalogs are installed first. */
export function useRunLocale(locale: Locale): void {
  i18n.load(locale, {});
  i18n.activate(locale);
}
