/**
 * Workflow pages and the chain builder on the built site: a workflow runs its
 * real tools on generated images (one of them damaged) and gives real files,
 * the damaged one listed with its step; each workflow page is pre-rendered
 * with its own head and JSON-LD; a chain built on /workflows/new travels in a
 * link. The fixtures fail any test whose page asked another origin for
 * anything, or whose hydration did not match.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { downloadResult, loadManifests, toast, upload } from './support';

interface WorkflowFile {
  slug: string;
  title: string;
  description: string;
  steps: { tool: string }[];
}

const WORKFLOW_DIR = new URL('../workflows/', import.meta.url);
const workflows: WorkflowFile[] = readdirSync(WORKFLOW_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, WORKFLOW_DIR), 'utf8')) as WorkflowFile);
const titles = new Map(loadManifests().map((t) => [t.slug, t.title]));

/** A PNG photo stand-in: a gradient, so encoders have something to do. */
function photo(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data.set([(x * 255) / width, (y * 255) / height, 128, 255], i);
    }
  }
  return PNG.sync.write(png);
}
/** A PNG signature and then nothing a decoder can read. */
const damaged = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('this is not an image at all')]);

test('Photos to One Compact PDF makes a real PDF of the good photos and lists the damaged one with its step', async ({ page }) => {
  // Real encoders run in the page: a generous budget for a busy machine, no timing asserted.
  test.setTimeout(120_000);
  // Demo mode simulates single tools; a workflow says it runs for real, and does.
  await page.goto('/workflows/photos-to-compact-pdf?demo=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos to One Compact PDF');
  await expect(page.getByTestId('tool-note')).toContainText('Demo mode does not apply to workflows');
  await page.getByTestId('file-input').setInputFiles([
    upload('first.png', 'image/png', photo(320, 240)),
    upload('broken.png', 'image/png', damaged),
    upload('second.png', 'image/png', photo(200, 300)),
  ]);
  await page.getByRole('button', { name: 'Run Workflow' }).click();

  await expect(toast(page, 'Warning')).toContainText('1 of 3 files could not be processed.', { timeout: 60_000 });
  const failed = page.getByTestId('failed-file');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('broken.png');
  await expect(failed).toContainText('Step 1 (Image Compressor):');

  const name = (await page.getByTestId('result-name').textContent())!;
  expect(name).toMatch(/\.pdf$/);
  const { bytes } = await downloadResult(page, name);
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(2);
});

test('Shrink Photos for the Web resizes to fit 1920 pixels and saves WebP', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/workflows/shrink-photos-for-web');
  await page.getByTestId('file-input').setInputFiles([upload('wide.png', 'image/png', photo(2100, 1050))]);
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  await expect(toast(page, 'Success')).toBeVisible({ timeout: 90_000 });
  const name = (await page.getByTestId('result-name').textContent())!;
  expect(name).toMatch(/\.webp$/);
  const { bytes } = await downloadResult(page, name);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  // The browser decodes the result: the photo now fits 1920 x 1920, its proportions kept.
  const size = await page.evaluate(async (data) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(data)], { type: 'image/webp' }));
    return [bitmap.width, bitmap.height];
  }, [...bytes]);
  expect(size).toEqual([1920, 960]);
});

test('every workflow page and the builder are pre-rendered with their own head, JSON-LD and sitemap entry', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const workflow of workflows) {
    const res = await request.get(`/workflows/${workflow.slug}`, { headers: { accept: 'text/html' } });
    expect(res.status(), workflow.slug).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${workflow.title} - FileDesk</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/workflows/${workflow.slug}" />`));
    expect(html).toContain(`data-prerendered="/workflows/${workflow.slug}"`);
    expect(html).toContain('data-testid="file-input"');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const howTo = jsonLd.find((d) => d['@type'] === 'HowTo');
    expect(howTo.step.map((s: { name: string }) => s.name)).toEqual(workflow.steps.map((s) => titles.get(s.tool)));
    expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+/workflows/${workflow.slug}</loc>`));
  }
  const builder = await (await request.get('/workflows/new', { headers: { accept: 'text/html' } })).text();
  expect(builder).toContain('<title>Build Your Own Workflow - FileDesk</title>');
  expect(builder).toContain('data-prerendered="/workflows/new"');
});

test('a chain built on /workflows/new opens again from its link; a broken link opens an empty builder', async ({ page, context }) => {
  await page.goto('/workflows/new');
  await page.getByLabel('Choose the first tool').selectOption('merge-pdf');
  await page.getByRole('button', { name: 'Add step' }).click();
  const next = page.getByLabel('Add a step');
  await expect(next.locator('option[value="protect-pdf"]')).toHaveCount(1);
  // Only tools that take a PDF follow Merge PDF.
  await expect(next.locator('option[value="jpg-to-pdf"]')).toHaveCount(0);
  await next.selectOption('pdf-compressor');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByTestId('chain-step').nth(1).getByRole('radio', { name: /^High/ }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('chain-link').inputValue();
  expect(link).toMatch(/\/workflows\/new#chain=[A-Za-z0-9_-]+$/);

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('chain-step')).toHaveCount(2);
  await expect(other.getByTestId('chain-step').nth(0)).toContainText('Merge PDF');
  await expect(other.getByTestId('chain-step').nth(1).getByRole('radio', { name: /^High/ })).toBeChecked();

  await other.goto('/workflows/new#chain=e30');
  await expect(toast(other, 'Error')).toContainText('The workflow in this link cannot be opened.');
  await expect(other.getByTestId('chain-step')).toHaveCount(0);
});
