/**
 * What a tool page fetches before the visitor acts: a bespoke view of a tool
 * that works on files comes with the first files (the page opens as the
 * generic one), and a page for typed text fetches its form, view and
 * validation's schema when the visitor reaches it, keeping what was typed,
 * chosen and pressed while they load.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, SITE_ORIGIN, test } from './fixtures';
import { gotoReal, makePdf, manifest, toast, upload } from './support';

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

test('Text Case Converter is live as HTML until reached: what is typed, chosen and pressed while its code loads is kept', async ({ page, context, siteGuard }) => {
  const converter = manifest('text-case-converter') as ReturnType<typeof manifest> & { messages: Record<string, string> };
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE_ORIGIN });
  const viewFile = `/${viteManifest['src/views/text-case-converter.tsx'].file}`;
  let letGo = () => {};
  const heldBack = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(`**${viewFile}`, async (route) => {
    await heldBack;
    await route.continue();
  });
  await gotoReal(page, '/tools/text-case-converter');
  await page.waitForLoadState('networkidle');
  expect(fetched(siteGuard.requests, 'src/views/text-case-converter.tsx'), 'the view is not part of the opening page').toBe(false);
  // The options form is a chunk shared with batch mode, named after its module.
  expect(siteGuard.requests.some((url) => /\/assets\/OptionsForm-[\w-]+\.js$/.test(url)), 'nor is the options form').toBe(false);

  // The view's code is held back: the page answers as HTML.
  await page.getByLabel('Your text').pressSequentially('hello there. general kenobi');
  await page.getByLabel('Case', { exact: true }).selectOption('sentencecase');
  await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await expect(page.getByTestId('case-output')).toHaveValue('');
  expect(page.url(), 'the press did not submit the page').toBe(`${SITE_ORIGIN}/tools/text-case-converter?demo=0`);

  letGo();
  await expect(page.getByTestId('case-output')).toHaveValue('Hello there. General kenobi');
  await expect(page.getByLabel('Your text')).toHaveValue('hello there. general kenobi');
  await expect(page.getByLabel('Case', { exact: true })).toHaveValue('sentencecase');
  await expect(toast(page, 'Success').locator('.toast-message')).toHaveText(converter.messages.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hello there. General kenobi');
});
