/**
 * Data-tool benchmark (`npm run bench:data`). Prints figures; asserts nothing.
 *
 * 1. split-csv on a generated 100 MB CSV in headless Chromium: the splitter
 *    is bundled with esbuild and run in a page; MB/s, and the peak JS heap
 *    (performance.memory, sampled after every 1 MB chunk; ArrayBuffers such
 *    as the input and the parts are outside the JS heap and reported apart).
 * 2. split-excel by rows on a generated 40 MB .xlsx, in Node: time and peak
 *    resident memory (each case runs in a fresh Node process).
 * 3. xml-to-json on a generated 50 MB XML, in Node: time and peak memory.
 *
 * Options: --csv-mb N, --xlsx-mb N, --xml-mb N to change the sizes; --case
 * csv|excel|xml to run one case.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const only = args.includes('--case') ? args[args.indexOf('--case') + 1] : null;
const child = args.includes('--child');
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

async function benchCsvInChromium(size: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { splitCsvBytes } from ${JSON.stringify(join(root, 'src/lib/data/csv-split.ts'))};
       (globalThis as any).runSplit = (size: number) => {
         const rows: string[] = ['id,name,city,amount,note,date\\n'];
         let total = rows[0].length;
         for (let i = 0; total < size; i++) {
           const line = i % 10 === 0
             ? i + ',"Zoe, ' + i + '",Athens,' + (i * 1.37).toFixed(2) + ',"said ""hi""",2024-01-' + ((i % 28) + 1) + '\\n'
             : i + ',Name ' + i + ',City ' + (i % 100) + ',' + (i * 1.37).toFixed(2) + ',note number ' + i + ',2024-01-' + ((i % 28) + 1) + '\\n';
           rows.push(line);
           total += line.length;
         }
         let bytes: Uint8Array | null = new TextEncoder().encode(rows.join(''));
         rows.length = 0;
         (globalThis as any).gc?.();
         const memory = (performance as any).memory;
         const before = memory.usedJSHeapSize;
         let peak = before;
         const start = performance.now();
         const result = splitCsvBytes(bytes, 'bench.csv', 100000, {
           signal: new AbortController().signal,
           onProgress() { peak = Math.max(peak, memory.usedJSHeapSize); },
         });
         const ms = performance.now() - start;
         peak = Math.max(peak, memory.usedJSHeapSize);
         return { size: bytes.length, ms, before, peak, parts: result.parts.length, rows: result.rows };
       };`,
    );
    const bundle = join(dir, 'bundle.js');
    execFileSync(join(root, 'node_modules/.bin/esbuild'), [entry, '--bundle', '--format=iife', `--outfile=${bundle}`, '--log-level=error'], { cwd: root });
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>bench</title>');
      await page.addScriptTag({ content: readFileSync(bundle, 'utf8') });
      const r = await page.evaluate((s) => (globalThis as unknown as { runSplit(s: number): Record<string, number> }).runSplit(s), size);
      const heap = r.peak - r.before;
      console.log(
        `split-csv (Chromium ${browser.version()}): ${mb(r.size)} MB, ${r.rows.toLocaleString('en-US')} rows into ${r.parts} parts in ${(r.ms / 1000).toFixed(2)} s = ${(r.size / MB / (r.ms / 1000)).toFixed(1)} MB/s (target >= 60); ` +
          `peak JS heap during the split ${mb(heap)} MB above the ${mb(r.before)} MB before it = ${(heap / r.size).toFixed(2)}x the file (target <= 1.5x; ` +
          'the input and the parts are ArrayBuffers outside the JS heap, together about 2x the file)',
      );
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A workbook of about `size` bytes: hard-to-compress text so the row count stays realistic for the size. */
async function makeXlsx(size: number): Promise<Uint8Array> {
  const { XlsxSheetWriter, MAX_ROWS } = await import('../src/lib/xlsx-writer');
  const writer = new XlsxSheetWriter('Data');
  writer.addRow(['id', 'code', 'name', 'amount', 'ratio', 'note']);
  let seed = 1;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const word = () => rand().toString(36).slice(2, 10);
  // About 90 bytes compressed per row of random text: estimate rows from the target size.
  const rows = Math.round(size / 90);
  for (let i = 1; i <= rows; i++) {
    if (writer.rows === MAX_ROWS) writer.nextSheet(`Data ${writer.sheets + 1}`);
    writer.addRow([i, word(), `${word()} ${word()}`, Math.round(rand() * 1e6) / 100, rand(), `${word()}${word()}`]);
  }
  return writer.finish();
}

function makeXml(size: number): Uint8Array {
  const pieces = ['<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n'];
  let total = pieces[0].length;
  for (let i = 0; total < size; i++) {
    const item = `  <book id="${i}" lang="el"><title>Ωμέγα &amp; title ${i}</title><author><name>Author ${i % 977}</name></author><price>${(i % 100) + 0.5}</price></book>\n`;
    pieces.push(item);
    total += item.length + 8;
  }
  pieces.push('</catalog>\n');
  return new TextEncoder().encode(pieces.join(''));
}

const ctx = { signal: new AbortController().signal, onProgress() {} };

/** Runs in a fresh Node process: peak RSS then belongs to this case alone. */
async function childCase(name: string): Promise<void> {
  if (name === 'excel') {
    const bytes = await makeXlsx(arg('xlsx-mb', 40) * MB);
    const base = process.memoryUsage().rss;
    const { default: splitExcel } = await import('../src/processors/split-excel');
    const start = performance.now();
    const parts = await splitExcel.run([{ name: 'bench.xlsx', type: '', bytes }], { method: 'rows', rowsPerFile: 100000 }, ctx);
    const ms = performance.now() - start;
    const peak = process.resourceUsage().maxRSS * 1024;
    console.log(
      `split-excel by rows (Node ${process.version}): ${mb(bytes.length)} MB .xlsx into ${parts.length} parts in ${(ms / 1000).toFixed(2)} s; ` +
        `peak resident memory ${mb(peak)} MB (${mb(base)} MB before the run, with the generated workbook; target <= 400 MB)`,
    );
  } else if (name === 'xml') {
    const bytes = makeXml(arg('xml-mb', 50) * MB);
    const base = process.memoryUsage().rss;
    const { default: xmlToJson } = await import('../src/processors/xml-to-json');
    const start = performance.now();
    const [out] = await xmlToJson.run([{ name: 'bench.xml', type: '', bytes }], {}, ctx);
    const ms = performance.now() - start;
    const peak = process.resourceUsage().maxRSS * 1024;
    console.log(
      `xml-to-json (Node ${process.version}): ${mb(bytes.length)} MB XML to ${mb(out.bytes.length)} MB JSON in ${(ms / 1000).toFixed(2)} s; ` +
        `peak resident memory ${mb(peak)} MB (${mb(base)} MB before the run)`,
    );
  }
}

async function main(): Promise<void> {
  if (child) return childCase(only ?? '');
  console.log(`Machine: ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (!only || only === 'csv') await benchCsvInChromium(arg('csv-mb', 100) * MB);
  for (const name of ['excel', 'xml']) {
    if (only && only !== name) continue;
    const run = spawnSync(join(root, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url), '--child', '--case', name, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' },
    });
    if (run.status !== 0) console.log(`${name}: the run failed (exit ${run.status})`);
  }
}

await main();
