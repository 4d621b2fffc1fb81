/**
 * Bundle budgets of the pre-rendered pages: the gzipped size of the JavaScript
 * the browser loads for a page before any interaction (the entry, the
 * application and the route's chunks, with their static imports,
 * scripts/page-js.ts), for the home page and for every tool page, and checks
 * that the home page carries no processor, PDF or codec code and that no tool
 * page carries zod or react-hook-form (they load with the first options form, or
 * on a page for typed text when the visitor reaches it). Also checks that every sizeable script a page preloads carries
 * V8's compile hint (scripts/vite-compile-hints.ts), so hydration does not wait
 * on the main thread to compile it.
 * Every locale's pages are checked: each loads its own language's messages.
 * Run after `vite build` (DIST_DIR honoured); exits 1 when a budget is broken.
 *
 * Budgets: the home page 100 KB, a tool page 130 KB (a bespoke view of a tool
 * that works on files loads with the first files; a page for typed text loads
 * its form and view when the visitor reaches it).
 * `npm run bench:web` measures the same in Chromium.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScripts } from './page-js.ts';
import { COMPILE_HINT } from './vite-compile-hints.ts';
import { LOCALE_INFO, LOCALES, SOURCE_LOCALE, type Locale } from '../src/lib/i18n/locales.ts';

const KB = 1024;
const HOME_BUDGET = 100 * KB;
const TOOL_BUDGET = 130 * KB;
const dist = process.env.DIST_DIR ?? new URL('../dist/', import.meta.url).pathname;
/** Text that only processor, PDF, codec or spreadsheet libraries contain. */
const FORBIDDEN = ['PDFDocument', 'pdfjs-dist', 'GlobalWorkerOptions', 'ExcelJS', 'Papa.parse', 'qpdf', 'fontkit', 'mammoth', 'pptxgenjs', 'zipSync'];

const gzCache = new Map<string, { raw: number; gz: number }>();
function sizeOf(file: string): { raw: number; gz: number } {
  let size = gzCache.get(file);
  if (!size) {
    const code = readFileSync(join(dist, file));
    size = { raw: code.length, gz: gzipSync(code, { level: 9 }).length };
    gzCache.set(file, size);
  }
  return size;
}
const total = (files: string[]) => files.reduce((sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gz: sum.gz + sizeOf(f).gz }), { raw: 0, gz: 0 });
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

const problems: string[] = [];

/** The home page's file and the tool pages' folder of a locale, relative to dist. */
const homeFile = (locale: Locale) => (locale === SOURCE_LOCALE ? 'index.html' : `${LOCALE_INFO[locale].prefix.slice(1)}.html`);
const toolDir = (locale: Locale) => (locale === SOURCE_LOCALE ? 'tools' : `${LOCALE_INFO[locale].prefix.slice(1)}/tools`);

/**
 * zod loads with the first validation (engine/options-resolver.ts), react-hook-form with the first
 * options form (engine/options-form-lazy.ts): neither with a tool page. Each is known by a name no
 * other code has.
 */
const FORM_LIBRARIES = { zod: 'ZodError', 'react-hook-form': 'isSubmitSuccessful' };
const HINTED_ABOVE = 4 * KB;
const summary: string[] = [];

// Every locale's pages: each loads its own messages, so each is held to the budgets.
for (const locale of LOCALES) {
  const verbose = locale === SOURCE_LOCALE;
  // The home page, file by file (English; the other locales' totals follow).
  const homePage = homeFile(locale);
  const home = pageScripts(dist, homePage);
  if (verbose) console.log('Home page initial JavaScript:');
  for (const file of home) {
    const { raw, gz } = sizeOf(file);
    if (verbose) console.log(`  ${file.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gz).padStart(10)} gz`);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const marker of FORBIDDEN) if (code.includes(marker)) problems.push(`${homePage}: ${file} contains ${marker} (processor, PDF or codec code on the home page)`);
  }
  const homeSize = total(home);
  if (verbose) console.log(`Total: ${kb(homeSize.raw)} raw, ${kb(homeSize.gz)} gzipped (budget ${kb(HOME_BUDGET)})`);
  if (homeSize.gz > HOME_BUDGET) problems.push(`${homePage}: ${kb(homeSize.gz)} gzipped, over its budget of ${kb(HOME_BUDGET)}`);

  // Every tool page.
  const toolPages = readdirSync(join(dist, toolDir(locale))).filter((f) => f.endsWith('.html'));
  const tools = toolPages
    .map((f) => {
      const files = pageScripts(dist, `${toolDir(locale)}/${f}`);
      for (const [library, marker] of Object.entries(FORM_LIBRARIES)) {
        const file = files.find((file) => readFileSync(join(dist, file), 'utf8').includes(marker));
        if (file) problems.push(`${toolDir(locale)}/${f}: ${file} carries ${library}, which a tool page loads with its options form`);
      }
      return { page: `${toolDir(locale)}/${f}`, ...total(files) };
    })
    .sort((a, b) => b.gz - a.gz);
  if (verbose) {
    console.log(`Tool pages (${tools.length}): largest initial JavaScript (budget ${kb(TOOL_BUDGET)} each)`);
    for (const t of tools.slice(0, 5)) console.log(`  ${t.page.padEnd(48)} ${kb(t.raw).padStart(10)} ${kb(t.gz).padStart(10)} gz`);
    console.log(`  smallest: ${tools.at(-1)?.page} ${kb(tools.at(-1)?.gz ?? 0)} gz`);
  }
  // The language data the page carries as JSON (src/lib/page-data.ts), beside its JavaScript.
  const data = (page: string) => gzipSync(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(readFileSync(join(dist, page), 'utf8'))?.[1] ?? '', { level: 9 }).length;
  summary.push(
    `  ${locale.padEnd(6)} home ${kb(homeSize.gz).padStart(9)} + data ${kb(data(homePage)).padStart(7)}   heaviest tool page ${kb(tools[0]?.gz ?? 0).padStart(9)} + data ${kb(tools[0] ? data(tools[0].page) : 0).padStart(7)} (${tools[0]?.page ?? '-'}, ${tools.length} pages)`,
  );
  for (const t of tools) {
    if (t.gz > TOOL_BUDGET) problems.push(`${t.page}: ${kb(t.gz)} gzipped, over its budget of ${kb(TOOL_BUDGET)}`);
  }

  // Every page's preloaded scripts above a few kilobytes are compiled while they download.
  for (const page of [homePage, ...toolPages.map((f) => `${toolDir(locale)}/${f}`)]) {
    const html = readFileSync(join(dist, page), 'utf8');
    for (const [, file] of html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+\.js)"/g)) {
      const code = readFileSync(join(dist, file), 'utf8');
      if (code.length > HINTED_ABOVE && !code.startsWith(`${COMPILE_HINT}\n`)) problems.push(`${page}: ${file} does not begin with ${COMPILE_HINT}`);
    }
  }
}
console.log(`Initial JavaScript per locale, gzipped (budgets: home ${kb(HOME_BUDGET)}, tool page ${kb(TOOL_BUDGET)}):\n${summary.join('\n')}`);

if (problems.length) console.log(`Budget broken:\n  ${problems.join('\n  ')}`);
if (problems.length) process.exit(1);
