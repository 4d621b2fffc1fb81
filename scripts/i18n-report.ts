/**
 * `npm run i18n`: how much of the site each language speaks. Counts the texts of the English
 * source (the site's catalogs in locales/en/ and every tool's and workflow's texts from the
 * manifests) and, for each other locale, how many it translates (a key present, not empty and
 * not the English text, except texts that are the same in both: format names, units, numbers),
 * by catalog and in all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workflowSchema } from '../schemas/workflow.ts';
import { TRANSLATED_LOCALES } from '../src/lib/i18n/locales.ts';
import { manifestTexts, workflowTexts } from '../src/lib/i18n/manifest-texts.ts';
import { readManifests, readWorkflowFiles } from '../src/manifests/read.ts';
import { LOCALE_ROOT } from './locale-texts.ts';

type Texts = Record<string, string>;
const read = (file: string): Texts => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Texts) : {});

/** Every English source text, grouped: each site catalog, and the tools' and workflows' texts. */
const groups: { name: string; files: { english: Texts; own: (locale: string) => Texts }[] }[] = [
  ...readdirSync(join(LOCALE_ROOT, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: f.slice(0, -'.json'.length), files: [{ english: read(join(LOCALE_ROOT, 'en', f)), own: (l: string) => read(join(LOCALE_ROOT, l, f)) }] })),
  {
    name: 'tools (manifests)',
    files: readManifests().map((t) => ({ english: manifestTexts(t), own: (l: string) => read(join(LOCALE_ROOT, l, 'tools', `${t.slug}.json`)) })),
  },
  {
    name: 'workflows',
    files: readWorkflowFiles().map((w) => {
      const workflow = workflowSchema.parse(w.raw);
      return { english: workflowTexts(workflow), own: (l: string) => read(join(LOCALE_ROOT, l, 'workflows', `${workflow.slug}.json`)) };
    }),
  },
];

/** A text that reads the same in every language: a format name, a unit, a number, a code. */
const universal = (text: string) => /^[\s\dA-Z.,:%()\-+/×x{}#]*$/.test(text) || /^[A-Z0-9 ]{2,12}$/.test(text);

const total = groups.reduce((n, g) => n + g.files.reduce((m, f) => m + Object.keys(f.english).length, 0), 0);
const words = groups.reduce((n, g) => n + g.files.reduce((m, f) => m + Object.values(f.english).join(' ').split(/\s+/).length, 0), 0);
console.log(`English source: ${total} texts (${words} words) in ${groups.length} catalogs`);
for (const g of groups) console.log(`  ${g.name.padEnd(20)} ${String(g.files.reduce((m, f) => m + Object.keys(f.english).length, 0)).padStart(6)}`);

console.log('\nCoverage (translated / texts):');
for (const locale of TRANSLATED_LOCALES) {
  let have = 0;
  let same = 0;
  const missing: string[] = [];
  for (const g of groups) {
    for (const f of g.files) {
      const own = f.own(locale);
      for (const [key, text] of Object.entries(f.english)) {
        const value = own[key];
        if (value === undefined || value.trim() === '') missing.push(`${g.name}:${key}`);
        else if (value === text && !universal(text)) same++;
        else have++;
      }
    }
  }
  const pct = ((have + same) / total) * 100;
  console.log(`  ${locale.padEnd(6)} ${String(have + same).padStart(6)} / ${total}  ${pct.toFixed(1)} %   (${same} kept as in English, ${missing.length} missing)`);
}
