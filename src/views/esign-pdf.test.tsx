// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../engine/demo/demo-mode';
import { pdfPageTexts } from '../../tests/fixtures/pdf-build/pdf-text';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { openPreview } from '../lib/pdf/preview';
import esignPdf from '../processors/esign-pdf';
import EsignPdfView from './esign-pdf';
import { realModeHooks, realPdf, runProcessorInPlace } from '../../tests/support/views';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('esign-pdf');
const SIGN = manifest.action.label;

/** Radix tabs open on mouse down (jsdom, without CSS, reads their doubled label "TypeType"). */
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name: new RegExp(`^${name}`) }), { button: 0 });
const typeSignature = (text: string) => fireEvent.change(screen.getByLabelText('Type your signature'), { target: { value: text } });
const sign = () => fireEvent.click(screen.getByRole('button', { name: SIGN }));
const percent = (label: string) => screen.getByLabelText(`${label} (%)`) as HTMLInputElement;

/** Clicks the page preview, which is laid out as 200 x 400 px at the origin. */
function clickPage(x: number, y: number) {
  const stage = screen.getByTestId('signature-stage');
  stage.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 400, right: 200, bottom: 400, x: 0, y: 0, toJSON: () => ({}) });
  fireEvent.pointerDown(stage, { button: 0, clientX: x, clientY: y });
  fireEvent.pointerUp(stage, { clientX: x, clientY: y });
}

function png(width: number, height: number): Uint8Array {
  return new Uint8Array(PNG.sync.write(new PNG({ width, height })));
}

async function uploadSignature(bytes: Uint8Array, name: string) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('signature-file'), { target: { files: [new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/png' })] } });
  });
  await flush();
  await flush();
}

describe('eSign PDF view in demo mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
    URL.createObjectURL = vi.fn(() => 'blob:signature');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('asks for a PDF, then a signature, then a placement, with the manifest messages', async () => {
    const { container } = renderWithShell(<EsignPdfView manifest={manifest} />);
    expect(screen.getByRole('button', { name: SIGN })).toBeDisabled();
    fireEvent.submit(container.querySelector('form')!);
    await flush();
    expect(toastTexts()).toContain('Error: Please upload a PDF file to sign.');

    await choose([pdfFile('contract.pdf', 1000)]);
    sign();
    await flush();
    expect(toastTexts()).toContain('Error: Please draw, type or upload a signature first.');
    expect(manifest.messages.noSignature).toBe('Please draw, type or upload a signature first.');

    openTab('Type');
    typeSignature('Ann Lee');
    sign();
    await flush();
    expect(toastTexts()).toContain('Error: Click the page preview to place your signature.');
    expect(manifest.messages.noPlacement).toBe('Click the page preview to place your signature.');
    expect(screen.queryByRole('button', { name: manifest.action.busyLabel })).toBeNull();
  });

  it('uses the open tab: a typed name does not count while the empty Draw tab is open', async () => {
    renderWithShell(<EsignPdfView manifest={manifest} />);
    await choose([pdfFile('contract.pdf', 1000)]);
    openTab('Type');
    typeSignature('Ann Lee');
    openTab('Draw');
    clickPage(100, 200);
    sign();
    await flush();
    expect(toastTexts()).toContain(`Error: ${manifest.messages.noSignature}`);
  });

  it('places the box where the page is clicked, drags and resizes it, and moves and sizes it from the keyboard', async () => {
    renderWithShell(<EsignPdfView manifest={manifest} />);
    await choose([pdfFile('contract.pdf', 1000)]);
    expect(screen.queryByTestId('signature-box')).toBeNull();
    openTab('Type');
    typeSignature('Ann Lee');
    clickPage(100, 300);
    const box = screen.getByTestId('signature-box');
    expect(box).toHaveTextContent('Ann Lee');
    // 35% of the page wide, centred on the click (50%, 75%).
    expect(Number(percent('Width').value)).toBe(35);
    expect(Number(percent('From the left').value)).toBe(32.5);
    const top = Number(percent('From the top').value);
    const height = Number(percent('Height').value);
    expect(top + height / 2).toBeCloseTo(75, 0);

    // Dragging the box moves it by the pointer's travel: 20 px right (10%), 200 px up (50%).
    fireEvent.pointerDown(box, { button: 0, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(box, { clientX: 120, clientY: 100 });
    fireEvent.pointerUp(box, { clientX: 120, clientY: 100 });
    expect(Number(percent('From the left').value)).toBe(42.5);
    expect(Number(percent('From the top').value)).toBeCloseTo(top - 50, 1);
    expect(Number(percent('Width').value)).toBe(35);
    // The corner handle resizes, keeping the top-left corner.
    const handle = box.querySelector('[data-sig-handle]')!;
    fireEvent.pointerDown(handle, { button: 0, clientX: 155, clientY: 120 });
    fireEvent.pointerMove(handle, { clientX: 185, clientY: 160 });
    fireEvent.pointerUp(handle, { clientX: 185, clientY: 160 });
    expect(Number(percent('From the left').value)).toBe(42.5);
    expect(Number(percent('Width').value)).toBe(50);
    expect(Number(percent('Height').value)).toBeCloseTo(40 - (top - 50), 1);

    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(Number(percent('From the left').value)).toBe(43.5);
    fireEvent.change(percent('Width'), { target: { value: '20' } });
    expect(box).toHaveStyle({ width: '20%' });
    fireEvent.change(percent('From the left'), { target: { value: '95' } });
    // Kept on the page: at most 100 - 20.
    expect(box).toHaveStyle({ left: '80%' });
  });

  it('places the box from the keyboard with a button', async () => {
    renderWithShell(<EsignPdfView manifest={manifest} />);
    await choose([pdfFile('contract.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Place the signature at the bottom right' }));
    expect(screen.getByTestId('signature-box')).toBeInTheDocument();
    expect(Number(percent('From the left').value) + Number(percent('Width').value)).toBeLessThanOrEqual(100);
  });

  it('simulates signing: 2.5 s, then signed-[name] of 1.02 x the size', async () => {
    renderWithShell(<EsignPdfView manifest={manifest} />);
    await choose([pdfFile('contract.pdf', 1000)]);
    openTab('Type');
    typeSignature('Ann Lee');
    clickPage(60, 320);
    sign();
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2490));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name')).toHaveTextContent('signed-contract.pdf');
    expect(screen.getByTestId('result-size')).toHaveTextContent('1020 B');
    expect(toastTexts()).toContain('Success: PDF signed successfully! (mock operation)');
  });

  it('checks an uploaded picture from its header: too many pixels or not an image are refused, a PNG is shown', async () => {
    renderWithShell(<EsignPdfView manifest={manifest} />);
    await choose([pdfFile('contract.pdf', 1000)]);
    openTab('Upload');
    const huge = png(1, 1).slice(0, 33);
    new DataView(huge.buffer).setUint32(16, 9000);
    await uploadSignature(huge, 'huge.png');
    const hugeMessage = 'The file huge.png is 9000 x 1 pixels; a signature picture can be at most 4000 pixels a side. Please choose a smaller picture.';
    expect(toastTexts()).toContain(`Error: ${hugeMessage}`);
    expect(within(screen.getByRole('region', { name: 'Your signature' })).getByRole('alert')).toHaveTextContent(hugeMessage);
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    await uploadSignature(new TextEncoder().encode('hello'), 'note.png');
    expect(toastTexts()).toContain('Error: The file note.png is not a PNG or JPG image. Please choose a PNG or JPG picture of your signature.');

    await uploadSignature(png(300, 100), 'sig.png');
    expect(screen.getAllByRole('img', { name: 'Your signature' })[0]).toHaveAttribute('src', 'blob:signature');
    clickPage(100, 200);
    // A 3:1 picture on a 1:2 page: 35% wide is 35 x 0.5 / 3 = 5.8% high.
    expect(Number(percent('Height').value)).toBeCloseTo(5.8, 1);
  });
});

