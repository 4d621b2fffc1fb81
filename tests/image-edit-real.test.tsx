// @vitest-environment jsdom
/**
 * Every image tool with a real processor, run from its page in real mode on
 * a small real image (the worker replaced by the same processor on the page):
 * the result is produced and the real success message shows, without "(Mock)".
 * The segmentation model cannot run in Node, so it is replaced by a mask of
 * the image's centre, the upscaling model by nearest-neighbour enlargement, and OCR (tested for real in its processor's test) by a
 * fixed reading; everything else is the real code.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../src/engine/demo/demo-mode';
import type { ProcessorModule } from '../src/contract/processor';
import { runInPlace, toastTexts } from './support/components';
import type { ToolOutput } from '../src/contract/types';
import { runInWorker } from '../src/engine/worker/bridge';
import { TEXT_FONT_FAMILY } from '../src/lib/image/text';
import { choose, clickRun, demoSetup, imageTools, renderTool, resultNames } from './support/image-pages';
import './setup/offscreen-canvas';

vi.mock('../src/engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));
vi.mock('../src/lib/ocr/recognize', () => ({
  terminateOcr: async () => {},
  recognize: async () => ({ text: 'FILE 42', confidence: 95, words: [] }),
}));
vi.mock('../src/lib/segment/foreground', () => ({
  SEGMENT_DOWNLOAD_BYTES: 1,
  foregroundMask: async (image: { width: number; height: number }) => {
    const mask = new Uint8Array(image.width * image.height);
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) if (Math.abs(x - image.width / 2) < image.width / 4) mask[y * image.width + x] = 255;
    return mask;
  },
}));

// The upscaling model runs for real in its processor's test; here a nearest-neighbour 4x stands in.
vi.mock('../src/lib/upscale/esrgan', () => ({
  upscale4x: async (image: { width: number; height: number; data: Uint8ClampedArray }) => {
    const width = image.width * 4;
    const data = new Uint8ClampedArray(width * image.height * 16);
    for (let y = 0; y < image.height * 4; y++)
      for (let x = 0; x < width; x++) data.set(image.data.subarray(((y >> 2) * image.width + (x >> 2)) * 4, ((y >> 2) * image.width + (x >> 2)) * 4 + 4), (y * width + x) * 4);
    return { width, height: image.height * 4, data };
  },
}));

// pica probes createImageBitmap on an Image that jsdom never loads; a worker has no Image at all.
vi.stubGlobal('Image', undefined);
GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', TEXT_FONT_FAMILY);

const processors = import.meta.glob<{ default: ProcessorModule }>(['../src/processors/*.ts', '!../src/processors/*.test.ts']);

/** A 240 x 80 PNG with large dark text on a light ground, so every tool, OCR included, has something to work on. */
function sample(name: string): File {
  const canvas = createCanvas(240, 80);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f4f4';
  g.fillRect(0, 0, 240, 80);
  g.fillStyle = '#202020';
  g.font = `40px "${TEXT_FONT_FAMILY}"`;
  g.fillText('FILE 42', 20, 55);
  return new File([new Uint8Array(canvas.encodeSync('png'))], name, { type: 'image/png' });
}

/** The success toasts as the visitor reads them after a real run (the manifests' literals, written out). */
const WRITTEN: Record<string, string> = {
  'flip-image': 'Success: Image flipped successfully!',
  'black-and-white-image': 'Success: Image converted to black and white successfully!',
  'pixelate-image': 'Success: Image pixelated successfully!',
  'make-round-image': 'Success: Round image created successfully!',
  'profile-photo-maker': 'Success: Profile photo created successfully!',
  'add-border-to-image': 'Success: Border added successfully!',
  'crop-image': 'Success: Image cropped successfully!',
  'image-splitter': 'Success: Image split successfully!',
  'merge-images': 'Success: 2 images merged successfully!',
  'resize-image-dimensions': 'Success: Image resized successfully!',
  'add-text-to-image': 'Success: Text added successfully!',
  'collage-maker': 'Success: Collage created successfully!',
  'extract-text-from-image': 'Success: Text extracted successfully!',
  'remove-background': 'Success: Background removed successfully!',
  'make-background-transparent': 'Success: Background made transparent successfully!',
  'blur-background': 'Success: Background blurred successfully!',
  'unblur-image': 'Success: Image unblurred successfully!',
  'restore-photos': 'Success: Photo restored successfully!',
  'increase-image-resolution': 'Success: Image upscaled successfully!',
};
const seen: Record<string, string[]> = {};

// The inpainting tools need an area painted on their own view; src/views/inpaint-brush.test.tsx runs them from it.
const real = imageTools.filter((t) => t.processor && 'image/png' in t.accept && t.view !== 'inpaint-brush');

describe('image tools with a processor: the real success message', () => {
  let outputs: ToolOutput[];

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setDemoMode(false);
    outputs = [];
    vi.mocked(runInWorker).mockReset();
    vi.mocked(runInWorker).mockImplementation(
      runInPlace(
        async (name) => (await processors[`../src/processors/${name}.ts`]()).default,
        (run) => (outputs = run.outputs),
      ),
    );
  });
  afterEach(() => demoSetup().after());

  it.each(real.map((t) => [t.slug, t] as const))('%s', async (_slug, manifest) => {
    renderTool(manifest.slug);
    const count = Math.max(1, manifest.limits.minFiles);
    await choose(Array.from({ length: count }, (_, i) => sample(`photo${i + 1}.png`)));
    await clickRun(manifest);
    await act(async () => {
      await vi.waitFor(() => expect(outputs.length + toastTexts().filter((t) => t.startsWith('Error')).length).toBeGreaterThan(0), {
        timeout: 60000,
        interval: 50,
      });
    });
    expect(toastTexts().filter((t) => t.startsWith('Error'))).toEqual([]);
    await act(async () => {
      await vi.waitFor(() => expect(resultNames().length).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
    });
    const success = manifest.messages.success.replace('{files}', String(count)).replace('{n}', String(outputs.length));
    expect(toastTexts()).toContain(`Success: ${success}`);
    expect(toastTexts().join()).not.toContain('(Mock)');
    expect(outputs[0].bytes.byteLength).toBeGreaterThan(0);
    seen[manifest.slug] = toastTexts();
  }, 90000);

  it('shows the success messages as written', () => {
    for (const [slug, text] of Object.entries(WRITTEN)) if (seen[slug]) expect(seen[slug]).toContain(text);
    expect(Object.keys(seen).filter((slug) => WRITTEN[slug]).length).toBeGreaterThanOrEqual(12);
  });
});
