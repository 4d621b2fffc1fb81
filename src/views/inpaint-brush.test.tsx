// @vitest-environment jsdom
/**
 * The painting page of Remove Objects, Remove Person and Remove Watermark:
 * brushing with the pointer, the keyboard box, Undo and Clear, the message
 * when nothing is painted, and a real run (the worker replaced by the real
 * processor on the page) whose PNG is decoded back. Demo mode keeps the
 * generic page.
 */
import '../../tests/setup/offscreen-canvas';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { PNG } from 'pngjs';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, flush, manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { ToolError } from '../lib/errors';
import { decodeMask, encodeMask, type EncodedMask } from '../lib/image/ops/inpaint-mask';
import imageInpaint from '../processors/image-inpaint';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import InpaintBrushView from './inpaint-brush';
import { layOutAt, runProcessorInPlace } from '../../tests/support/views';

vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

// jsdom has no 2D canvas (and says so on every call); the view then keeps only the bitmap it sends.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

const W = 160;
const H = 120;

/** Grey ground with a magenta disc (radius 14) at (60, 60), as a PNG file. */
function photo(name = 'photo.png'): File {
  const png = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) png.data.set(Math.hypot(x - 60, y - 60) <= 14 ? [255, 0, 255, 255] : [120 + (x % 4) * 8, 128, 130, 255], (y * W + x) * 4);
  return new File([new Uint8Array(PNG.sync.write(png))], name, { type: 'image/png' });
}

/** Lets the preview "load" at the photo's size, and lays the paint layer out at 320 x 240 (twice the grid). */
function loadPreview(width = W, height = H) {
  const img = document.querySelector('.inpaint-picture') as HTMLImageElement;
  Object.defineProperty(img, 'naturalWidth', { value: width });
  Object.defineProperty(img, 'naturalHeight', { value: height });
  fireEvent.load(img);
  return layOutAt(screen.getByTestId('inpaint-layer'), 320, 240);
}

/** A brush stroke through the given layer points (screen pixels). */
function brush(layer: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: first[0], clientY: first[1] });
  for (const [x, y] of rest) fireEvent.pointerMove(layer, { pointerId: 1, clientX: x, clientY: y });
  fireEvent.pointerUp(layer, { pointerId: 1 });
}
/** Waits for the run to produce its file, then lets the page show the result and its message. */
async function finished(outputs: unknown[]) {
  await act(async () => {
    await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 20000 });
  });
  await flush();
}
const status = () => screen.getByTestId('inpaint-status').textContent;
const button = (name: string) => screen.getByRole('button', { name });

/** Real runs (the worker replaced by the test's mock) with timers that still advance. */
function useRealRuns() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setDemoMode(false);
    vi.mocked(runInWorker).mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
  });
}