describe('eSign PDF view with a real file', () => {
  realModeHooks(openPreview, runInWorker);

  it('signs the chosen page with the typed signature and the date, placed where the page was clicked', async () => {
    vi.mocked(openPreview).mockResolvedValue(fakePreview(3));
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), esignPdf);
    renderWithShell(<EsignPdfView manifest={manifest} />);
    await choose([await realPdf('three.pdf', [200, 200, 200])]);
    expect(screen.getByTestId('sign-page')).toHaveTextContent('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('sign-page')).toHaveTextContent('Page 2 of 3');
    openTab('Type');
    typeSignature('  Ann   Lee ');
    fireEvent.click(screen.getByRole('switch', { name: "Also add today's date under the signature" }));
    await flush();
    clickPage(100, 300);
    sign();
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 25000 });
    });
    await flush();

    const options = seen[0];
    expect(options).toMatchObject({ signatureText: 'Ann Lee', signatureFont: 'italic', addDate: true });
    expect(options.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const placement = options.placement as { page: number; x: number; y: number; width: number; height: number };
    expect(placement.page).toBe(1);
    expect(placement.x).toBeCloseTo(0.325);
    expect(placement.width).toBeCloseTo(0.35);
    expect(placement.y + placement.height / 2).toBeCloseTo(0.75);
    expect(options.signatureImage).toBeUndefined();

    expect(screen.getByTestId('result-name')).toHaveTextContent('signed-three.pdf');
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);

    expect((await PDFDocument.load(outputs[0].bytes)).getPageCount()).toBe(3);
    vi.useRealTimers();
    const texts = await pdfPageTexts(outputs[0].bytes);
    expect(texts[1]).toContain('Ann Lee');
    expect(texts[1]).toContain(String(options.date));
    expect(texts[0]).toBe('');
    expect(texts[2]).toBe('');
  });
});
