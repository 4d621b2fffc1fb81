// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { PNG } from 'pngjs';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../tests/setup/offscreen-canvas';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, flush, manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import cropImage from '../processors/crop-image';
import CropImageView from './crop-image';
import { dragRect, nudgeRect, rectOnImage } from './crop-image/crop-rect';
import { layOutAt, pointerDrag, runProcessorInPlace } from '../../tests/support/views';

vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('crop-image');
const SIZE = { width: 300, height: 200 };

/** Pixel (x, y) of the sample is [x mod 256, y, 100 when x >= 256, 255], so any pixel tells where it came from. */
function sample(): File {
  const png = new PNG(SIZE);
  for (let y = 0; y < SIZE.height; y++)
    for (let x = 0; x < SIZE.width; x++) png.data.set([x & 255, y, x >= 256 ? 100 : 0, 255], (y * SIZE.width + x) * 4);
  return new File([new Uint8Array(PNG.sync.write(png))], 'photo.png', { type: 'image/png' });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fields = () => ['X', 'Y', 'Width', 'Height'].map((l) => field(l).value);
const box = () => screen.getByTestId('crop-box');

/** Lays the preview out at half the image's size (150 x 100 screen pixels), so a screen pixel is 2 image pixels. */
function layOut() {
  return layOutAt(screen.getByTestId('crop-stage'), 150, 100);
}


async function open() {
  renderWithShell(<CropImageView manifest={manifest} />);
  await choose([sample()]);
  await flush();
}

describe('crop rectangle', () => {
  it('reads the fields and keeps the box on the image', () => {
    expect(rectOnImage({ x: 250, y: 10, width: 100, height: 100 }, SIZE)).toEqual({ x: 250, y: 10, width: 50, height: 100 });
    expect(rectOnImage({ x: '', y: 0, width: 1, height: 1 }, SIZE)).toBeNull();
  });

  it('moves, resizes from any edge, and stops at the image and at 1 px', () => {
    const start = { x: 10, y: 10, width: 50, height: 50 };
    expect(dragRect(start, 'move', 500, -500, SIZE)).toEqual({ x: 250, y: 0, width: 50, height: 50 });
    expect(dragRect(start, 'nw', -20, 5, SIZE)).toEqual({ x: 0, y: 15, width: 60, height: 45 });
    expect(dragRect(start, 'e', -100, 0, SIZE)).toEqual({ x: 10, y: 10, width: 1, height: 50 });
    expect(nudgeRect(start, 'ArrowLeft', false, SIZE)).toEqual({ x: 7, y: 10, width: 50, height: 50 });
    expect(nudgeRect(start, 'ArrowDown', true, SIZE)).toEqual({ x: 10, y: 10, width: 50, height: 52 });
    expect(nudgeRect(start, 'a', false, SIZE)).toBeNull();
  });
});

describe('Crop Image view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('shows the box the fields describe, and typing in a field moves it', async () => {
    setDemoMode(true);
    await open();
    expect(screen.getByRole('img', { name: 'Preview of photo.png' })).toHaveAttribute('src', 'blob:photo');
    expect(fields()).toEqual(['0', '0', '100', '100']);
    expect(box()).toHaveStyle({ left: '0%', top: '0%', width: `${(100 / 300) * 100}%`, height: '50%' });
    fireEvent.change(field('X'), { target: { value: '150' } });
    fireEvent.change(field('Height'), { target: { value: '50' } });
    await flush();
    expect(box()).toHaveStyle({ left: '50%', height: '25%' });
    // Past the edge, the box stops at the image while the field keeps what was typed.
    fireEvent.change(field('X'), { target: { value: '270' } });
    await flush();
    expect(box()).toHaveStyle({ left: '90%', width: '10%' });
    expect(field('X').value).toBe('270');
  });

  it('once the browser has decoded the photo, its upright size places the box (EXIF-turned photos swap sides)', async () => {
    setDemoMode(true);
    await open();
    expect(box()).toHaveStyle({ width: `${(100 / 300) * 100}%`, height: '50%' });
    const img = screen.getByRole('img', { name: 'Preview of photo.png' });
    Object.defineProperties(img, { naturalWidth: { value: 200 }, naturalHeight: { value: 300 } });
    fireEvent.load(img);
    await flush();
    expect(img).toHaveAttribute('width', '200');
    expect(box()).toHaveStyle({ width: '50%', height: `${(100 / 300) * 100}%` });
  });

  it('dragging inside the box moves it and dragging a handle resizes it; the fields follow', async () => {
    setDemoMode(true);
    await open();
    const stage = layOut();
    pointerDrag(box(), [20, 20], [40, 30]);
    expect(fields()).toEqual(['40', '20', '100', '100']);
    pointerDrag(screen.getByTestId('crop-grip-se'), [70, 60], [80, 65]);
    expect(fields()).toEqual(['40', '20', '120', '110']);
    pointerDrag(screen.getByTestId('crop-grip-nw'), [20, 10], [0, 0]);
    expect(fields()).toEqual(['0', '0', '160', '130']);
    // Dragged far past the edge, the box stops at the image.
    pointerDrag(box(), [30, 30], [500, 500]);
    expect(fields()).toEqual(['140', '70', '160', '130']);
    // A press outside the box draws a new one.
    pointerDrag(stage, [10, 10], [30, 20]);
    expect(fields()).toEqual(['20', '20', '41', '21']);
  });

  it('moves with the arrow keys and resizes with Shift + arrows, 1% of the image a step', async () => {
    setDemoMode(true);
    await open();
    box().focus();
    expect(box()).toHaveFocus();
    fireEvent.keyDown(box(), { key: 'ArrowRight' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    await flush();
    expect(fields()).toEqual(['3', '2', '100', '100']);
    fireEvent.keyDown(box(), { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(box(), { key: 'ArrowUp', shiftKey: true });
    await flush();
    expect(fields()).toEqual(['3', '2', '97', '98']);
    expect(box()).toHaveAccessibleName('Crop area: 97 x 98 pixels at X 3, Y 2');
  });

  it('crops the dragged area for real: the output has its size and starts at its corner', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setDemoMode(false);
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), cropImage);
    await open();
    layOut();
    pointerDrag(box(), [10, 10], [75, 40]); // 130, 60 image pixels
    pointerDrag(screen.getByTestId('crop-grip-se'), [115, 100], [100, 80]); // 30 x 40 smaller
    expect(fields()).toEqual(['130', '60', '70', '60']);
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 20000 });
    });
    await flush();
    expect(seen[0]).toMatchObject({ x: 130, y: 60, width: 70, height: 60 });
    const out = PNG.sync.read(Buffer.from(outputs[0].bytes));
    expect([out.width, out.height]).toEqual([70, 60]);
    expect([...out.data.subarray(0, 4)]).toEqual([130, 60, 0, 255]);
    const last = ((out.height - 1) * out.width + out.width - 1) * 4;
    expect([...out.data.subarray(last, last + 4)]).toEqual([199, 119, 0, 255]);
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
  });
});
