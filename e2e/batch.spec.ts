/**
 * Batch mode, folder to folder, driven with directory handles of the
 * origin-private file system (the same interface as a picked folder): the
 * folder picker is replaced by one that hands out OPFS folders.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoReal, toast } from './support';

/** Makes in/ (with a sub-folder and a damaged file) and out/ in OPFS, and a picker that gives in/ then out/. */
async function prepareFolders(page: Page) {
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) await root.removeEntry(name, { recursive: true });
    const input = await root.getDirectoryHandle('in', { create: true });
    const nested = await input.getDirectoryHandle('trip', { create: true });
    const png = async (w: number, h: number, colour: string) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, w, h);
      return canvas.convertToBlob({ type: 'image/png' });
    };
    const write = async (dir: FileSystemDirectoryHandle, name: string, data: Blob) => {
      const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await w.write(data);
      await w.close();
    };
    await write(input, 'red.png', await png(64, 48, '#d00'));
    await write(input, 'broken.png', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])]));
    await write(input, 'notes.txt', new Blob(['not an image']));
    await write(nested, 'blue.png', await png(30, 90, '#00d'));
    await root.getDirectoryHandle('out', { create: true });
    const picks = ['in', 'out'];
    let next = 0;
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      root.getDirectoryHandle(picks[next++ % 2]);
  });
}

/** Every file under out/, with its size and, for images, its decoded width and height. */
async function readOutput(page: Page) {
  return page.evaluate(async () => {
    const out = await (await navigator.storage.getDirectory()).getDirectoryHandle('out');
    const found: { path: string; size: number; width?: number; height?: number }[] = [];
    async function walk(dir: FileSystemDirectoryHandle, prefix: string) {
      for await (const handle of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`);
        else {
          const file = await (handle as FileSystemFileHandle).getFile();
          const entry: (typeof found)[number] = { path: prefix + handle.name, size: file.size };
          if (file.name.endsWith('.jpg')) {
            const bitmap = await createImageBitmap(file);
            Object.assign(entry, { width: bitmap.width, height: bitmap.height });
          }
          found.push(entry);
        }
      }
    }
    await walk(out, '');
    return found.sort((a, b) => a.path.localeCompare(b.path));
  });
}

test('PNG to JPG in batch mode: a folder in, a folder out, the damaged file listed, and a second run skips what is done', async ({ page }) => {
  await gotoReal(page, '/tools/png-to-jpg');
  await prepareFolders(page);
  await page.getByRole('button', { name: 'Process a folder' }).click();
  await page.getByRole('button', { name: 'Choose a folder' }).click();
  await expect(page.getByTestId('batch-chosen')).toContainText('3 files found in in');
  await page.getByRole('button', { name: 'Choose output folder' }).click();
  await expect(page.getByTestId('batch-chosen')).toContainText('results go to out');
  await page.getByRole('button', { name: 'Run batch' }).click();
  await expect(toast(page, 'Warning')).toContainText('1 of 3 files could not be processed. 2 processed, 0 skipped, 1 failed.');

  const table = page.getByTestId('batch-table');
  await expect(table.locator('tr[data-status="done"]')).toHaveCount(2);
  await expect(table.locator('tr[data-status="failed"]')).toContainText('broken.png');
  const written = await readOutput(page);
  expect(written.filter((f) => f.path.endsWith('.jpg'))).toEqual([
    { path: 'red.jpg', size: expect.any(Number), width: 64, height: 48 },
    { path: 'trip/blue.jpg', size: expect.any(Number), width: 30, height: 90 },
  ]);

  const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report (CSV)' }).click()]);
  const csv = await readFile(await report.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('file,status,bytes_in,bytes_out,ms,outputs,message');
  expect(csv).toMatch(/\r\nbroken\.png,failed,11,0,\d+,,.*broken\.png/);

  // Again on the same output folder: nothing is done twice.
  await page.getByRole('button', { name: 'Choose a folder' }).click();
  await page.getByRole('button', { name: 'Choose output folder' }).click();
  await page.getByRole('button', { name: 'Run batch' }).click();
  await expect(toast(page, 'Warning').last()).toContainText('0 processed, 2 skipped, 1 failed.');
  await expect(table.locator('tr[data-status="skipped"]')).toHaveCount(2);
  expect((await readOutput(page)).filter((f) => f.path.endsWith('.jpg')).map((f) => f.path)).toEqual(['red.jpg', 'trip/blue.jpg']);
});

test('a workflow whose steps work file by file runs in batch mode too: each file through every step, into the output folder', async ({ page }) => {
  await gotoReal(page, '/workflows/shrink-photos-for-web');
  await prepareFolders(page);
  await page.getByRole('button', { name: 'Process a folder' }).click();
  await page.getByRole('button', { name: 'Choose a folder' }).click();
  await expect(page.getByTestId('batch-chosen')).toContainText('3 files found in in');
  await page.getByRole('button', { name: 'Choose output folder' }).click();
  await page.getByRole('button', { name: 'Run batch' }).click();
  await expect(toast(page, 'Warning')).toContainText('2 processed, 0 skipped, 1 failed.');
  await expect(page.getByTestId('batch-table').locator('tr[data-status="failed"]')).toContainText('Step 1:');
  const written = (await page.evaluate(async () => {
    const out = await (await navigator.storage.getDirectory()).getDirectoryHandle('out');
    const found: string[] = [];
    async function walk(dir: FileSystemDirectoryHandle, prefix: string) {
      for await (const handle of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
        if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`);
        else if (!handle.name.startsWith('.')) {
          const bitmap = await createImageBitmap(await (handle as FileSystemFileHandle).getFile());
          found.push(`${prefix}${handle.name} ${bitmap.width}x${bitmap.height}`);
        }
      }
    }
    await walk(out, '');
    return found.sort();
  })) as string[];
  // Both photos are brought to 1920 px on their long side and written as WebP under their own folders.
  expect(written).toHaveLength(2);
  expect(written.every((w) => /\.webp \d+x\d+$/.test(w))).toBe(true);
  expect(written.find((w) => w.startsWith('trip/'))).toMatch(/ 640x1920$/);
  expect(written.find((w) => !w.startsWith('trip/'))).toMatch(/ 1920x1440$/);
});

