/**
 * Every catalog of every language agrees with English: the same keys, the same placeholders,
 * valid ICU MessageFormat (the build compiles each message, so a broken one fails it), the
 * plural forms the language needs; and every tool's and workflow's texts in every language
 * have the manifest's keys with its placeholders.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { workflowSchema } from '../schemas/workflow';
import { LOCALES, TRANSLATED_LOCALES, type Locale } from '../src/lib/i18n/locales';
import { manifestTexts, placeholders, workflowTexts } from '../src/lib/i18n/manifest-texts';
import { readManifests, readWorkflowFiles } from '../src/manifests/read';

const ROOT = new URL('../locales/', import.meta.url).pathname;
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, string>;
const NAMESPACES = readdirSync(join(ROOT, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));

/** The arguments of an ICU message and, for each plural or select, its argument and cases. */
function icuShape(message: string): { args: string[]; plurals: Record<string, string[]> } {
  const args = new Set<string>();
  const plurals: Record<string, string[]> = {};
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') args.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        args.add(token.arg);
        if (token.type === 'plural') plurals[token.arg] = token.cases.map((c) => c.key);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return { args: [...args].sort(), plurals };
}

/** The plural categories a language's cardinal numbers use (Intl, as the page's runtime does). */
const categories = (locale: Locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

describe('the site catalogs', () => {
  it('has English namespaces, each a flat object of non-empty texts', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'home', 'tools', 'engine', 'run', 'processors', 'head']));
    for (const ns of NAMESPACES) for (const [key, text] of Object.entries(read(`en/${ns}.json`))) expect(text.trim(), `${ns}.${key}`).not.toBe('');
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every English message is valid ICU`, () => {
      for (const [key, text] of Object.entries(read(`en/${ns}.json`))) expect(() => compileMessageOrThrow(text), `${ns}.${key}`).not.toThrow();
    });
  }

  for (const locale of TRANSLATED_LOCALES) {
    it(`${locale}: every namespace has every key, with English's arguments, valid ICU and the language's plural forms`, () => {
      for (const ns of NAMESPACES) {
        const english = read(`en/${ns}.json`);
        expect(existsSync(join(ROOT, locale, `${ns}.json`)), `${locale}/${ns}.json`).toBe(true);
        const own = read(`${locale}/${ns}.json`);
        expect(Object.keys(own).sort(), `${locale}/${ns}.json keys`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(own)) {
          const where = `${locale}/${ns}.json ${key}`;
          expect(text.trim(), where).not.toBe('');
          expect(() => compileMessageOrThrow(text), where).not.toThrow();
          const want = icuShape(english[key]);
          const have = icuShape(text);
          expect(have.args, where).toEqual(want.args);
          for (const arg of Object.keys(want.plurals)) {
            expect(have.plurals[arg], `${where}: plural of ${arg}`).toBeDefined();
            expect(have.plurals[arg], `${where}: plural of ${arg}`).toContain('other');
            // A language with a form for one needs it (or an exact =1 standing in for it); its other
            // forms (Arabic's zero, two, few, many; the many of millions in Romance languages) may fall to "other".
            if (categories(locale).includes('one')) {
              const cases = have.plurals[arg];
              expect(cases.includes('one') || cases.some((c) => c.startsWith('=')), `${where}: ${arg} has no "one" form`).toBe(true);
            }
          }
        }
      }
    });
  }
});

describe('the tools and workflows in every language', () => {
  const tools = readManifests();
  const workflows = readWorkflowFiles().map((w) => workflowSchema.parse(w.raw));

  for (const locale of TRANSLATED_LOCALES) {
    it(`${locale}: every tool and workflow has every text, with the English placeholders`, () => {
      const check = (file: string, english: Record<string, string>) => {
        expect(existsSync(join(ROOT, file)), file).toBe(true);
        const own = read(file);
        expect(Object.keys(own).sort(), `${file} keys`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(english)) {
          expect(own[key].trim(), `${file} ${key}`).not.toBe('');
          expect(placeholders(own[key]), `${file} ${key}`).toEqual(placeholders(text));
          expect((own[key].match(/\{n:/g) ?? []).length, `${file} ${key}: {n:one|many} choices`).toBe((text.match(/\{n:/g) ?? []).length);
        }
      };
      for (const tool of tools) check(`${locale}/tools/${tool.slug}.json`, manifestTexts(tool));
      for (const workflow of workflows) check(`${locale}/workflows/${workflow.slug}.json`, workflowTexts(workflow));
    });
  }

  it('has no texts for tools or workflows that do not exist', () => {
    const slugs = new Set(tools.map((t) => `${t.slug}.json`));
    const flows = new Set(workflows.map((w) => `${w.slug}.json`));
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(readdirSync(join(ROOT, locale, 'tools')).filter((f) => !slugs.has(f)), locale).toEqual([]);
      expect(readdirSync(join(ROOT, locale, 'workflows')).filter((f) => !flows.has(f)), locale).toEqual([]);
    }
  });
});
