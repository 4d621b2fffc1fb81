// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { PNG } from 'pngjs';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../tests/setup/offscreen-canvas';
import { decodeRgba } from '../../tests/setup/offscreen-canvas';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, flush, manifestOf, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { collageCells } from '../lib/image/ops/collage';
import collage from '../processors/collage-maker';
import CollageMakerView from './collage-maker';
import { neighbour, placeIn } from './collage-maker/cell-order';
import { runProcessorInPlace } from '../../tests/support/views';

vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('collage-maker');
const COLOURS: Record<string, [number, number, number]> = { red: [230, 0, 0], green: [0, 200, 0], blue: [0, 0, 230] };

function solid(colour: keyof typeof COLOURS): File {
  const png = new PNG({ width: 16, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...COLOURS[colour], 255], i);
  return new File([new Uint8Array(PNG.sync.write(png))], `${colour}.png`, { type: 'image/png' });
}

/** The picture names in cell order, read from the cells' buttons. */
const cellNames = () =>
  [...screen.getByRole('list', { name: 'Collage cells' }).querySelectorAll('[role="listitem"]')].map(
    (cell) => cell.querySelector('button')?.getAttribute('aria-label')?.split(',')[0] ?? 'empty',
  );
const cellButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}\\.png, cell`) });

/** Lays the 2 x 2 cells out as 100 x 100 squares on a 200 x 200 stage. */
function layOutGrid() {
  [0, 1, 2, 3].forEach((i) => {
    const [left, top] = [(i % 2) * 100, Math.floor(i / 2) * 100];
    screen.getByTestId(`collage-cell-${i + 1}`).getBoundingClientRect = () =>
      ({ left, top, width: 100, height: 100, right: left + 100, bottom: top + 100, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
  });
}

function drag(target: Element, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(target, { button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(target, { clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(target, { clientX: to[0], clientY: to[1] });
}

const key = (name: string, k: string) => fireEvent.keyDown(cellButton(name), { key: k });

describe('collage cell moves', () => {
  const grid = collageCells('grid-2x2').cells;
  const mixed = collageCells('mixed-1-2').cells;
  it('finds the cell in an arrow direction', () => {
    expect([neighbour(grid, 0, 'ArrowRight'), neighbour(grid, 0, 'ArrowDown'), neighbour(grid, 0, 'ArrowLeft'), neighbour(grid, 3, 'ArrowUp')]).toEqual([1, 2, null, 1]);
    expect([neighbour(mixed, 0, 'ArrowRight'), neighbour(mixed, 2, 'ArrowLeft'), neighbour(mixed, 1, 'ArrowDown'), neighbour(grid, 0, 'a')]).toEqual([1, 0, 2, null]);
  });
  it('swaps two pictures, and sends one dropped on an empty cell to the last filled cell', () => {
    expect(placeIn(['a', 'b', 'c'], 0, 2)).toEqual(['c', 'b', 'a']);
    expect(placeIn(['a', 'b', 'c'], 0, 3)).toEqual(['b', 'c', 'a']);
    expect(placeIn(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('Collage Maker view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
    vi.mocked(runInWorker).mockReset();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setDemoMode(false);
  });

  it('shows the layout with the pictures in their cells, and follows the layout choice', async () => {
    setDemoMode(true);
    renderWithShell(<CollageMakerView manifest={manifest} />);
    await choose([solid('red'), solid('green'), solid('blue')]);
    expect(cellNames()).toEqual(['red.png', 'green.png', 'blue.png', 'empty']);
    fireEvent.change(screen.getByLabelText('Layout'), { target: { value: 'mixed-1-2' } });
    await flush();
    expect(cellNames()).toEqual(['red.png', 'green.png', 'blue.png']);
    // The large cell on the left spans the collage's height.
    expect(screen.getByTestId('collage-cell-1').style.height).toBe(`${(1176 / 1200) * 100}%`);
  });

  it('dragging a picture onto another cell swaps them, and the file list follows', async () => {
    setDemoMode(true);
    renderWithShell(<CollageMakerView manifest={manifest} />);
    await choose([solid('red'), solid('green'), solid('blue')]);
    layOutGrid();
    drag(cellButton('red'), [50, 50], [50, 150]);
    expect(cellNames()).toEqual(['blue.png', 'green.png', 'red.png', 'empty']);
    expect([...document.querySelectorAll('.file-name')].map((e) => e.textContent)).toEqual(['blue.png', 'green.png', 'red.png']);
    // Onto the empty cell: the picture goes last.
    layOutGrid();
    drag(cellButton('blue'), [50, 50], [150, 150]);
    expect(cellNames()).toEqual(['green.png', 'red.png', 'blue.png', 'empty']);
  });

  it('moves a picture from the keyboard: Space picks up, arrows carry, Space drops, Escape cancels', async () => {
    setDemoMode(true);
    renderWithShell(<CollageMakerView manifest={manifest} />);
    await choose([solid('red'), solid('green'), solid('blue')]);
    cellButton('red').focus();
    key('red', ' ');
    expect(cellButton('red')).toHaveAttribute('aria-pressed', 'true');
    key('red', 'ArrowRight');
    await flush();
    expect(cellNames()).toEqual(['green.png', 'red.png', 'blue.png', 'empty']);
    expect(cellButton('red')).toHaveFocus();
    // Down from cell 2 is the empty cell 4: nothing moves.
    key('red', 'ArrowDown');
    key('red', 'ArrowLeft');
    key('red', 'ArrowDown');
    await flush();
    expect(cellNames()).toEqual(['blue.png', 'green.png', 'red.png', 'empty']);
    expect(screen.getByText(/^red\.png moved to cell 3 of 4\.$/)).toBeInTheDocument();
    key('red', 'Enter');
    expect(cellButton('red')).toHaveAttribute('aria-pressed', 'false');
    key('green', ' ');
    key('green', 'ArrowLeft');
    await flush();
    expect(cellNames()).toEqual(['green.png', 'blue.png', 'red.png', 'empty']);
    key('green', 'Escape');
    await flush();
    expect(cellNames()).toEqual(['blue.png', 'green.png', 'red.png', 'empty']);
    expect(screen.getByText('Moving cancelled. The pictures are back where they were.')).toBeInTheDocument();
  });

  it('makes the real collage in the order of the cells', async () => {
    setDemoMode(false);
    // pica probes createImageBitmap on an Image that jsdom never loads; a worker has no Image at all.
    vi.stubGlobal('Image', undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { outputs } = runProcessorInPlace(vi.mocked(runInWorker), collage);
    renderWithShell(<CollageMakerView manifest={manifest} />);
    await choose([solid('red'), solid('green'), solid('blue')]);
    layOutGrid();
    drag(cellButton('red'), [50, 50], [150, 50]);
    expect(cellNames()).toEqual(['green.png', 'red.png', 'blue.png', 'empty']);
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 20000 });
    });
    await flush();
    const im = decodeRgba(outputs[0].bytes);
    const rgb = (x: number, y: number) => [...im.data.subarray((y * im.width + x) * 4, (y * im.width + x) * 4 + 3)];
    const centres = collageCells('grid-2x2').cells.map((c) => rgb(c.x + c.width / 2, c.y + c.height / 2));
    expect(centres).toEqual([COLOURS.green, COLOURS.red, COLOURS.blue, [255, 255, 255]]);
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
  });
});
