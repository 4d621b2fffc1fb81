// @vitest-environment jsdom
/**
 * The option rules of the single-image tools and the converters with
 * settings, on the generic ToolPage with their real manifests, in demo mode.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toastTexts } from './support/components';
import {
  choose, clickRun, demoSetup, file, flush, renderTool, resultFacts, resultNames, resultSizes, runExpectingDelay, sampleName, submitForm,
} from './support/image-pages';

const demo = demoSetup();
beforeEach(demo.before);
afterEach(demo.after);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const values = (...labels: string[]) => labels.map((l) => field(l).value);
async function set(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
  await flush();
}

/** Sets a field to each bad value and checks the run stops with `message`. */
async function expectInvalid(slug: string, label: string, bad: string[], message: string) {
  const manifest = renderTool(slug);
  await choose([file(sampleName(manifest))]);
  for (const value of bad) {
    await set(label, value);
    await clickRun(manifest);
    expect(toastTexts(), `${label}=${value}`).toContain(`Error: ${message}`);
  }
  expect(resultNames()).toEqual([]);
  return manifest;
}

describe('sliders: range, step 1 and default', () => {
  it.each([
    ['pixelate-image', 'Pixel size', '2', '50', '10'],
    ['blur-background', 'Blur intensity', '10', '100', '50'],
    ['black-and-white-image', 'Contrast', '0', '100', '50'],
    ['unblur-image', 'Sharpness', '0', '100', '50'],
    ['png-to-jpg', 'Quality', '10', '100', '85'],
    ['heic-to-jpg', 'Quality', '10', '100', '85'],
    ['webp-to-jpg', 'Quality', '10', '100', '85'],
    ['png-to-webp', 'Quality', '10', '100', '75'],
    ['jpg-to-webp', 'Quality', '10', '100', '75'],
    ['tiff-to-jpg', 'Quality', '10', '100', '85'],
    ['psd-to-jpg', 'Quality', '10', '100', '90'],
    ['gif-to-jpg', 'Quality', '10', '100', '85'],
    ['eps-to-jpg', 'Quality', '10', '100', '85'],
  ])('%s: %s %s..%s, default %s', async (slug, label, min, max, value) => {
    const manifest = renderTool(slug);
    await choose([file(`photo${Object.values(manifest.accept)[0][0]}`)]);
    const slider = field(label);
    expect([slider.type, slider.min, slider.max, slider.step, slider.value]).toEqual(['range', min, max, '1', value]);
  });
});

describe('PNG to WebP', () => {
  it('hides the quality slider when lossless is on, and says Lossless on the result', async () => {
    const manifest = renderTool('png-to-webp');
    await choose([file('a.png', 1000)]);
    const lossless = screen.getByRole('switch', { name: 'Lossless' });
    expect(lossless).not.toBeChecked();
    expect(screen.getByLabelText('Quality')).toBeInTheDocument();
    await runExpectingDelay(manifest, 1800);
    expect(resultFacts()[0]).toEqual(['Quality: 75%']);
    fireEvent.click(lossless);
    await flush();
    expect(screen.queryByLabelText('Quality')).toBeNull();
    await runExpectingDelay(manifest, 1800);
    expect(resultFacts()[0]).toEqual(['Quality: Lossless']);
    expect(resultNames()).toEqual(['a.webp']);
  });
});

describe('Image Compressor', () => {
  it('offers a file size limit: the field shows when the switch is on, the quality slider is then disabled', async () => {
    renderTool('image-compressor');
    await choose([file('a.jpg', 1000)]);
    const limit = screen.getByRole('switch', { name: 'Limit the file size' });
    expect(limit).not.toBeChecked();
    expect(screen.queryByLabelText('Largest file size')).toBeNull();
    expect(field('Quality')).not.toBeDisabled();
    fireEvent.click(limit);
    await flush();
    expect(field('Largest file size').value).toBe('200');
    expect(field('Quality')).toBeDisabled();
  });

  it('refuses a size limit outside 1 to 102400 KB', async () => {
    const manifest = renderTool('image-compressor');
    await choose([file('a.jpg', 1000)]);
    fireEvent.click(screen.getByRole('switch', { name: 'Limit the file size' }));
    await flush();
    for (const value of ['0', '102401']) {
      await set('Largest file size', value);
      await clickRun(manifest);
      expect(toastTexts(), value).toContain('Error: Please enter a file size between 1 and 102400 KB.');
    }
    expect(resultNames()).toEqual([]);
  });
});

describe('JPG to TIFF', () => {
  it('has lossless LZW on by default and names the compression on each result', async () => {
    const manifest = renderTool('jpg-to-tiff');
    await choose([file('a.jpg'), file('b.JPEG')]);
    const lzw = screen.getByRole('switch', { name: 'Lossless LZW compression' });
    expect(lzw).toBeChecked();
    await runExpectingDelay(manifest, 1500 + 400 * 2);
    expect(resultNames()).toEqual(['a.tiff', 'b.tiff']);
    expect(resultFacts()).toEqual([['Compression: LZW lossless'], ['Compression: LZW lossless']]);
    fireEvent.click(lzw);
    await flush();
    await runExpectingDelay(manifest, 2300);
    expect(resultFacts()[0]).toEqual(['Compression: JPEG lossy']);
  });
});

