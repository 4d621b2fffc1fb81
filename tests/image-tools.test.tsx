// @vitest-environment jsdom
/**
 * The multi-image pages on the generic ToolPage with their real manifests, in
 * demo mode: image compressor, merge images and the GIF creators.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureDownloads, renderWithShell, toastTexts } from './support/components';
import {
  advance, choose, clickRun, demoSetup, DownloadFirst, file, flush, manifestOf, renderTool, resultFacts, resultNames,
  resultSizes, runExpectingDelay, submitForm,
} from './support/image-pages';

const demo = demoSetup();
beforeEach(demo.before);
afterEach(demo.after);

const listed = () => [...document.querySelectorAll('.file-list .file-name')].map((e) => e.textContent);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const choiceValues = (select: HTMLSelectElement) => [...select.options].map((o) => `${o.value}=${o.text}`);

describe('Image compressor', () => {
  const slug = 'image-compressor';

  it('has a quality slider 10..100 at 80 and an output format of original, jpg, png or webp (the specification\'s), avif or jxl', async () => {
    renderTool(slug);
    await choose([file('a.png')]);
    const quality = field('Quality');
    expect([quality.type, quality.min, quality.max, quality.step, quality.value]).toEqual(['range', '10', '100', '1', '80']);
    expect(choiceValues(field('Output format'))).toEqual(['original=Original format', 'jpg=JPG', 'png=PNG', 'webp=WebP', 'avif=AVIF', 'jxl=JPEG XL']);
    expect(field('Output format').value).toBe('original');
  });

  it('appends new images and keeps at most 5', async () => {
    renderTool(slug);
    await choose([file('1.png'), file('2.png'), file('3.png')]);
    await choose([file('4.jpg'), file('5.webp'), file('6.jpeg')]);
    expect(listed()).toEqual(['1.png', '2.png', '3.png', '4.jpg', '5.webp']);
  });

  it('gives one card per image with original size, compressed size and ratio after 2000 ms', async () => {
    const manifest = renderTool(slug);
    await choose([file('a.png', 1000), file('b.JPG', 2048)]);
    await runExpectingDelay(manifest, 2000);
    expect(resultNames()).toEqual(['compressed-a.png', 'compressed-b.JPG']);
    // Demo size: quality percent x original size.
    expect(resultSizes()).toEqual(['800 B', '1.6 KB']);
    expect(resultFacts()).toEqual([
      ['Original size: 1000 B', 'Compressed size: 800 B', 'Saved: 20%'],
      ['Original size: 2 KB', 'Compressed size: 1.6 KB', 'Saved: 20%'],
    ]);
    expect(toastTexts()).toContain("Success: 2 image(s) 'compressed' successfully! (Mock)");
  });

  it('follows the quality and the output format', async () => {
    const manifest = renderTool(slug);
    await choose([file('photo.PNG', 1000)]);
    fireEvent.change(field('Quality'), { target: { value: '30' } });
    fireEvent.change(field('Output format'), { target: { value: 'webp' } });
    await flush();
    await runExpectingDelay(manifest, 2000);
    expect(resultNames()).toEqual(['compressed-photo.webp']);
    expect(resultSizes()).toEqual(['300 B']);
    expect(resultFacts()[0]).toContain('Saved: 70%');
  });

  it('Download All says the demo downloads only the first image, and saves only that one', async () => {
    const manifest = renderTool(slug);
    const saved = captureDownloads();
    await choose([file('a.png'), file('b.png')]);
    await runExpectingDelay(manifest, 2000);
    fireEvent.click(screen.getByRole('button', { name: 'Download All' }));
    await flush();
    expect(toastTexts()).toContain('Info: Demo: Download All would create a ZIP of all images. Downloading only the first image.');
    expect(saved).toEqual(['compressed-a.png']);
  });

  it('asks for an image first, and for compressing before downloading', async () => {
    const manifest = renderTool(slug);
    expect(screen.getByRole('button', { name: 'Compress Images' })).toBeDisabled();
    await submitForm();
    expect(toastTexts()).toContain('Error: Please upload at least one image to compress.');
    renderWithShell(<DownloadFirst manifest={manifest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await flush();
    expect(toastTexts()).toContain('Error: Please compress the images first.');
  });
});

describe('Merge images', () => {
  const slug = 'merge-images';

  it('offers vertical/horizontal and none/small 5 px/medium 10 px/large 20 px', async () => {
    renderTool(slug);
    await choose([file('a.png'), file('b.png')]);
    expect(choiceValues(field('Direction'))).toEqual(['vertical=Vertical', 'horizontal=Horizontal']);
    expect(choiceValues(field('Spacing'))).toEqual(['none=None', 'small=Small (5 px)', 'medium=Medium (10 px)', 'large=Large (20 px)']);
    expect(document.querySelector('.file-list')).toHaveStyle({ maxHeight: '300px' });
  });

  it('asks for at least two images', async () => {
    const manifest = renderTool(slug);
    await submitForm();
    expect(toastTexts()).toContain('Error: Please upload at least two images to merge.');
    await choose([file('a.png')]);
    await clickRun(manifest);
    expect(toastTexts().filter((t) => t === 'Error: Please upload at least two images to merge.')).toHaveLength(2);
    expect(resultNames()).toEqual([]);
  });

  it('appends files, then merges them into merged-images-{timestamp}.png of 0.9 x the total after 3000 ms', async () => {
    const manifest = renderTool(slug);
    await choose([file('a.png', 1000)]);
    await choose([file('b.jpg', 1000)]);
    expect(listed()).toEqual(['a.png', 'b.jpg']);
    fireEvent.change(field('Direction'), { target: { value: 'horizontal' } });
    fireEvent.change(field('Spacing'), { target: { value: 'medium' } });
    await flush();
    await runExpectingDelay(manifest, 3000);
    expect(resultNames()).toHaveLength(1);
    expect(resultNames()[0]).toMatch(/^merged-images-\d+\.png$/);
    expect(resultSizes()).toEqual(['1.76 KB']);
    expect(resultFacts()[0]).toEqual(['Image count: 2', 'Direction: horizontal', 'Spacing px: 10']);
    expect(toastTexts()).toContain("Success: 2 images 'merged' successfully! (Mock)");
  });

  it('asks to merge before downloading', async () => {
    renderWithShell(<DownloadFirst manifest={manifestOf(slug)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await flush();
    expect(toastTexts()).toContain('Error: Please merge images first.');
  });
});

describe.each([
  ['jpg-to-gif', 'JPG', 'jpg', 1.3],
  ['png-to-gif', 'PNG', 'png', 0.9],
])('%s', (slug, label, ext, factor) => {
  const animate = () => screen.getByRole('switch', { name: 'Animate' });
  const frameDelay = () => screen.queryByLabelText('Frame delay') as HTMLInputElement | null;

  it('keeps Animate off and disabled with one image, then switches it on with more', async () => {
    renderTool(slug);
    await choose([file(`a.${ext}`)]);
    expect(animate()).not.toBeChecked();
    expect(animate()).toBeDisabled();
    expect(frameDelay()).toBeNull();
    await choose([file(`a.${ext}`), file(`b.${ext}`)]);
    expect(animate()).toBeChecked();
    expect(animate()).toBeEnabled();
    expect(frameDelay()?.value).toBe('100');
  });

  it('makes an animated GIF from several images in 2000 + 200 ms per file, named -animated', async () => {
    const manifest = renderTool(slug);
    await choose([file(`first.${ext.toUpperCase()}`, 1000), file(`b.${ext}`, 1000), file(`c.${ext}`, 1000)]);
    await runExpectingDelay(manifest, 2600);
    expect(resultNames()).toEqual(['first-animated.gif']);
    expect(resultSizes()).toEqual([`${parseFloat(((factor * 3000) / 1024).toFixed(2))} KB`]);
    expect(resultFacts()[0]).toEqual(['Frame count: 3', 'Type: Animated (100 ms)']);
    expect(toastTexts()).toContain(`Success: 3 ${label} image(s) 'converted' to GIF! (Mock)`);
  });

  it('makes a static GIF from one image in 2000 ms, named -frame', async () => {
    const manifest = renderTool(slug);
    await choose([file(`still.${ext}`, 1000)]);
    await runExpectingDelay(manifest, 2000);
    expect(resultNames()).toEqual(['still-frame.gif']);
    expect(resultFacts()[0]).toEqual(['Frame count: 1', 'Type: Static']);
  });

  it('refuses an animated GIF from one image and a static GIF from several', async () => {
    const manifest = renderTool(slug);
    await choose([file(`a.${ext}`), file(`b.${ext}`)]);
    fireEvent.click(screen.getByRole('button', { name: `Remove b.${ext}` }));
    await flush();
    expect(animate()).toBeChecked();
    await clickRun(manifest);
    expect(toastTexts()).toContain(`Error: Upload at least 2 ${label}s for an animated GIF.`);
    await choose([file(`a.${ext}`), file(`b.${ext}`)]);
    fireEvent.click(animate());
    await flush();
    await clickRun(manifest);
    expect(toastTexts()).toContain(
      `Error: A static GIF is made from 1 ${label}. Turn on Animate to use several images, or remove the others.`,
    );
    await advance(5000);
    expect(resultNames()).toEqual([]);
  });

  it('uses the frame delay field, from 10 to 10000 ms', async () => {
    const manifest = renderTool(slug);
    await choose([file(`a.${ext}`), file(`b.${ext}`)]);
    fireEvent.change(frameDelay()!, { target: { value: '5' } });
    await flush();
    await clickRun(manifest);
    expect(toastTexts()).toContain('Error: Please enter a frame delay between 10 and 10000 ms.');
    fireEvent.change(frameDelay()!, { target: { value: '250' } });
    await flush();
    await runExpectingDelay(manifest, 2400);
    expect(resultFacts()[0]).toContain('Type: Animated (250 ms)');
  });
});
