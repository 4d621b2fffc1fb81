/**
 * What a tool page fetches before the visitor acts: a bespoke view of a tool
 * that works on files comes with the first files (the page opens as the
 * generic one), and a page for typed text fetches its validation's schema when
 * the visitor reaches its form.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { gotoReal, makePdf, upload } from './support';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = resolve(root, process.env.DIST_DIR ?? 'dist');
const viteManifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** Whether the page fetched the built file of a source module. */
const fetched = (requests: readonly string[], source: string) => requests.some((url) => new URL(url).pathname === `/${viteManifest[source].file}`);

test('Merge PDF opens without its view, which arrives with the first files and lists them', async ({ page, siteGuard }) => {
  const requested = () => fetched(siteGuard.requests, 'src/views/merge-pdf.tsx');
  await gotoReal(page, '/tools/merge-pdf');
  await page.waitForLoadState('networkidle');
  expect(requested(), 'the view is not part of the opening page').toBe(false);
  const pdf = await makePdf([300], 'one');
  await page.getByTestId('file-input').setInputFiles([upload('a.pdf', 'application/pdf', pdf), upload('b.pdf', 'application/pdf', pdf)]);
  const list = page.getByRole('list', { name: 'Files to merge, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(requested()).toBe(true);
});

test('Text Case Converter fetches its schema when the text field is reached, and converts what is typed', async ({ page, siteGuard }) => {
  const requested = () => fetched(siteGuard.requests, 'src/engine/options-resolver.ts');
  await gotoReal(page, '/tools/text-case-converter');
  await page.waitForLoadState('networkidle');
  expect(requested(), 'the schema is not part of the opening page').toBe(false);
  await page.getByRole('textbox', { name: /text/i }).first().fill('hello world');
  await expect(page.getByTestId('case-output')).toHaveValue('HELLO WORLD');
  expect(requested()).toBe(true);
});