describe('SVG to PNG', () => {
  const message = 'Please upload an SVG and specify valid dimensions.';
  it('starts at 500 x 500 and takes only positive whole numbers', async () => {
    const manifest = await expectInvalid('svg-to-png', 'Width', ['0', '-3', '12.5', ''], message);
    await set('Width', '500');
    await expectInvalidHere(manifest, 'Height', ['0', '2.5'], message);
    await set('Height', '500');
    expect(values('Width', 'Height')).toEqual(['500', '500']);
    await runExpectingDelay(manifest, 2000);
    expect(resultNames()).toEqual(['photo.png']);
    expect(resultFacts()[0]).toEqual(['Dimensions: 500x500 px']);
  });
});

async function expectInvalidHere(manifest: { action: { label: string } }, label: string, bad: string[], message: string) {
  for (const value of bad) {
    await set(label, value);
    await clickRun(manifest as never);
    expect(toastTexts(), `${label}=${value}`).toContain(`Error: ${message}`);
  }
}

describe('EPS to PNG and EPS to JPG', () => {
  const message = 'Please upload an EPS file and specify valid resolution.';
  it.each([
    ['eps-to-png', '300', 'Resolution: 300 DPI'],
    ['eps-to-jpg', '150', 'Details: 150 DPI, 85% quality'],
  ])('%s: DPI %s by default, above 0', async (slug, dpi, fact) => {
    const manifest = renderTool(slug);
    await choose([file('art.EPS')]);
    expect(field('Resolution').value).toBe(dpi);
    await expectInvalidHere(manifest, 'Resolution', ['0', '-72', ''], message);
    await set('Resolution', dpi);
    await runExpectingDelay(manifest, 2500);
    expect(resultFacts()[0]).toEqual([fact]);
    expect(resultNames()[0]).toMatch(/^art\.(png|jpg)$/);
  });
});

describe('Crop image', () => {
  const message = 'Please upload an image and define crop area.';
  it('puts X and Y back to 0 and width and height to 100 on every upload', async () => {
    const manifest = renderTool('crop-image');
    await choose([file('a.png')]);
    expect(values('X', 'Y', 'Width', 'Height')).toEqual(['0', '0', '100', '100']);
    await set('X', '12');
    await set('Y', '7');
    await set('Width', '40');
    await set('Height', '30');
    await runExpectingDelay(manifest, 2000);
    expect(resultFacts()[0]).toEqual(['Crop details: 40x30 px at (12, 7)']);
    expect(resultNames()).toEqual(['a-cropped.png']);
    await choose([file('b.png')]);
    expect(values('X', 'Y', 'Width', 'Height')).toEqual(['0', '0', '100', '100']);
  });

  it('requires a width and a height', async () => {
    const manifest = await expectInvalid('crop-image', 'Width', ['', '0'], message);
    await set('Width', '100');
    await expectInvalidHere(manifest, 'Height', ['', '-1'], message);
    await set('Height', '100');
    await expectInvalidHere(manifest, 'X', ['-1'], message);
  });
});

describe('Add border', () => {
  it('defaults to 10 px black and needs a border width', async () => {
    const manifest = await expectInvalid('add-border-to-image', 'Border width', ['', '0'], 'Please upload an image and specify border width.');
    await set('Border width', '10');
    expect(field('Border colour').value).toBe('#000000');
    await runExpectingDelay(manifest, 2000);
    expect(resultFacts()[0]).toEqual(['Border info: 10 px #000000']);
  });
});

describe('Image splitter', () => {
  const message = 'Please upload an image and specify valid rows/columns.';
  it('has 2 rows and 2 columns by default, each at least 1', async () => {
    const manifest = renderTool('image-splitter');
    await choose([file('photo.png')]);
    expect(values('Rows', 'Columns')).toEqual(['2', '2']);
    await expectInvalidHere(manifest, 'Rows', ['0', ''], message);
    await set('Rows', '1');
    await expectInvalidHere(manifest, 'Columns', ['0', '1.5'], message);
    await set('Columns', '3');
    await runExpectingDelay(manifest, 2000);
    expect(resultNames()).toEqual(['photo-1x3-tiles.zip']);
    expect(resultFacts()[0]).toEqual(['Tile count: 3']);
  });
});

