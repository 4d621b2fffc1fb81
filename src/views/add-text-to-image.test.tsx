// @vitest-environment jsdom
import { GlobalFonts } from '@napi-rs/canvas';
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blackPngBytes, inkCentre } from '../../tests/support/text-ink';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, flush, manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { TEXT_FONT_FAMILY } from '../lib/image/text';
import addText from '../processors/add-text-to-image';
import AddTextView from './add-text-to-image';
import { layOutAt, pointerDrag, runProcessorInPlace } from '../../tests/support/views';

vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

GlobalFonts.registerFromPath('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', TEXT_FONT_FAMILY);

const manifest = manifestOf('add-text-to-image');

const textBox = () => screen.getByTestId('text-box');
const position = () => screen.getByTestId('text-position').textContent;

/** Lays the preview out at 150 x 100 screen pixels. */
function layOut() {
  return layOutAt(screen.getByTestId('text-stage'), 150, 100);
}


async function open() {
  renderWithShell(<AddTextView manifest={manifest} />);
  await choose([new File([blackPngBytes(300, 200)], 'photo.png', { type: 'image/png' })]);
  await flush();
}

describe('Add Text to Image view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    // jsdom paints nothing; the view measures with its even-width estimate instead.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.mocked(runInWorker).mockReset();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    vi.restoreAllMocks();
    setDemoMode(false);
  });

  it('starts with the text centred and moves it by dragging, by pressing elsewhere and with the arrow keys', async () => {
    setDemoMode(true);
    await open();
    expect(screen.getByRole('img', { name: 'Preview of photo.png with the text' })).toBeInTheDocument();
    expect(position()).toBe('Text centre: 50% from the left, 50% from the top');
    const stage = layOut();
    pointerDrag(textBox(), [75, 50], [30, 80]);
    expect(position()).toBe('Text centre: 20% from the left, 80% from the top');
    expect(textBox()).toHaveAccessibleName('Text position: 20% from the left, 80% from the top');
    pointerDrag(stage, [120, 10], [120, 10]);
    expect(position()).toBe('Text centre: 80% from the left, 10% from the top');
    textBox().focus();
    fireEvent.keyDown(textBox(), { key: 'ArrowLeft' });
    fireEvent.keyDown(textBox(), { key: 'ArrowDown', shiftKey: true });
    expect(position()).toBe('Text centre: 79% from the left, 20% from the top');
    fireEvent.click(screen.getByRole('button', { name: 'Centre the text' }));
    expect(position()).toBe('Text centre: 50% from the left, 50% from the top');
    expect(screen.getByRole('button', { name: 'Centre the text' })).toBeDisabled();
  });

  it('draws the outline of the text where the text goes, sized by the text and its size', async () => {
    setDemoMode(true);
    await open();
    const type = async (label: string, value: string) => {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      await flush();
    };
    await type('Text', 'Hi');
    const before = parseFloat(textBox().style.width);
    await type('Text size', '48');
    expect(parseFloat(textBox().style.width)).toBeCloseTo(before * 2, 5);
    const oneLine = parseFloat(textBox().style.height);
    // Too wide for the picture, the text wraps as the processor wraps it: two lines.
    await type('Text', 'Your Text Here');
    expect(parseFloat(textBox().style.height)).toBeCloseTo(oneLine * 2, 5);
    const box = textBox().style;
    // Centred on the middle of the picture.
    expect(parseFloat(box.left) + parseFloat(box.width) / 2).toBeCloseTo(50, 5);
    expect(parseFloat(box.top) + parseFloat(box.height) / 2).toBeCloseTo(50, 5);
  });

  it('in demo mode runs exactly as before, without the placement', async () => {
    setDemoMode(true);
    await open();
    layOut();
    pointerDrag(textBox(), [75, 50], [30, 80]);
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(toastTexts()).toContain(`Success: ${manifest.simulation.success}`);
    expect(runInWorker).not.toHaveBeenCalled();
  });

  it('writes the text for real where it was dragged, in the chosen colour', async () => {
    setDemoMode(false);
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), addText);
    await open();
    layOut();
    pointerDrag(textBox(), [75, 50], [30, 80]);
    fireEvent.keyDown(textBox(), { key: 'ArrowRight' });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'HI' } });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 20000 });
    });
    await flush();
    expect(seen[0]).toMatchObject({ text: 'HI', textX: 0.21, textY: 0.8 });
    const ink = inkCentre(outputs[0].bytes);
    expect(ink.n).toBeGreaterThan(50);
    expect(Math.abs(ink.x - 63)).toBeLessThan(5);
    expect(Math.abs(ink.y - 160)).toBeLessThan(5);
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
  });
});
