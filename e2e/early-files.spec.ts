/**
 * Files chosen or dropped before the page is live. The pre-rendered page
 * paints, and looks ready, seconds before React hydrates it; the entry script
 * keeps what is chosen or dropped in that time and the drop zone takes it over
 * (src/early-files.ts, src/engine/useEarlyFiles.ts). These specs hold back
 * every script but the entry until files were chosen and dropped.
 */
import { writeFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, SITE_ORIGIN, test } from './fixtures';
import { makePdf, upload } from './support';

/**
 * Opens `path` with the application's scripts held back: only the entry script and its static imports load.
 * Returns once the page has painted, the application's scripts are being held and the entry has run.
 */
async function openHeld(context: BrowserContext, path: string): Promise<{ page: Page; release(): Promise<void> }> {
  const page = await context.newPage();
  const html = await (await page.request.get(path)).text();
  const entry = html.match(/<script\b[^>]*type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!entry) throw new Error(`No entry script in ${path}`);
  const entryCode = await (await page.request.get(entry)).text();
  const allowed = new Set([entry, ...[...entryCode.matchAll(/\bfrom\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `/assets/${m[1]}`)]);

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sawHeld!: () => void;
  const held = new Promise<void>((resolve) => (sawHeld = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (allowed.has(new URL(route.request().url()).pathname)) return route.continue();
    sawHeld();
    await released;
    await route.continue();
  });
  // Not the fixture's goto, which waits for the page to be live.
  await page.goto(path, { waitUntil: 'commit' });
  await held;
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  await page.waitForFunction(() => !!window.earlyFiles);
  expect(await page.evaluate(() => document.documentElement.dataset.interactive)).toBeUndefined();
  return {
    page,
    async release() {
      release();
      await page.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
    },
  };
}

/**
 * Drags a file in from outside the page and drops it on the element `selector` names, as the browser does
 * (dragenter, dragover, drop). Returns whether the page cancelled dragover and drop: a drop that is not
 * cancelled makes the browser open the file in the tab.
 */
async function dropFile(page: Page, selector: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  return page.evaluate(
    ({ selector, name, type, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      const target = document.querySelector(selector);
      if (!target) throw new Error(`Nothing matches ${selector}`);
      const fire = (kind: string) => !target.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      fire('dragenter');
      return { dragoverCancelled: fire('dragover'), dropCancelled: fire('drop') };
    },
    { selector, name: file.name, type: file.mimeType, bytes: [...file.buffer] },
  );
}

const TAKEN = { dragoverCancelled: true, dropCancelled: true };

/**
 * Drags the file at `path` from the desktop onto the middle of the element `selector` names: the browser's
 * own drag and drop (DevTools protocol), so a drop the page does not take opens the file in the tab (the
 * fixtures then fail the test on the file: request) and a drop it refuses does not happen.
 */
async function dropFromDesktop(page: Page, selector: string, path: string): Promise<void> {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  const cdp = await page.context().newCDPSession(page);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const data = { items: [], files: [path], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  await cdp.detach();
}

test('merge-pdf: a file chosen and files dropped before the page is live are listed once it is, in order', async ({ context }, testInfo) => {
  const { page, release } = await openHeld(context, '/tools/merge-pdf');
  const pdf = async (name: string) => upload(name, 'application/pdf', await makePdf([300], name));
  const onDisk = async (name: string) => {
    const path = testInfo.outputPath(name);
    await writeFile(path, (await pdf(name)).buffer);
    return path;
  };

  await page.getByTestId('file-input').setInputFiles(await pdf('chosen.pdf'));
  // On the drop zone, and anywhere else on the page.
  expect(await dropFile(page, '.dropzone', await pdf('dropped.pdf'))).toEqual(TAKEN);
  await dropFromDesktop(page, 'h1', await onDisk('dropped-on-heading.pdf'));
  // Still not live: nothing could list them yet.
  expect(await page.evaluate(() => document.documentElement.dataset.interactive)).toBeUndefined();

  await release();
  const names = page.getByRole('list', { name: 'Files to merge, in order' }).locator('.file-name');
  await expect(names).toHaveText(['chosen.pdf', 'dropped.pdf', 'dropped-on-heading.pdf']);

  // Live: a drop outside the drop zone still counts as a drop on it.
  await dropFromDesktop(page, 'footer', await onDisk('dropped-on-footer.pdf'));
  await expect(names).toHaveText(['chosen.pdf', 'dropped.pdf', 'dropped-on-heading.pdf', 'dropped-on-footer.pdf']);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(page.url()).toBe(`${SITE_ORIGIN}/tools/merge-pdf`);
});

test('pdf-compressor: a wrong file chosen early gets the same Error toast as one chosen later, a PDF dropped early is listed', async ({ context }) => {
  const { page, release } = await openHeld(context, '/tools/pdf-compressor');
  const text = upload('notes.txt', 'text/plain', Buffer.from('not a PDF'));
  await page.getByTestId('file-input').setInputFiles(text);
  expect(await dropFile(page, 'main', upload('report.pdf', 'application/pdf', await makePdf([300, 300], 'Report')))).toEqual(TAKEN);
  await release();

  const invalid = page.getByTestId('toast').filter({ hasText: 'Invalid file type' });
  await expect(invalid).toHaveCount(1);
  const early = await invalid.innerText();
  expect(early).toContain('The file notes.txt is not a supported file type.');
  const names = page.getByRole('list', { name: 'Selected files' }).locator('.file-name');
  await expect(names).toHaveText(['report.pdf']);

  // The same file chosen now: the same toast, and the chosen PDF stays.
  await page.getByTestId('file-input').setInputFiles(text);
  await expect(invalid).toHaveCount(2);
  expect(await invalid.nth(0).innerText()).toBe(early);
  expect(await invalid.nth(1).innerText()).toBe(early);
  await expect(names).toHaveText(['report.pdf']);
  expect(page.url()).toBe(`${SITE_ORIGIN}/tools/pdf-compressor`);
});

for (const path of ['/', '/tools']) {
  test(`${path}: a file dropped before or after the page is live is ignored, never opened`, async ({ context }, testInfo) => {
    const { page, release } = await openHeld(context, path);
    const file = upload('dropped.pdf', 'application/pdf', await makePdf([300], 'Dropped'));
    await writeFile(testInfo.outputPath(file.name), file.buffer);
    expect(await dropFile(page, 'h1', file)).toEqual(TAKEN);
    await dropFromDesktop(page, 'h1', testInfo.outputPath(file.name));
    await release();
    expect(await dropFile(page, 'h1', file)).toEqual(TAKEN);
    await dropFromDesktop(page, 'h1', testInfo.outputPath(file.name));
    // Nothing is kept for a drop zone this page does not have.
    expect(await page.evaluate(() => window.earlyFiles?.batches.length)).toBe(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect(page.url()).toBe(`${SITE_ORIGIN}${path}`);
  });
}