describe('Add text', () => {
  it('starts with Your Text Here, 24, white; needs text; shows the text added', async () => {
    const manifest = renderTool('add-text-to-image');
    await choose([file('photo.png')]);
    expect(values('Text', 'Text size', 'Text colour')).toEqual(['Your Text Here', '24', '#ffffff']);
    await expectInvalidHere(manifest, 'Text', ['', '   '], 'Please upload an image and enter text.');
    // The text-added label is cut at 30 characters.
    await set('Text', 'A caption that is longer than thirty characters');
    await runExpectingDelay(manifest, 2000);
    expect(resultFacts()[0]).toEqual(['Text added: A caption that is longer than ...']);
  });
});

describe('choices and their defaults', () => {
  const checked = () => [...document.querySelectorAll('[role="radio"]')].filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.getAttribute('value'));
  const all = () => [...document.querySelectorAll('[role="radio"]')].map((r) => r.getAttribute('value'));

  it.each([
    ['increase-image-resolution', ['2x', '4x'], '2x'],
    ['profile-photo-maker', ['circle', 'square', 'rounded-square'], 'circle'],
    ['flip-image', ['horizontal', 'vertical'], 'horizontal'],
  ])('%s offers %j with %s chosen', async (slug, choices, chosen) => {
    renderTool(slug);
    await choose([file('photo.png')]);
    expect(all()).toEqual(choices);
    expect(checked()).toEqual([chosen]);
  });

  it('upscales to scale squared x 0.8 of the size in 3500 ms', async () => {
    const manifest = renderTool('increase-image-resolution');
    await choose([file('photo.png', 1000)]);
    await runExpectingDelay(manifest, 3500);
    expect([resultNames(), resultSizes(), resultFacts()[0]]).toEqual([['photo-2x.png'], ['3.13 KB'], ['Scale: 2x']]);
    fireEvent.click(document.querySelector('[role="radio"][value="4x"]')!);
    await flush();
    await runExpectingDelay(manifest, 3500);
    expect([resultNames(), resultSizes(), resultFacts()[0]]).toEqual([['photo-4x.png'], ['12.5 KB'], ['Scale: 4x']]);
  });

  it('makes a circle profile photo of 0.7 x the size', async () => {
    const manifest = renderTool('profile-photo-maker');
    await choose([file('me.JPG', 1000)]);
    await runExpectingDelay(manifest, 2500);
    expect([resultNames(), resultSizes(), resultFacts()[0]]).toEqual([['me-profile-circle.png'], ['700 B'], ['Shape: circle']]);
  });

  it('flips horizontally by default in 1500 ms', async () => {
    const manifest = renderTool('flip-image');
    await choose([file('photo.webp', 1000)]);
    await runExpectingDelay(manifest, 1500);
    expect([resultNames(), resultFacts()[0]]).toEqual([['photo-flipped-horizontal.webp'], ['Direction: horizontal']]);
    expect(toastTexts()).toContain("Success: Image 'flipped' successfully! (Mock)");
  });
});

describe('Collage maker', () => {
  const layout = () => screen.getByLabelText('Layout') as HTMLInputElement;
  const images = (n: number) => Array.from({ length: n }, (_, i) => file(`${i + 1}.png`, 1000));

  it('asks for at least 2 images', async () => {
    const manifest = renderTool('collage-maker');
    await submitForm();
    await choose(images(1));
    await clickRun(manifest);
    expect(toastTexts().filter((t) => t === 'Error: Please upload at least 2 images for the collage.')).toHaveLength(2);
  });

  it('takes up to 4 images in the default 2 x 2 grid and up to 3 in the 3 x 1 row', async () => {
    const manifest = renderTool('collage-maker');
    await choose(images(5));
    expect(layout().value).toBe('grid-2x2');
    await clickRun(manifest);
    expect(toastTexts()).toContain('Error: The 2 x 2 grid takes up to 4 images. Remove some images or choose another layout.');
    await choose(images(4));
    fireEvent.change(layout(), { target: { value: 'grid-3x1' } });
    await flush();
    await clickRun(manifest);
    expect(toastTexts()).toContain('Error: This layout takes up to 3 images. Remove some images or choose another layout.');
    fireEvent.change(layout(), { target: { value: 'grid-2x2' } });
    await flush();
    await runExpectingDelay(manifest, 2500);
    expect(resultNames()[0]).toMatch(/^collage-grid-2x2-\d+\.png$/);
    expect(resultFacts()[0]).toEqual(['Image count: 4', 'Layout: grid-2x2']);
    expect(toastTexts()).toContain("Success: Collage 'created' successfully! (Mock)");
  });
});

describe('Unblur image', () => {
  it('puts the sharpness in front of the name and says Success after 3000 ms', async () => {
    const manifest = renderTool('unblur-image');
    await choose([file('blurry.jpg', 1000)]);
    await set('Sharpness', '70');
    await runExpectingDelay(manifest, 3000);
    expect(resultNames()).toEqual(['sharpened-70-blurry.jpg']);
    expect(resultFacts()[0]).toEqual(['Sharpness: 70']);
    expect(toastTexts()).toContain("Success: Image 'unblurred' successfully! (Mock)");
  });
});
