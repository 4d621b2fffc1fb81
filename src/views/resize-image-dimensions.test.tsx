// @vitest-environment jsdom
import { createCanvas } from '@napi-rs/canvas';
import { act, fireEvent, screen } from '@testing-library/react';
import { PNG } from 'pngjs';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, flush, manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import ResizeImageView, { recompute } from './resize-image-dimensions';
import { imageSize } from './shared/useImagePreview';

const manifest = manifestOf('resize-image-dimensions');
const INVALID = 'Please upload an image and enter valid dimensions.';

/** A real PNG of the given size. */
function png(name: string, width: number, height: number): File {
  const image = new PNG({ width, height });
  return new File([new Uint8Array(PNG.sync.write(image))], name, { type: 'image/png' });
}

const width = () => screen.getByLabelText('Width') as HTMLInputElement;
const height = () => screen.getByLabelText('Height') as HTMLInputElement;
const type = async (input: HTMLInputElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  await flush();
};

async function chooseImage(file: File) {
  await choose([file]);
  // The header is read from the file asynchronously.
  await flush();
  await flush();
}

describe('Resize Image Dimensions in demo mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('starts at the image size with keep aspect ratio on, and recomputes the other side, rounded', async () => {
    renderWithShell(<ResizeImageView manifest={manifest} />);
    expect(screen.queryByLabelText('Width')).toBeNull();
    await chooseImage(png('photo.png', 400, 300));
    expect(screen.getByTestId('natural-size')).toHaveTextContent('Original size: 400 x 300 px');
    expect(width().value).toBe('400');
    expect(height().value).toBe('300');
    expect(screen.getByRole('switch', { name: 'Keep aspect ratio' })).toBeChecked();
    await type(width(), '200');
    expect(height().value).toBe('150');
    await type(height(), '100');
    expect(width().value).toBe('133');
    await type(width(), '3');
    expect(height().value).toBe('2');
  });

  it('leaves the other side blank when the result is not positive, and ignores non-numeric input', async () => {
    renderWithShell(<ResizeImageView manifest={manifest} />);
    await chooseImage(png('photo.png', 400, 300));
    await type(width(), '0');
    expect(height().value).toBe('');
    await type(width(), '1');
    expect(height().value).toBe('1');
    await type(width(), '-40');
    expect(height().value).toBe('');
    await type(height(), '60');
    expect(width().value).toBe('80');
    // jsdom, like a browser, gives a number field's non-numeric text as an empty value.
    await type(width(), 'abc');
    expect(height().value).toBe('60');
  });

  it('keeps the sides independent once keep aspect ratio is off', async () => {
    renderWithShell(<ResizeImageView manifest={manifest} />);
    await chooseImage(png('photo.png', 400, 300));
    fireEvent.click(screen.getByRole('switch', { name: 'Keep aspect ratio' }));
    await flush();
    await type(width(), '100');
    expect(height().value).toBe('300');
  });

  it('refuses invalid dimensions with the specification message, then resizes with the engine', async () => {
    renderWithShell(<ResizeImageView manifest={manifest} />);
    await chooseImage(png('Photo.PNG', 400, 200));
    await type(width(), '0');
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await flush();
    expect(toastTexts()).toContain(`Error: ${INVALID}`);
    await type(width(), '100');
    expect(height().value).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(1990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByTestId('result-name')).toHaveTextContent('Photo-100x50.png');
    expect(screen.getByText('New width').nextSibling).toHaveTextContent('100');
    expect(screen.getByText('New height').nextSibling).toHaveTextContent('50');
    expect(toastTexts()).toContain(`Success: ${manifest.simulation.success}`);
  });

  it('says so when no image is chosen', async () => {
    renderWithShell(<ResizeImageView manifest={manifest} />);
    expect(screen.getByRole('button', { name: manifest.action.label })).toBeDisabled();
    fireEvent.submit(document.querySelector('form')!);
    await flush();
    expect(manifest.messages.noFile).toBe(INVALID);
    expect(toastTexts()).toContain(`Error: ${INVALID}`);
  });

  it('does not recompute for a file whose size cannot be read', async () => {
    renderWithShell(<ResizeImageView manifest={manifest} />);
    await chooseImage(new File([new Uint8Array(50)], 'broken.png', { type: 'image/png' }));
    expect(screen.queryByTestId('natural-size')).toBeNull();
    expect(width().value).toBe('800');
    await type(width(), '400');
    expect(height().value).toBe('600');
  });
});

describe('reading the natural size', () => {
  it('reads PNG and WebP headers, and gives null for other bytes', async () => {
    expect(await imageSize(png('a.png', 37, 21))).toEqual({ width: 37, height: 21 });
    const webp = createCanvas(300, 120).toBuffer('image/webp', 80);
    expect(await imageSize(new File([new Uint8Array(webp)], 'a.webp'))).toEqual({ width: 300, height: 120 });
    expect(await imageSize(new File(['not an image'], 'a.png'))).toBeNull();
  });

  it('recomputes from the natural ratio, blank when not positive, nothing for non-numbers', () => {
    const size = { width: 1920, height: 1080 };
    expect(recompute(1280, size, 'width')).toBe(720);
    expect(recompute(1080, size, 'height')).toBe(1920);
    expect(recompute(0, size, 'width')).toBe('');
    expect(recompute(-5, size, 'height')).toBe('');
    expect(recompute('', size, 'width')).toBeUndefined();
    expect(recompute('abc', size, 'width')).toBeUndefined();
  });
});
