// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionValues } from '../../schemas/manifest';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts, within } from '../../tests/support/components';
import type { ToolOutput } from '../contract/types';
import { runInWorker } from '../engine/worker/bridge';
import { openPreview } from '../lib/pdf/preview';
import editPdf from '../processors/edit-pdf';
import { halfTransparentPng } from '../../tests/fixtures/pdf-build/images';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import EditPdfView from './edit-pdf';
import { demoModeHooks, realPdf } from '../../tests/support/views';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('edit-pdf');
const SAVE = manifest.action.label;
const objects = () => screen.queryAllByTestId('edit-object');
const button = (name: string) => screen.getByRole('button', { name });
/** A button of the editing tools (objects on the page are buttons too). */
const tool = (name: string) => within(screen.getByRole('toolbar', { name: 'Editing tools' })).getByRole('button', { name });

/** Drags on the page, which is laid out as 200 x 400 px at the origin. */
function drag(from: [number, number], to: [number, number]) {
  const surface = screen.getByTestId('edit-surface');
  surface.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 400, right: 200, bottom: 400, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.pointerDown(surface, { button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(surface, { clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(surface, { clientX: to[0], clientY: to[1] });
}

/** Lets file reads finish (outside act, so the DOM is up to date between checks). */
async function settle(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i++) await act(() => vi.advanceTimersByTimeAsync(20));
}

/** Left/top/width/height of an object as percentages of the page. */
const placed = (el: HTMLElement) => [el.style.left, el.style.top, el.style.width, el.style.height].map((v) => Math.round(parseFloat(v) * 10) / 10);

describe('Edit PDF view in demo mode', () => {
  demoModeHooks();

  it('asks for a PDF when saving without one', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    expect(button(SAVE)).toBeDisabled();
    fireEvent.submit(button(SAVE).closest('form')!);
    await flush();
    expect(toastTexts()).toContain('Error: Please upload a PDF file to edit.');
  });

  it('draws a rectangle by dragging, moves it with the arrow keys, deletes it, and undoes and redoes', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 500)]);
    expect(button('Undo')).toBeDisabled();
    fireEvent.click(tool('Rectangle'));
    expect(tool('Rectangle')).toHaveAttribute('aria-pressed', 'true');
    drag([20, 40], [120, 120]);
    expect(objects()).toHaveLength(1);
    expect(objects()[0]).toHaveAttribute('aria-pressed', 'true');
    expect(placed(objects()[0])).toEqual([10, 10, 50, 20]);
    // Back to Select after drawing, so the next drag can move the object.
    expect(tool('Select')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.keyDown(objects()[0], { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(objects()[0], { key: 'ArrowDown' });
    expect(placed(objects()[0])).toEqual([15, 10.5, 50, 20]);
    fireEvent.keyDown(objects()[0], { key: 'ArrowRight', altKey: true, shiftKey: true });
    expect(placed(objects()[0])).toEqual([15, 10.5, 55, 20]);

    fireEvent.keyDown(objects()[0], { key: 'Delete' });
    expect(objects()).toHaveLength(0);
    fireEvent.click(button('Undo'));
    expect(placed(objects()[0])).toEqual([15, 10.5, 55, 20]);
    // The two arrow moves were one step, the resize another.
    fireEvent.keyDown(screen.getByTestId('edit-surface'), { key: 'z', ctrlKey: true });
    expect(placed(objects()[0])).toEqual([15, 10.5, 50, 20]);
    fireEvent.keyDown(screen.getByTestId('edit-surface'), { key: 'z', ctrlKey: true });
    expect(placed(objects()[0])).toEqual([10, 10, 50, 20]);
    fireEvent.keyDown(screen.getByTestId('edit-surface'), { key: 'y', ctrlKey: true });
    expect(placed(objects()[0])).toEqual([15, 10.5, 50, 20]);
    fireEvent.click(button('Redo'));
    fireEvent.click(button('Redo'));
    expect(objects()).toHaveLength(0);
    expect(button('Redo')).toBeDisabled();
  });

  it('moves an object by dragging it and resizes it with the corner handle', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 500)]);
    fireEvent.click(tool('Ellipse'));
    drag([20, 40], [60, 80]);
    const surface = screen.getByTestId('edit-surface');
    fireEvent.pointerDown(objects()[0], { button: 0, clientX: 30, clientY: 50 });
    fireEvent.pointerMove(surface, { clientX: 50, clientY: 90 });
    fireEvent.pointerUp(surface, { clientX: 50, clientY: 90 });
    expect(placed(objects()[0])).toEqual([20, 20, 20, 10]);
    fireEvent.pointerDown(screen.getByTestId('edit-handle'), { button: 0, clientX: 80, clientY: 120 });
    fireEvent.pointerMove(surface, { clientX: 100, clientY: 160 });
    fireEvent.pointerUp(surface, { clientX: 100, clientY: 160 });
    expect(placed(objects()[0])).toEqual([20, 20, 30, 20]);
    fireEvent.click(button('Undo'));
    expect(placed(objects()[0])).toEqual([20, 20, 20, 10]);
  });

  it('adds an object from the keyboard with Add to page, and sets colour and size for it', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 500)]);
    expect(screen.getByText(/White-out covers what is under it but does not delete it/)).toBeInTheDocument();
    fireEvent.click(tool('Line'));
    fireEvent.change(screen.getByLabelText('Line width (pt)'), { target: { value: '6' } });
    fireEvent.click(tool('Add to page'));
    expect(objects()).toHaveLength(1);
    expect(objects()[0]).toHaveAccessibleName('Line');
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#ff0000' } });
    const line = objects()[0].querySelector('line')!;
    expect(line.getAttribute('stroke')).toBe('#ff0000');
    expect(Number(line.getAttribute('stroke-width'))).toBeGreaterThan(1);
  });

  it('places a chosen PNG in the middle of the page with its proportions, and refuses other files', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 500)]);
    const input = screen.getByTestId('edit-image-input');
    const png = new File([halfTransparentPng(40, 20) as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await settle(() => objects().length === 1);
    expect(objects()[0]).toHaveAccessibleName('Image');
    expect(objects()[0].querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    const [left, top, width, height] = placed(objects()[0]);
    // 2:1 pixels on an A4 page (595 x 842 pt) shown as fractions of its width and height.
    expect((width * 595) / (height * 842)).toBeCloseTo(2, 1);
    expect(left + width / 2).toBeCloseTo(50, 0);
    expect(top + height / 2).toBeCloseTo(50, 0);
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'x.gif', { type: 'image/gif' })] } });
    await settle(() => toastTexts().length > 0);
    expect(toastTexts()).toContain('Error: Please choose a PNG or JPEG image.');
    expect(objects()).toHaveLength(1);
  });

  it('simulates the save: 2.5 s, then edited-[name] of 1.1 x the size', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 500)]);
    fireEvent.click(button(SAVE));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2490));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name')).toHaveTextContent('edited-doc.pdf');
    expect(screen.getByTestId('result-size')).toHaveTextContent('550 B');
    expect(toastTexts()).toContain('Success: PDF edited successfully! (mock operation)');
  });
});

