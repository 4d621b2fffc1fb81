// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { openPreview } from '../lib/pdf/preview';
import cropPdf from '../processors/crop-pdf';
import CropPdfView from './crop-pdf';
import { demoModeHooks, layOutAt, pointerDrag, realModeHooks, realPdf, runProcessorInPlace } from '../../tests/support/views';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('crop-pdf');
const CROP = manifest.action.label;
const trim = (side: string) => screen.getByLabelText(`Trim ${side} (%)`) as HTMLInputElement;
const margins = () => ['top', 'right', 'bottom', 'left'].map((s) => trim(s).value);

/** Drags on the preview, which is laid out as 200 x 400 px at the origin. */
function drag(from: [number, number], to: [number, number]) {
  pointerDrag(layOutAt(screen.getByTestId('crop-surface'), 200, 400), from, to);
}

describe('Crop PDF view in demo mode', () => {
  demoModeHooks();

  it('draws the crop box with the pointer (any direction) and shows it as margins', async () => {
    renderWithShell(<CropPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    expect(margins()).toEqual(['10', '10', '10', '10']);
    drag([150, 300], [50, 100]);
    expect(margins()).toEqual(['25', '25', '25', '25']);
    expect(screen.getByTestId('crop-box')).toHaveStyle({ left: '25%', top: '25%', width: '50%', height: '50%' });
  });

  it('sets the box from the keyboard with the four margin inputs', async () => {
    renderWithShell(<CropPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    fireEvent.change(trim('top'), { target: { value: '30' } });
    fireEvent.change(trim('left'), { target: { value: '5' } });
    expect(screen.getByTestId('crop-box')).toHaveStyle({ left: '5%', top: '30%', width: '85%', height: '60%' });
  });

  it('refuses an empty crop area', async () => {
    renderWithShell(<CropPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    fireEvent.change(trim('left'), { target: { value: '60' } });
    fireEvent.change(trim('right'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: CROP }));
    await flush();
    expect(toastTexts()).toContain(`Error: ${manifest.messages.emptyCrop}`);
    expect(screen.queryByRole('button', { name: /Cropping/ })).toBeNull();
  });

  it('simulates the crop: 2 s, then cropped-[name] of 0.85 x the size', async () => {
    renderWithShell(<CropPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: CROP }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(1990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name')).toHaveTextContent('cropped-doc.pdf');
    expect(screen.getByTestId('result-size')).toHaveTextContent('850 B');
    expect(toastTexts()).toContain('Success: PDF cropped successfully! (mock operation)');
  });
});

describe('Crop PDF view with a real file', () => {
  realModeHooks(openPreview, runInWorker);

  it('crops only the chosen page with the drawn box, as fractions of the page', async () => {
    vi.mocked(openPreview).mockResolvedValue(fakePreview(3));
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), cropPdf);
    renderWithShell(<CropPdfView manifest={manifest} />);
    await choose([await realPdf('three.pdf', [200, 200, 200])]);
    expect(screen.getByTestId('crop-page')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('crop-page')).toHaveTextContent('Page 2 of 3');
    drag([0, 0], [100, 200]); // the top-left quarter
    fireEvent.click(screen.getByRole('radio', { name: 'This page only' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: CROP }));
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 25000 });
    });
    await flush();

    expect(seen[0]).toMatchObject({ applyTo: 'current', page: 1, crop: { x: 0, y: 0, width: 0.5, height: 0.5 } });
    const doc = await PDFDocument.load(outputs[0].bytes);
    const boxes = doc.getPages().map((p) => p.getCropBox());
    expect(boxes[0]).toEqual({ x: 0, y: 0, width: 200, height: 400 });
    expect(boxes[1]).toEqual({ x: 0, y: 200, width: 100, height: 200 });
    expect(boxes[2]).toEqual({ x: 0, y: 0, width: 200, height: 400 });
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
  });
});
