/**
 * `npm run bench:web`: builds the site (into DIST_DIR, default dist/; `--no-build`
 * reuses it) and prints the figures of the issue "fast on a phone": first
 * contentful paint and the time the page is live (data-interactive), median of
 * 5 cold loads on a throttled phone profile (scripts/web-timing.ts: 4x CPU,
 * 1.6 Mbps, 150 ms), with the JavaScript Chromium fetched before the network
 * was quiet; the initial JavaScript by the build's chunk graph
 * (scripts/page-js.ts), the service worker's precache size, and Lighthouse scores
 * when the `lighthouse` package is installed (it runs against the system
 * Chromium, offline, on a preview server). Prints only; asserts nothing.
 * `--runs N` changes the number of loads, `--only-timing` skips Lighthouse,
 * `--only-lighthouse` the timed loads, `--mobile-only` Lighthouse's desktop runs,
 * `--tools a,b` times and scores those tool pages (by slug) instead of the usual six;
 * LIGHTHOUSE_DIR names a folder where lighthouse and chrome-launcher are installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pageScripts } from './page-js.ts';
import { startPreview, stopPreview } from './bench-site.ts';
import { coldLoad, launchChromium, median, PHONE } from './web-timing.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = process.env.DIST_DIR ?? join(root, 'dist');
const PORT = Number(process.env.BENCH_PORT ?? 4186);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!process.argv.includes('--no-build')) execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore', env: { ...process.env, DIST_DIR: dist } });

function initialJs(htmlFile: string): { raw: number; gz: number; files: number } {
  const files = pageScripts(dist, htmlFile);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const b = readFileSync(join(dist, f));
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz, files: files.length };
}

/** Five generic tool pages or views that open as one (Merge PDF), and a page for typed text, which shows its form at once. */
const pagesArg = process.argv.indexOf('--tools');
const TOOL_PAGES =
  pagesArg > 0
    ? process.argv[pagesArg + 1].split(',').map((slug) => `tools/${slug}.html`)
    : ['tools/pdf-compressor.html', 'tools/merge-pdf.html', 'tools/jpg-to-png.html', 'tools/image-compressor.html', 'tools/split-csv.html', 'tools/text-case-converter.html'];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

async function timing(): Promise<void> {
  const server = await startPreview(dist, PORT);
  const browser = await launchChromium();
  const origin = `http://127.0.0.1:${PORT}`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  try {
    console.log(`Cold loads, ${PHONE.cpu}x CPU, ${PHONE.downKbps / 1000} Mbps down / ${PHONE.upKbps} kbps up, ${PHONE.rttMs} ms RTT, median of ${RUNS}:`);
    console.log(`  ${'page'.padEnd(28)} ${'paint'.padStart(8)} ${'live'.padStart(8)} ${'gap'.padStart(8)}  JS fetched before network idle (gz)`);
    for (const path of ['/', '/tools', ...TOOL_PAGES.map((p) => `/${p.slice(0, -'.html'.length)}`)]) {
      const runs = [];
      await coldLoad(browser, origin, path, dist, false); // warms the server, not the browser
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, origin, path, dist));
      const fcp = median(runs.map((r) => r.fcp));
      const live = median(runs.map((r) => r.live));
      const gap = median(runs.map((r) => r.live - r.fcp));
      const js = median(runs.map((r) => r.jsGz));
      console.log(`  ${path.padEnd(28)} ${s(fcp).padStart(8)} ${s(live).padStart(8)} ${s(gap).padStart(8)}  ${kb(js)} (${runs[0].jsFiles.length} files)`);
      if (process.argv.includes('--files')) console.log(`    ${runs[0].jsFiles.join(' ')}`);
    }
  } finally {
    await browser.close();
    stopPreview(server);
  }
}
if (!process.argv.includes('--only-lighthouse')) await timing();

console.log('Initial JavaScript (gzipped), pre-rendered HTML and static imports:');
for (const page of ['index.html', 'tools.html', ...TOOL_PAGES]) {
  const { raw, gz, files } = initialJs(page);
  console.log(`  ${page.padEnd(34)} ${kb(gz).padStart(10)} gz  (${kb(raw)} raw, ${files} files)`);
}

const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
const bytes = urls.reduce((sum, u) => sum + (existsSync(join(dist, u)) ? statSync(join(dist, u)).size : 0), 0);
const html = urls.filter((u) => u.endsWith('.html')).length;
console.log(`Precache: ${urls.length} files, ${kb(bytes)} (${html} pages)`);

/** A Lighthouse package: installed in the project, or (LIGHTHOUSE_DIR) with `npm install --prefix <dir> lighthouse chrome-launcher`. */
function fromLighthouseDir(name: string, file: string): string {
  const dir = process.env.LIGHTHOUSE_DIR;
  return dir ? pathToFileURL(join(dir, 'node_modules', name, file)).href : name === 'lighthouse' && file !== 'core/index.js' ? `lighthouse/${file}` : name;
}

async function lighthouse(): Promise<void> {
  let lh: (url: string, flags: object, config?: object) => Promise<{ lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> } } | undefined>;
  let launch: (opts: object) => Promise<{ port: number; kill(): void }>;
  try {
    lh = (await import(fromLighthouseDir('lighthouse', 'core/index.js'))).default;
    launch = (await import(fromLighthouseDir('chrome-launcher', 'dist/index.js'))).launch;
  } catch {
    console.log('Lighthouse: not installed (npm install --prefix /tmp/lh lighthouse chrome-launcher, then LIGHTHOUSE_DIR=/tmp/lh)');
    return;
  }
  const server = await startPreview(dist, PORT);
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const desktop = (await import(fromLighthouseDir('lighthouse', 'core/config/desktop-config.js'))).default;
    for (const path of ['/', '/tools', ...TOOL_PAGES.map((p) => `/${p.slice(0, -'.html'.length)}`)]) {
      const forms = process.argv.includes('--mobile-only') ? ([['mobile', undefined]] as const) : ([['mobile', undefined], ['desktop', desktop]] as const);
      for (const [form, config] of forms) {
        const result = await lh(`http://127.0.0.1:${PORT}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
        if (!result) continue;
        const c = result.lhr.categories;
        const a = result.lhr.audits;
        const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
        console.log(
          `  ${path.padEnd(28)} ${form.padEnd(8)} perf ${score('performance')} a11y ${score('accessibility')} bp ${score('best-practices')} seo ${score('seo')}` +
            `  LCP ${((a['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(2)} s  TBT ${Math.round(a['total-blocking-time']?.numericValue ?? 0)} ms  CLS ${(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
        );
      }
    }
  } finally {
    chrome.kill();
    stopPreview(server);
  }
}
if (!process.argv.includes('--only-timing')) await lighthouse();
