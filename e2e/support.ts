/** Shared pieces of the end-to-end specs: manifests read from disk, uploads, toasts and downloads. */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ToolManifest } from '../schemas/manifest';
import { readManifests } from '../src/manifests/read';
import { expect } from './fixtures';

/** Every manifest on disk, validated, sorted by slug: the list of routed tools. */
export function loadManifests(): ToolManifest[] {
  return readManifests().sort((a, b) => a.slug.localeCompare(b.slug));
}

/** One manifest by slug. */
export function manifest(slug: string): ToolManifest {
  const found = loadManifests().find((m) => m.slug === slug);
  if (!found) throw new Error(`No manifest for ${slug}`);
  return found;
}

/** A small real PDF whose pages have the given widths (points), each page labelled with its text. */
export async function makePdf(widths: number[], label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  widths.forEach((width, i) => {
    const page = doc.addPage([width, 400]);
    page.drawText(`${label} page ${i + 1}`, { x: 20, y: 200, size: 14, font });
  });
  return Buffer.from(await doc.save());
}

/** A file for setInputFiles. */
export function upload(name: string, mimeType: string, buffer: Buffer) {
  return { name, mimeType, buffer };
}

/** The visible toast whose title is `title`. */
export function toast(page: Page, title: string): Locator {
  return page.getByTestId('toast').filter({ has: page.locator('.toast-title', { hasText: new RegExp(`^${title}$`) }) });
}

/** Clicks the result's Download button and returns the saved file with its name. */
export async function downloadResult(page: Page, resultName: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${resultName}`, exact: true }).click(),
  ]);
  const path = await download.path();
  expect(download.suggestedFilename()).toBe(resultName);
  return { download, bytes: await readFile(path) };
}

/** Opens a URL with demo mode switched off (the flag is remembered for the session). */
export async function gotoReal(page: Page, path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}demo=0`);
}

/** The header's "Demo mode" badge (the footer has a switch with the same words). */
export function demoBadge(page: Page): Locator {
  return page.getByRole('banner').getByText('Demo mode', { exact: true });
}

/** True in the page (and in any worker) when it is cross-origin isolated with shared memory. */
export const isolatedHere = () => crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
