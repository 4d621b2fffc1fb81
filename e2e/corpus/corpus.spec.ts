/**
 * Corpus run (`npm run test:corpus`, not part of `npm test`): every tool with
 * a real processor, in Chromium through its worker, over every file of
 * ../shared/corpus/<kind>/ that its accept map takes. Prints one table:
 * inputs, valid outputs (the downloaded file starts as its type should),
 * clear messages (an error toast other than the generic crash message),
 * generic messages (the crash message), crashes (a page error), hangs
 * (nothing in 60 s).
 * Skips when ../shared/corpus is absent. It asserts nothing: it measures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { readManifests } from '../../src/manifests/read';
import { test } from '../fixtures';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));
const CRASH_MESSAGE = 'Processing failed unexpectedly';
const HANG_MS = 60_000;

interface Tool {
  slug: string;
  processor?: string;
  view?: string;
  accept: Record<string, string[]>;
  limits: { minFiles?: number; maxFiles: number };
  action: { label: string };
}

const tools: Tool[] = readManifests();
const corpusFiles = existsSync(CORPUS)
  ? readdirSync(CORPUS, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(join(CORPUS, d.name)).map((f) => join(CORPUS, d.name, f)))
  : [];

const MAGIC: [RegExp, (b: Buffer) => boolean][] = [
  [/\.pdf$/i, (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
  [/\.png$/i, (b) => b[0] === 0x89 && b.subarray(1, 4).toString('latin1') === 'PNG'],
  [/\.jpe?g$/i, (b) => b[0] === 0xff && b[1] === 0xd8],
  [/\.(zip|docx|xlsx|pptx|epub)$/i, (b) => b[0] === 0x50 && b[1] === 0x4b],
  [/\.webp$/i, (b) => b.subarray(8, 12).toString('latin1') === 'WEBP'],
  [/\.gif$/i, (b) => b.subarray(0, 3).toString('latin1') === 'GIF'],
];
const looksValid = (name: string, bytes: Buffer) => bytes.length > 0 && (MAGIC.find(([re]) => re.test(name))?.[1](bytes) ?? true);

type Outcome = 'valid' | 'invalid' | 'message' | 'generic' | 'crash' | 'hang';

async function runOne(page: Page, tool: Tool, file: string): Promise<Outcome> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/tools/${tool.slug}?demo=0`);
  const payload = { name: file.split('/').pop()!, mimeType: 'application/octet-stream', buffer: readFileSync(file) };
  const count = Math.max(1, tool.limits.minFiles ?? 1);
  await page.getByTestId('file-input').setInputFiles(Array.from({ length: count }, (_, i) => ({ ...payload, name: i ? `${i}-${payload.name}` : payload.name })));
  const toast = page.getByTestId('toast').first();
  // A refusal at the drop zone (size, type) is a message too.
  if (await toast.isVisible().catch(() => false)) return 'message';
  const button = page.getByRole('button', { name: tool.action.label, exact: true }).first();
  if (!(await button.isEnabled().catch(() => false))) return (await toast.isVisible().catch(() => false)) ? 'message' : 'hang';
  await button.click();
  const result = page.getByTestId('result-name').first();
  const outcome = await Promise.race([
    result.waitFor({ timeout: HANG_MS }).then(() => 'result' as const),
    toast.waitFor({ timeout: HANG_MS }).then(() => 'toast' as const),
  ]).catch(() => 'hang' as const);
  if (errors.length) return 'crash';
  if (outcome === 'hang') return 'hang';
  if (outcome === 'toast') {
    const text = (await toast.textContent()) ?? '';
    if (/success|!$/i.test(text) && (await result.isVisible().catch(() => false))) return 'valid';
    return text.includes(CRASH_MESSAGE) ? 'generic' : 'message';
  }
  const name = ((await result.textContent()) ?? '').trim();
  const download = page.getByRole('button', { name: `Download ${name}`, exact: true });
  if (!(await download.isVisible().catch(() => false))) return 'valid';
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  return looksValid(name, readFileSync(await saved.path())) ? 'valid' : 'invalid';
}

const rows: Record<string, Record<Outcome | 'inputs', number>> = {};

test.describe.configure({ mode: 'serial' });
test.skip(corpusFiles.length === 0, 'no ../shared/corpus folder');

for (const tool of tools.filter((t) => t.processor)) {
  const exts = new Set(Object.values(tool.accept).flat().map((e) => e.toLowerCase()));
  const files = corpusFiles.filter((f) => exts.has(extname(f).toLowerCase()));
  if (files.length === 0) continue;
  test(`${tool.slug} over ${files.length} corpus files`, async ({ page, siteGuard }) => {
    test.setTimeout(files.length * (HANG_MS + 15_000));
    const row = (rows[tool.slug] = { inputs: 0, valid: 0, invalid: 0, message: 0, generic: 0, crash: 0, hang: 0 });
    for (const file of files) {
      row.inputs++;
      row[await runOne(page, tool, file).catch(() => 'crash' as const)]++;
    }
    // Measured, not asserted: crashes are counted in the table, not failures here.
    siteGuard.forgive(/.*/);
  });
}

test.afterAll(() => {
  const table = Object.entries(rows).map(([tool, r]) => ({
    tool,
    inputs: r.inputs,
    'valid outputs': r.valid,
    'invalid outputs': r.invalid,
    'clear messages': r.message,
    'generic messages': r.generic,
    crashes: r.crash,
    hangs: r.hang,
  }));
  console.log('\nCorpus run (../shared/corpus):');
  console.table(table);
});
