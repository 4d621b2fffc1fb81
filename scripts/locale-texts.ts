/**
 * The site's catalogs read in Node at build time, for what the build writes itself: each
 * page's <head> (scripts/prerender-head.ts) in the page's language, and the tools' and
 * workflows' texts for it. A key a locale lacks reads in English, as on the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { ToolManifest } from '../schemas/manifest.ts';
import type { Workflow } from '../schemas/workflow.ts';
import { SOURCE_LOCALE, type Locale } from '../src/lib/i18n/locales.ts';
import { localizeManifest, localizeWorkflow, type Texts } from '../src/lib/i18n/manifest-texts.ts';

export const LOCALE_ROOT = new URL('../locales/', import.meta.url).pathname;

function readJson(file: string): Texts | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Texts) : undefined;
}

/** "namespace.key" → a locale's message, with values, for the namespaces given. */
export type Say = (id: string, values?: Record<string, unknown>) => string;

export function sayer(locale: Locale, namespaces = ['common', 'home', 'tools', 'head'], root = LOCALE_ROOT): Say {
  const messages: Record<string, string> = {};
  for (const namespace of namespaces) {
    const texts = { ...readJson(join(root, SOURCE_LOCALE, `${namespace}.json`)), ...(locale === SOURCE_LOCALE ? {} : readJson(join(root, locale, `${namespace}.json`))) };
    for (const [key, text] of Object.entries(texts)) messages[`${namespace}.${key}`] = text;
  }
  const i18n = setupI18n({ locale, messages: { [locale]: messages as Record<string, never> } });
  i18n.setMessagesCompiler(compileMessage);
  return (id, values) => {
    if (!(id in messages)) throw new Error(`No message ${id}`);
    return i18n._(id, values);
  };
}

/** A tool's manifest with a locale's texts. */
export function localizedTool(tool: ToolManifest, locale: Locale, root = LOCALE_ROOT): ToolManifest {
  return locale === SOURCE_LOCALE ? tool : localizeManifest(tool, readJson(join(root, locale, 'tools', `${tool.slug}.json`)));
}

/** A workflow with a locale's texts. */
export function localizedWorkflow(workflow: Workflow, locale: Locale, root = LOCALE_ROOT): Workflow {
  return locale === SOURCE_LOCALE ? workflow : localizeWorkflow(workflow, readJson(join(root, locale, 'workflows', `${workflow.slug}.json`)));
}