test('nothing lost, nothing taken twice: b.png and b.webp both written, and an output folder inside the input folder is not read as input', async ({ page }) => {
  await gotoReal(page, '/tools/image-compressor');
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) await root.removeEntry(name, { recursive: true });
    const input = await root.getDirectoryHandle('in', { create: true });
    const out = await input.getDirectoryHandle('out', { create: true });
    const image = async (w: number, colour: string, type: string) => {
      const canvas = new OffscreenCanvas(w, 40);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, w, 40);
      return canvas.convertToBlob({ type });
    };
    const write = async (name: string, data: Blob) => {
      const w = await (await input.getFileHandle(name, { create: true })).createWritable();
      await w.write(data);
      await w.close();
    };
    await write('b.png', await image(60, '#d00', 'image/png'));
    await write('b.webp', await image(80, '#0d0', 'image/webp'));
    const picks = [input, out];
    let next = 0;
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => picks[next++ % 2];
  });
  await page.getByRole('button', { name: 'Process a folder' }).click();
  // Compressed as JPG, both would be compressed-b.jpg.
  await page.getByLabel('Output format').selectOption('jpg');
  const run = async () => {
    await page.getByRole('button', { name: 'Choose a folder' }).click();
    await page.getByRole('button', { name: 'Choose output folder' }).click();
    await page.getByRole('button', { name: 'Run batch' }).click();
  };
  await run();
  await expect(toast(page, 'Info').first()).toContainText('The output folder out is inside the folder being processed: the files in it are not taken as inputs.');
  await expect(toast(page, 'Success').first()).toContainText('Batch finished. 2 processed, 0 skipped, 0 failed.');
  const listOut = () =>
    page.evaluate(async () => {
      const out = await (await (await navigator.storage.getDirectory()).getDirectoryHandle('in')).getDirectoryHandle('out');
      const found: string[] = [];
      for await (const handle of (out as unknown as { values(): AsyncIterable<FileSystemFileHandle> }).values()) {
        if (handle.name.startsWith('.')) continue;
        const bitmap = await createImageBitmap(await handle.getFile());
        found.push(`${handle.name} ${bitmap.width}`);
      }
      return found.sort();
    });
  const first = await listOut();
  expect(first).toHaveLength(2);
  // Each input is written under a name of its own, told apart by its own extension, with its own picture.
  expect(first).toEqual(['compressed-b (webp).jpg 80', 'compressed-b.jpg 60']);
  // Again: the outputs inside in/ are not taken as inputs, and nothing is done twice.
  await run();
  // The first run's toast may still be showing: the second run's is the one with its own figures.
  await expect(toast(page, 'Success').filter({ hasText: 'Batch finished. 0 processed, 2 skipped, 0 failed.' })).toHaveCount(1);
  expect(await listOut()).toEqual(first);
});
