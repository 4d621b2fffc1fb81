// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { openPreview } from '../lib/pdf/preview';
import rotatePdf from '../processors/rotate-pdf';
import RotatePdfView from './rotate-pdf';
import { demoModeHooks, readPages, realModeHooks, realPdf, runProcessorInPlace } from '../../tests/support/views';
import { renderRun } from '../../tests/support/tool-page';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('rotate-pdf');
const ACTION = 'Rotate PDF';

const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.getAttribute('aria-label'));
const pagesField = () => screen.getByLabelText('Pages') as HTMLInputElement;

describe('Rotate PDF view in demo mode', () => {
  demoModeHooks();

  it('says "Please upload a PDF file to rotate." without a file', async () => {
    renderWithShell(<RotatePdfView manifest={manifest} />);
    fireEvent.submit(screen.getByRole('button', { name: ACTION }).closest('form')!);
    await flush();
    expect(toastTexts()).toEqual(['Error: Please upload a PDF file to rotate.']);
  });

  it('refuses a download before rotating: "Please rotate a PDF file first."', async () => {
    const { result } = renderRun('rotate-pdf');
    act(() => result.current.download());
    expect(toastTexts()).toEqual(['Error: Please rotate a PDF file first.']);
  });

  it('rotates two files as a simulation after 1.5 s + 0.3 s a file, naming each rotated-<name>', async () => {
    renderWithShell(<RotatePdfView manifest={manifest} />);
    await choose([pdfFile('a.pdf', 1000), pdfFile('b.pdf', 2000)]);
    // No thumbnails in demo mode: there is no real document to draw.
    expect(screen.queryByRole('list', { name: 'Pages to rotate' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ACTION }));
    await flush();
    expect(screen.getByRole('button', { name: /Rotating\.\.\./ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2099));
    expect(screen.queryAllByTestId('result-name')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getAllByTestId('result-name').map((e) => e.textContent)).toEqual(['rotated-a.pdf', 'rotated-b.pdf']);
    expect(toastTexts()).toContain('Success: 2 PDFs rotated successfully! (mock operation)');
  });
});

describe('Rotate PDF view with a real file', () => {
  realModeHooks(openPreview, runInWorker);

  it('shows a thumbnail per page; clicking pages edits the page list, and the run turns those pages only', async () => {
    vi.mocked(openPreview).mockResolvedValue(fakePreview(4));
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), rotatePdf);
    renderWithShell(<RotatePdfView manifest={manifest} />);
    await choose([await realPdf('four.pdf', [210, 220, 230, 240])]);
    await flush();
    expect(screen.getAllByTestId('pdf-thumbnail')).toHaveLength(4);
    // Blank list: every page is chosen and drawn turned.
    expect(pressed()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4']);
    expect(screen.getByTestId('rotate-summary')).toHaveTextContent('Every page will be turned.');

    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await flush();
    expect(pagesField().value).toBe('2, 4');
    expect(pressed()).toEqual(['Page 2', 'Page 4']);
    expect(screen.getByTestId('rotate-summary')).toHaveTextContent('2 of 4 pages will be turned.');

    // Typing a list chooses the same pages; the last chosen page cannot be taken out.
    fireEvent.change(pagesField(), { target: { value: '3' } });
    await flush();
    expect(pressed()).toEqual(['Page 3']);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await flush();
    expect(pagesField().value).toBe('1, 3');
    const thumbnail = (n: number) => screen.getAllByTestId('pdf-thumbnail')[n - 1] as HTMLElement;
    expect(thumbnail(1).style.transform).toBe('rotate(90deg)');
    expect(thumbnail(2).style.transform).toBe('');

    fireEvent.click(screen.getByLabelText('180°'));
    await flush();
    expect(thumbnail(3).style.transform).toBe('rotate(180deg)');
    fireEvent.click(screen.getByRole('button', { name: ACTION }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 25000 });
    });
    await flush();
    expect(seen).toEqual([{ angle: '180', pages: '1, 3' }]);
    expect((await readPages(outputs[0].bytes)).map((p) => p.rotation)).toEqual([180, 0, 180, 0]);
    expect(screen.getByTestId('result-name')).toHaveTextContent('rotated-four.pdf');
    expect(toastTexts()).toContain('Success: 1 PDF rotated successfully!');
  });

  it('says when the typed page list cannot be read', async () => {
    vi.mocked(openPreview).mockResolvedValue(fakePreview(3));
    renderWithShell(<RotatePdfView manifest={manifest} />);
    await choose([await realPdf('three.pdf', [200, 200, 200])]);
    await flush();
    fireEvent.change(pagesField(), { target: { value: '2, x' } });
    await flush();
    expect(screen.getByTestId('rotate-summary')).toHaveTextContent('The page list is not valid');
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await flush();
    expect(pagesField().value).toBe('2');
  });
});
