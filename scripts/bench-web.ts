/**
 * `npm run bench:web`: builds the site and prints the figures of the issue
 * "fast on a phone": the home page's and a tool page's initial JavaScript
 * (gzipped, scripts/page-js.ts), the service worker's precache size, and Lighthouse scores
 * when the `lighthouse` package is installed (it runs against the system
 * Chromium, offline, on a preview server). Prints only; asserts nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScripts } from './page-js.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const PORT = Number(process.env.BENCH_PORT ?? 4186);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!process.argv.includes('--no-build')) execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });

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

const TOOL_PAGES = ['tools/pdf-compressor.html', 'tools/merge-pdf.html', 'tools/text-case-converter.html'];
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

async function lighthouse(): Promise<void> {
  let lh: (url: string, flags: object, config?: object) => Promise<{ lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> } } | undefined>;
  let launch: (opts: object) => Promise<{ port: number; kill(): void }>;
  try {
    lh = (await import('lighthouse' as string)).default;
    launch = (await import('chrome-launcher' as string)).launch;
  } catch {
    console.log('Lighthouse: not installed (npm install --no-save lighthouse chrome-launcher to measure)');
    return;
  }
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 4000));
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const desktop = (await import('lighthouse/core/config/desktop-config.js' as string)).default;
    for (const path of ['/', '/tools', '/tools/pdf-compressor', '/tools/merge-pdf', '/tools/text-case-converter']) {
      for (const [form, config] of [['mobile', undefined], ['desktop', desktop]] as const) {
        const result = await lh(`http://127.0.0.1:${PORT}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
        if (!result) continue;
        const c = result.lhr.categories;
        const a = result.lhr.audits;
        const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
        console.log(
          `  ${path.padEnd(28)} ${form.padEnd(8)} perf ${score('performance')} a11y ${score('accessibility')} bp ${score('best-practices')} seo ${score('seo')}` +
            `  LCP ${((a['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(2)} s  CLS ${(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
        );
      }
    }
  } finally {
    chrome.kill();
    server.kill();
  }
}
await lighthouse();