describe('inpainting view with a real photo', () => {
  useRealRuns();

  it('says what to do when the visitor runs without painting, for each of the three tools', async () => {
    const expected: Record<string, string> = {
      'remove-objects-from-photo': 'Please paint over the objects you want to remove first.',
      'remove-person-from-photo': 'Please paint over the person you want to remove first.',
      'remove-watermark': 'Please paint over the watermark first.',
    };
    for (const [slug, message] of Object.entries(expected)) {
      const manifest = manifestOf(slug);
      expect(manifest.messages.noMask).toBe(message);
      renderWithShell(<InpaintBrushView manifest={manifest} />);
      await choose([photo()]);
      loadPreview();
      fireEvent.click(button(manifest.action.label));
      await flush();
      expect(toastTexts()).toContain(`Error: ${message}`);
      expect(runInWorker).not.toHaveBeenCalled();
      cleanup();
      act(() => toast.remove());
    }
  });

  it('paints with the pointer, shows the painted share, and undoes and clears', async () => {
    renderWithShell(<InpaintBrushView manifest={manifestOf('remove-objects-from-photo')} />);
    await choose([photo()]);
    const layer = loadPreview();
    expect(status()).toBe('Nothing painted yet.');
    expect(button('Undo')).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Brush size'), { target: { value: '10' } });
    expect(screen.getByTestId('inpaint-brush-size')).toHaveTextContent('10');
    // A 10-cell brush from (10, 10) to (80, 10) on the 160 x 120 grid: 70 x 10 cells and the round ends, about 778 cells (4 %).
    brush(layer, [[20, 20], [160, 20]]);
    expect(status()).toBe('Painted: 4% of the photo.');
    // Then from (20, 100) to (140, 100): about 1,278 more (11 % in all).
    brush(layer, [[40, 200], [280, 200]]);
    expect(status()).toBe('Painted: 11% of the photo.');
    fireEvent.click(button('Undo'));
    expect(status()).toBe('Painted: 4% of the photo.');
    fireEvent.click(button('Clear'));
    expect(status()).toBe('Nothing painted yet.');
    expect(button('Clear')).toBeDisabled();
  });

  it('marks a box from the keyboard: arrows move it, Shift + arrows resize it, Enter marks it', async () => {
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), imageInpaint);
    const manifest = manifestOf('remove-watermark');
    renderWithShell(<InpaintBrushView manifest={manifest} />);
    await choose([photo()]);
    loadPreview();
    const stage = screen.getByRole('application', { name: 'Photo photo.png: area to remove' });
    stage.focus();
    // The box starts as a fifth of the grid (32 x 24) in the middle (64, 48); a step is 3 cells.
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    fireEvent.keyDown(stage, { key: 'ArrowRight', shiftKey: true });
    expect(screen.getByTestId('inpaint-box')).toHaveStyle({ left: '38.125%', top: '40%', width: '21.875%', height: '20%' });
    fireEvent.keyDown(stage, { key: 'Enter' });
    expect(status()).toBe('Painted: 4% of the photo.');
    fireEvent.click(button(manifest.action.label));
    await finished(outputs);
    expect(toastTexts()).toContain('Success: Watermark removed successfully!');
    const bits = decodeMask(seen[0].mask as EncodedMask);
    expect(bits.reduce((a, b) => a + b, 0)).toBe(35 * 24);
    expect(bits[48 * W + 61]).toBe(1);
    expect(bits[48 * W + 60]).toBe(0);
  });

  it('sends the painted area and shows the filled photo: the blob is gone, the rest unchanged', async () => {
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), imageInpaint);
    const manifest = manifestOf('remove-objects-from-photo');
    renderWithShell(<InpaintBrushView manifest={manifest} />);
    await choose([photo('street.png')]);
    const layer = loadPreview();
    fireEvent.change(screen.getByLabelText('Brush size'), { target: { value: '40' } });
    // Over the disc at (60, 60) of the photo, which is (120, 120) on the layer.
    brush(layer, [[110, 120], [130, 120]]);
    fireEvent.click(button(manifest.action.label));
    await finished(outputs);
    expect(toastTexts()).toContain('Success: Objects removed successfully!');
    expect(screen.getByTestId('result-name')).toHaveTextContent('street-objects-removed.png');
    expect(seen[0].mask).toMatchObject({ width: W, height: H });

    const before = decodeRgba(new Uint8Array(await photo().arrayBuffer()));
    const after = decodeRgba(outputs[0].bytes);
    const bits = decodeMask(seen[0].mask as EncodedMask);
    let markers = 0;
    let changedOutside = 0;
    for (let i = 0; i < W * H; i++) {
      if (after.data[i * 4] > 200 && after.data[i * 4 + 1] < 80) markers++;
      if (!bits[i] && after.data[i * 4] !== before.data[i * 4]) changedOutside++;
    }
    expect(markers).toBe(0);
    expect(changedOutside).toBe(0);
  });

  it('Remove Person runs with its own success message', async () => {
    const { outputs } = runProcessorInPlace(vi.mocked(runInWorker), imageInpaint);
    const manifest = manifestOf('remove-person-from-photo');
    renderWithShell(<InpaintBrushView manifest={manifest} />);
    await choose([photo()]);
    brush(loadPreview(), [[120, 120]]);
    fireEvent.click(button(manifest.action.label));
    await finished(outputs);
    expect(toastTexts()).toContain('Success: Person removed successfully!');
  });
});

describe('Select the person (Remove Person from Photo)', () => {
  useRealRuns();

  it('adds the area the model found, which Undo takes away again; only Remove Person offers it', async () => {
    // The model's answer: the left half of the grid.
    const half = new Uint8Array(W * H).map((_, i) => (i % W < W / 2 ? 1 : 0));
    vi.mocked(runInWorker).mockImplementation(async (name, _files, options) => {
      expect(name).toBe('image-inpaint-person');
      expect(options).toEqual({ gridWidth: W, gridHeight: H });
      return { outputs: [{ bytes: new TextEncoder().encode(JSON.stringify(encodeMask(half, W, H))), type: 'application/json' }], failures: [] };
    });
    renderWithShell(<InpaintBrushView manifest={manifestOf('remove-person-from-photo')} />);
    await choose([photo()]);
    loadPreview();
    fireEvent.click(button('Select the person'));
    await flush();
    await flush();
    expect(status()).toBe('Painted: 50% of the photo.');
    fireEvent.click(button('Undo'));
    expect(status()).toBe('Nothing painted yet.');
    cleanup();
    renderWithShell(<InpaintBrushView manifest={manifestOf('remove-objects-from-photo')} />);
    await choose([photo()]);
    loadPreview();
    expect(screen.queryByRole('button', { name: 'Select the person' })).toBeNull();
  });

  it("shows the model's message when it finds nobody", async () => {
    vi.mocked(runInWorker).mockRejectedValue(new ToolError('No person was found in photo.png. Please paint over the person with the brush instead.'));
    renderWithShell(<InpaintBrushView manifest={manifestOf('remove-person-from-photo')} />);
    await choose([photo()]);
    loadPreview();
    fireEvent.click(button('Select the person'));
    await flush();
    await flush();
    expect(toastTexts()).toContain('Error: No person was found in photo.png. Please paint over the person with the brush instead.');
    expect(status()).toBe('Nothing painted yet.');
    expect(button('Select the person')).toBeEnabled();
  });
});

describe('inpainting view in demo mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
    URL.createObjectURL = vi.fn(() => 'blob:photo');
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('shows no paint layer and simulates as before: 3 s, then the mock message', async () => {
    const manifest = manifestOf('remove-objects-from-photo');
    renderWithShell(<InpaintBrushView manifest={manifest} />);
    await choose([photo()]);
    expect(screen.queryByTestId('inpaint-stage')).toBeNull();
    fireEvent.click(button(manifest.action.label));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name')).toHaveTextContent('photo-objects-removed.png');
    expect(toastTexts()).toContain("Success: Objects 'removed' successfully! (Mock)");
  });
});
