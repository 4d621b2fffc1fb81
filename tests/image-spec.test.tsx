// @vitest-environment jsdom
/**
 * Spec conformance of every image tool (chart maker and AI image generator
 * aside): a table written from image-data.md sections 4, 5 and 9, not from
 * the manifests, checked against the real manifests and then on the page.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OptionValues, ToolManifest } from '../schemas/manifest';
import { formatBytes } from '../src/lib/format-size';
import { defaultOptions } from '../src/contract/options';
import { delayMs, sizeFactor } from '../src/contract/rules';
import { renderWithShell, toastTexts } from './support/components';
import {
  bigFile, choose, demoSetup, DownloadFirst, file, flush, imageTools, renderTool, resultNames, resultSizes, runExpectingDelay,
  sampleName, submitForm,
} from './support/image-pages';

const MB = 1048576;
const IMG = ['.jpg', '.jpeg', '.png', '.webp'];
const JPG = ['.jpg', '.jpeg'];
const PNG = ['.png'];
const WEBP = ['.webp'];
const HEIC = ['.heic', '.heif'];
const TIFF = ['.tiff', '.tif'];
const GIF = ['.gif'];
const PSD = ['.psd'];
const EPS = ['.eps'];

type Delay = number | ((files: number, options: OptionValues) => number);
/** A delay of base + perFile x files. */
const perFile = (base: number, each: number): Delay => (n) => base + each * n;
const EDITING = 'one of 2000, 2500, 3000';

interface SpecRow {
  files: number;
  mb: number;
  types: string[];
  noFile: string;
  downloadFirst: string;
  /** Section 4's delay; EDITING where the spec leaves it among 2, 2.5 and 3 s; null where it says nothing. */
  delay: Delay | typeof EDITING | null;
  /** Section 9's size factor where the spec gives one. */
  factor?: (options: OptionValues) => number;
  /** Section 9's defaults. */
  defaults?: OptionValues;
  /** Output extension of a converter (the input's is swapped case-insensitively). */
  out?: string;
}

const PROCESS = 'Please process an image first.';
const CONVERT = 'Please convert an image first.';
const FIRST = 'Please upload an image first.';
const AN_IMAGE = 'Please upload an image.';
const upload = (type: string) => `Please upload ${type} image(s) or a file.`;
const edit = (noFile: string, delay: SpecRow['delay'], more: Partial<SpecRow> = {}): SpecRow => ({
  files: 1, mb: 10, types: IMG, noFile, downloadFirst: PROCESS, delay, ...more,
});
const convert = (files: number, mb: number, types: string[], noFile: string, delay: Delay, out: string, more: Partial<SpecRow> = {}): SpecRow => ({
  files, mb, types, noFile, downloadFirst: CONVERT, delay, out, ...more,
});
const quality = (q: number) => ({ quality: q });

