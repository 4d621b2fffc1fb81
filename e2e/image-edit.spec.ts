/**
 * The image editing tools end to end in real mode (?demo=0): each is given a
 * real image made in Node, run in Chromium (engines, fonts and models served
 * by the site), and its download is decoded back in Node and checked.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoBadge, downloadResult, gotoReal, loadManifests, manifest, toast } from './support';

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', 'E2E Sans');

/** 240 x 160: light grey ground, a red disc subject on the right, and dark text on the left. */
function sample(): Buffer {
  const canvas = createCanvas(240, 160);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f0f0f0';
  g.fillRect(0, 0, 240, 160);
  g.fillStyle = '#d02020';
  g.beginPath();
  g.arc(180, 80, 45, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#111111';
  g.font = '28px "E2E Sans"';
  g.fillText('FILE 42', 8, 90);
  return canvas.toBuffer('image/png');
}

type Decoded = { width: number; height: number; data: Buffer };
const decode = (bytes: Buffer): Decoded => PNG.sync.read(bytes);
const alphaAt = (im: Decoded, x: number, y: number) => im.data[(y * im.width + x) * 4 + 3];

/** Variance of the Laplacian of the green channel: higher is sharper. */
function laplacianVariance(im: Decoded): number {
  const g = (x: number, y: number) => im.data[(y * im.width + x) * 4 + 1];
  const values: number[] = [];
  for (let y = 1; y < im.height - 1; y++)
    for (let x = 1; x < im.width - 1; x++) values.push(4 * g(x, y) - g(x - 1, y) - g(x + 1, y) - g(x, y - 1) - g(x, y + 1));
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
}

/** What each tool's download must be, beyond "a real PNG". */
const CHECKS: Record<string, (bytes: Buffer) => void> = {
  'flip-image': (b) => {
    const im = decode(b);
    expect(im.data[(80 * 240 + 60) * 4]).toBeGreaterThan(180); // the red disc is now on the left
  },
  'black-and-white-image': (b) => {
    const im = decode(b);
    const i = (80 * 240 + 180) * 4;
    expect(im.data[i]).toBe(im.data[i + 1]);
    expect(im.data[i + 1]).toBe(im.data[i + 2]);
  },
  'make-round-image': (b) => {
    const im = decode(b);
    expect([im.width, im.height, alphaAt(im, 0, 0), alphaAt(im, 80, 80)]).toEqual([160, 160, 0, 255]);
  },
  'profile-photo-maker': (b) => expect(alphaAt(decode(b), 0, 0)).toBe(0),
  'add-border-to-image': (b) => expect([decode(b).width, decode(b).height]).toEqual([260, 180]),
  'crop-image': (b) => expect([decode(b).width, decode(b).height]).toEqual([100, 100]),
  'image-splitter': (b) => expect(Object.keys(unzipSync(new Uint8Array(b)))).toHaveLength(4),
  'merge-images': (b) => expect([decode(b).width, decode(b).height]).toEqual([240, 320]),
  'collage-maker': (b) => expect([decode(b).width, decode(b).height]).toEqual([1200, 1200]),
  'pixelate-image': (b) => {
    const im = decode(b);
    expect(im.data.subarray(0, 4)).toEqual(im.data.subarray((9 * 240 + 9) * 4, (9 * 240 + 9) * 4 + 4));
  },
  'add-text-to-image': (b) => expect(decode(b).width).toBe(240),
  'resize-image-dimensions': (b) => expect(decode(b).width).toBeGreaterThan(0),
  'extract-text-from-image': (b) => expect(b.toString('utf8')).toContain('FILE 42'),
  'make-background-transparent': (b) => {
    const im = decode(b);
    expect([alphaAt(im, 2, 2), alphaAt(im, 180, 80)]).toEqual([0, 255]);
  },
  'remove-background': (b) => {
    const im = decode(b);
    // The model's matte is soft: the ground all but clear, the subject all but solid.
    expect(im.width).toBe(240);
    expect(alphaAt(im, 2, 2)).toBeLessThan(10);
    expect(alphaAt(im, 180, 80)).toBeGreaterThan(240);
  },
  'unblur-image': (b) => expect(laplacianVariance(decode(b))).toBeGreaterThan(laplacianVariance(decode(sample()))),
  'increase-image-resolution': (b) => expect([decode(b).width, decode(b).height]).toEqual([480, 320]),
  'restore-photos': (b) => expect([decode(b).width, decode(b).height]).toEqual([240, 160]),
  'blur-background': (b) => expect(decode(b).width).toBe(240),
};

/** Room for a tool that runs a model: its first run downloads and starts it, and on two busy cores inference takes minutes. */
const RUN_TIMEOUT = 400_000;

async function runTool(page: Page, slug: string) {
  const tool = manifest(slug) as ReturnType<typeof manifest> & { limits: { minFiles?: number } };
  await gotoReal(page, `/tools/${slug}`);
  await expect(demoBadge(page)).toHaveCount(0);
  const count = Math.max(1, tool.limits?.minFiles ?? 1);
  await page.getByTestId('file-input').setInputFiles(Array.from({ length: count }, (_, i) => ({ name: `photo${i + 1}.png`, mimeType: 'image/png', buffer: sample() })));
  await page.getByRole('button', { name: tool.action.label, exact: true }).click();
  // The real message (demo messages end in "(Mock)"), checked at once: under load the toast may time out soon after.
  const message = tool.messages.success.replace('{files}', String(count));
  await expect(toast(page, tool.messages.successTitle ?? 'Success').filter({ hasText: message })).toBeVisible({ timeout: RUN_TIMEOUT });
  const name = (await page.getByTestId('result-name').first().textContent())!.trim();
  return (await downloadResult(page, name)).bytes;
}

for (const tool of loadManifests().filter((m) => CHECKS[m.slug] && m.processor)) {
  test(`${tool.slug} runs for real and its download is right`, async ({ page }) => {
    test.setTimeout(RUN_TIMEOUT + 30_000);
    CHECKS[tool.slug](await runTool(page, tool.slug));
  });
}