describe('Edit PDF view with a real file', () => {
  const outputs: ToolOutput[] = [];
  const seen: OptionValues[] = [];
  let settled = false;
  beforeEach(() => {
    settled = false;
    vi.useFakeTimers();
    setDemoMode(false);
    outputs.length = 0;
    seen.length = 0;
    vi.mocked(openPreview).mockReset();
    vi.mocked(openPreview).mockResolvedValue(fakePreview(2));
    vi.mocked(runInWorker).mockReset();
    vi.mocked(runInWorker).mockImplementation(async (_name, files, options, signal, onProgress) => {
      seen.push(options);
      try {
        const bytes = new Uint8Array(await files[0].arrayBuffer());
        outputs.push(...(await editPdf.run([{ name: files[0].name, type: files[0].type, bytes }], editPdf.options.parse(options), { signal, onProgress })));
        return { outputs, failures: [] };
      } finally {
        settled = true;
      }
    });
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
  });

  async function save() {
    fireEvent.click(button(SAVE));
    await act(async () => {
      await vi.waitFor(() => expect(settled).toBe(true), { timeout: 20000 });
    });
    await flush();
    await flush();
  }

  it('saves a text box and a white-out on the page they were drawn on', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([await realPdf('two.pdf', [300, 300])]);
    expect(screen.getByTestId('edit-page')).toHaveTextContent('Page 1 of 2');
    fireEvent.click(button('Next page'));
    expect(screen.getByTestId('edit-page')).toHaveTextContent('Page 2 of 2');
    fireEvent.click(tool('White-out'));
    drag([0, 0], [100, 100]);
    fireEvent.click(tool('Text'));
    drag([20, 40], [180, 80]);
    const text = screen.getByLabelText('Text');
    expect(text).toHaveFocus();
    fireEvent.change(text, { target: { value: 'Hello FileDesk' } });
    expect(objects()[1]).toHaveAccessibleName('Text box: Hello FileDesk');
    await save();

    expect(seen[0].edits).toEqual([
      { page: 1, kind: 'whiteout', x: 0, y: 0, width: 0.5, height: 0.25, color: '#000000' },
      { page: 1, kind: 'text', x: 0.1, y: 0.1, width: 0.8, height: 0.1, color: '#000000', text: 'Hello FileDesk', fontSize: 16 },
    ]);
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
    expect(screen.getByTestId('result-name')).toHaveTextContent('edited-two.pdf');
    const doc = await PDFDocument.load(outputs[0].bytes);
    expect(doc.getPageCount()).toBe(2);
    const texts = await pdfPageTexts(outputs[0].bytes);
    expect(texts[1]).toContain('Hello FileDesk');
    expect(texts[0]).not.toContain('Hello');
  });

  it('says to add an edit when saving with none', async () => {
    renderWithShell(<EditPdfView manifest={manifest} />);
    await choose([await realPdf('one.pdf', [300])]);
    // An empty text box draws nothing and is not sent.
    fireEvent.click(tool('Text'));
    drag([20, 40], [180, 80]);
    await save();
    expect(seen[0].edits).toEqual([]);
    expect(toastTexts()).toContain('Error: Add at least one edit before saving.');
  });
});