const SPEC: Record<string, SpecRow> = {
  'remove-background': edit(FIRST, EDITING, { factor: () => 0.8 }),
  'restore-photos': edit('Please upload an image to restore.', 3500, { factor: () => 1.1 }),
  'profile-photo-maker': edit('Please upload an image to create a profile photo.', EDITING, { mb: 5, factor: () => 0.7, defaults: { shape: 'circle' } }),
  'remove-person-from-photo': edit(FIRST, EDITING),
  'extract-text-from-image': edit(FIRST, EDITING),
  'remove-objects-from-photo': edit(FIRST, EDITING),
  'resize-image-dimensions': edit('Please upload an image and enter valid dimensions.', EDITING, { defaults: { keepAspectRatio: true } }),
  'increase-image-resolution': edit('Please upload an image to upscale.', 3500, {
    mb: 5,
    factor: (o) => (o.scale === '4x' ? 4 : 2) ** 2 * 0.8,
    defaults: { scale: '2x' },
  }),
  'blur-background': edit(FIRST, EDITING, { defaults: { intensity: 50 } }),
  'colorize-photo': edit('Please upload a black and white image.', EDITING),
  'collage-maker': edit('Please upload at least 2 images for the collage.', EDITING, {
    files: 10, mb: 5, downloadFirst: 'Please create a collage first.', defaults: { layout: 'grid-2x2' },
  }),
  'remove-watermark': edit('Please upload an image with a watermark.', EDITING),
  'make-background-transparent': edit(FIRST, EDITING),
  'crop-image': edit('Please upload an image and define crop area.', EDITING, { defaults: { x: 0, y: 0, width: 100, height: 100 } }),
  'add-border-to-image': edit('Please upload an image and specify border width.', EDITING, { defaults: { borderWidth: 10, borderColor: '#000000' } }),
  'image-splitter': edit('Please upload an image and specify valid rows/columns.', EDITING, { defaults: { rows: 2, columns: 2 } }),
  'add-text-to-image': edit('Please upload an image and enter text.', EDITING, {
    defaults: { text: 'Your Text Here', fontSize: 24, textColor: '#ffffff' },
  }),
  'pixelate-image': edit(AN_IMAGE, EDITING, { defaults: { pixelSize: 10 } }),
  'make-round-image': edit(AN_IMAGE, EDITING),
  'black-and-white-image': edit(FIRST, EDITING, { defaults: { contrast: 50 } }),
  'flip-image': edit(AN_IMAGE, 1500, { defaults: { direction: 'horizontal' } }),
  'unblur-image': edit('Please upload a blurry image.', 3000, { types: JPG.concat(PNG), defaults: { sharpness: 50 } }),
  'merge-images': edit('Please upload at least two images to merge.', 3000, {
    files: 10, mb: 5, downloadFirst: 'Please merge images first.', factor: () => 0.9, defaults: { direction: 'vertical', spacing: 'none' },
  }),
  'image-compressor': edit('Please upload at least one image to compress.', 2000, {
    files: 5, downloadFirst: 'Please compress the images first.', factor: (o) => Number(o.quality) / 100,
    defaults: { quality: 80, format: 'original' },
  }),
  'jpg-to-png': convert(1, 10, JPG, 'Please upload a JPG image to convert.', 2000, 'png', { factor: () => 1.2 }),
  'png-to-jpg': convert(1, 10, PNG, 'Please upload a PNG image to convert.', 2000, 'jpg', {
    factor: (o) => 0.7 * (Number(o.quality) / 100), defaults: quality(85),
  }),
  'heic-to-jpg': convert(10, 10, HEIC, upload('HEIC'), perFile(2000, 500), 'jpg', { defaults: quality(85) }),
  'heic-to-png': convert(10, 10, HEIC, upload('HEIC'), perFile(2000, 500), 'png'),
  'webp-to-jpg': convert(10, 10, WEBP, upload('WebP'), perFile(1500, 300), 'jpg', { defaults: quality(85) }),
  'webp-to-png': convert(10, 10, WEBP, upload('WebP'), perFile(1500, 300), 'png'),
  'png-to-webp': convert(10, 10, PNG, upload('PNG'), perFile(1500, 300), 'webp', { defaults: { lossless: false, quality: 75 } }),
  'jpg-to-webp': convert(10, 10, JPG, upload('JPG'), perFile(1500, 300), 'webp', { defaults: quality(75) }),
  'png-to-svg': convert(1, 5, PNG, upload('PNG'), 3000, 'svg'),
  'jpg-to-svg': convert(1, 5, JPG, upload('JPG'), 3000, 'svg'),
  'svg-to-png': convert(1, 5, ['.svg'], 'Please upload an SVG and specify valid dimensions.', 2000, 'png', { defaults: { width: 500, height: 500 } }),
  'gif-to-mp4': convert(1, 25, GIF, upload('GIF'), 2500, 'mp4'),
  'jpg-to-gif': convert(20, 2, JPG, upload('JPG'), (n, o) => 2000 + (o.animate ? 200 * n : 0), 'gif', { defaults: { animate: false, frameDelay: 100 } }),
  'png-to-gif': convert(20, 2, PNG, upload('PNG'), (n, o) => 2000 + (o.animate ? 200 * n : 0), 'gif', { defaults: { animate: false, frameDelay: 100 } }),
  'webp-to-gif': convert(1, 10, WEBP, upload('WebP'), 2000, 'gif'),
  'gif-to-jpg': convert(1, 25, GIF, upload('GIF'), 2000, 'jpg', { defaults: quality(85) }),
  'gif-to-png': convert(1, 25, GIF, upload('GIF'), 2000, 'png'),
  'tiff-to-jpg': convert(10, 50, TIFF, upload('TIFF'), perFile(2000, 500), 'jpg', { defaults: quality(85) }),
  'tiff-to-png': convert(10, 50, TIFF, upload('TIFF'), perFile(2000, 500), 'png'),
  'jpg-to-tiff': convert(10, 10, JPG, upload('JPG'), perFile(1500, 400), 'tiff', { defaults: { lossless: true } }),
  'psd-to-jpg': convert(1, 100, PSD, upload('PSD'), 2500, 'jpg', { defaults: quality(90) }),
  'psd-to-png': convert(1, 100, PSD, upload('PSD'), 2500, 'png'),
  'psd-to-ai': convert(1, 100, PSD, upload('PSD'), 3500, 'ai'),
  'png-to-eps': convert(1, 5, PNG, upload('PNG'), 3000, 'eps'),
  'eps-to-png': convert(1, 20, EPS, 'Please upload an EPS file and specify valid resolution.', 2500, 'png', { defaults: { dpi: 300 } }),
  'eps-to-jpg': convert(1, 20, EPS, 'Please upload an EPS file and specify valid resolution.', 2500, 'jpg', { defaults: { dpi: 150, quality: 85 } }),
};

// The specification's image tools only: a tool added later has no row here and is not held to it.
const rows = imageTools.filter((t) => SPEC[t.slug]).map((t) => [t.slug, t, SPEC[t.slug]] as const);
const facts = (n: number) => ({ fileCount: n, totalBytes: 1000 * n });

describe('image manifests against the specification table', () => {
  it('has a manifest for every image tool of the specification', () => {
    expect(Object.keys(SPEC).filter((slug) => !imageTools.some((t) => t.slug === slug))).toEqual([]);
  });

  it.each(rows)('%s: files, size, types, messages, defaults', (_, tool, spec) => {
    expect(tool.limits.maxFiles).toBe(spec.files);
    expect(tool.limits.maxBytes).toBe(spec.mb * MB);
    expect(Object.values(tool.accept).flat().sort()).toEqual([...spec.types].sort());
    expect(tool.messages.noFile).toBe(spec.noFile);
    expect(tool.messages.downloadFirst).toBe(spec.downloadFirst);
    if (spec.defaults) expect(defaultOptions(tool.options)).toMatchObject(spec.defaults);
  });

  it.each(rows)('%s: delay and size factor', (_, tool, spec) => {
    const variants: OptionValues[] = [defaultOptions(tool.options)];
    if (tool.options.some((f) => f.name === 'animate')) variants.push({ ...variants[0], animate: true });
    if (tool.options.some((f) => f.name === 'quality')) variants.push({ ...variants[0], quality: 37 });
    if (tool.options.some((f) => f.name === 'scale')) variants.push({ ...variants[0], scale: '4x' });
    for (const options of variants) {
      for (const n of [1, 2, 3]) {
        const actual = delayMs(tool.simulation.delayMs, options, facts(n));
        if (spec.delay === EDITING) expect([2000, 2500, 3000]).toContain(actual);
        else if (typeof spec.delay === 'number') expect(actual).toBe(spec.delay);
        else if (spec.delay) expect(actual, `${n} files ${JSON.stringify(options)}`).toBe(spec.delay(n, options));
      }
      if (spec.factor) expect(sizeFactor(tool.simulation, options, facts(1))).toBeCloseTo(spec.factor(options), 10);
    }
  });
});

describe('image tool pages: messages and drop-zone rejections', () => {
  const demo = demoSetup();
  beforeEach(demo.before);
  afterEach(demo.after);

  it.each(rows)('%s', async (slug, tool, spec) => {
    renderTool(slug);
    await submitForm();
    expect(toastTexts()).toContain(`Error: ${spec.noFile}`);

    const name = sampleName(tool, 'Big');
    await choose([bigFile(name, spec.mb * MB + 1)]);
    expect(toastTexts()).toContain(`File too large: The file ${name} is too large. Maximum size is ${spec.mb}MB.`);
    await choose([file('notes.txt')]);
    expect(toastTexts()).toContain('Invalid file type: The file notes.txt is not a supported file type.');
    const many = Array.from({ length: spec.files + 1 }, (_, i) => file(sampleName(tool, `p${i}`)));
    await choose(many);
    if (tool.limits.appendFiles) {
      // Appending tools keep the first files up to the limit.
      expect(document.querySelectorAll('.file-list .file-name')).toHaveLength(spec.files);
    } else {
      expect(toastTexts()).toContain(`Too many files: You can only upload a maximum of ${spec.files} files.`);
    }

    renderWithShell(<DownloadFirst manifest={tool} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await flush();
    expect(toastTexts()).toContain(`Error: ${spec.downloadFirst}`);
  });
});

describe('converters in demo mode: delay, name with the extension swapped case-insensitively, size', () => {
  const demo = demoSetup();
  beforeEach(demo.before);
  afterEach(demo.after);

  const converters = rows.filter(([, , spec]) => spec.out);
  it.each(converters)('%s', async (slug, tool: ToolManifest, spec) => {
    renderTool(slug);
    const n = spec.files > 1 && !tool.options.some((f) => f.name === 'animate') ? 2 : 1;
    const ext = Object.values(tool.accept)[0].at(-1)!.toUpperCase();
    await choose(Array.from({ length: n }, (_, i) => file(`Photo${i}${ext}`, 1000)));
    const delay = typeof spec.delay === 'function' ? spec.delay(n, defaultOptions(tool.options)) : (spec.delay as number);
    await runExpectingDelay(tool, delay);
    // The GIF creators name a single (static) frame with a -frame suffix.
    const suffix = tool.options.some((f) => f.name === 'animate') ? '-frame' : '';
    expect(resultNames()).toEqual(Array.from({ length: n }, (_, i) => `Photo${i}${suffix}.${spec.out}`));
    if (spec.factor) {
      expect(resultSizes()[0]).toBe(formatBytes(Math.round(spec.factor(defaultOptions(tool.options)) * 1000)));
    }
    expect(toastTexts()).toContain(`Success: ${tool.simulation.success.replace('{files}', String(n))}`);
  });
});

it('keeps an input with several dots and an upper-case extension', async () => {
  const demo = demoSetup();
  demo.before();
  try {
    const tool = renderTool('png-to-jpg');
    await choose([file('my.holiday.photo.PNG', 1000)]);
    await runExpectingDelay(tool, 2000);
    expect(resultNames()).toEqual(['my.holiday.photo.jpg']);
  } finally {
    demo.after();
  }
});
