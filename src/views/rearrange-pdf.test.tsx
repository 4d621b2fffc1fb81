// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { runInWorker } from '../engine/worker/bridge';
import { openPreview } from '../lib/pdf/preview';
import rearrangePdf from '../processors/rearrange-pdf';
import RearrangePdfView from './rearrange-pdf';
import { demoModeHooks, listedNames, readPages, realModeHooks, realPdf, runProcessorInPlace } from '../../tests/support/views';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('rearrange-pdf');
const LIST = 'Pages, in their new order';
const SAVE = manifest.action.label;

async function chooseWithRandom(r: number) {
  const spy = vi.spyOn(Math, 'random').mockReturnValue(r);
  await choose([pdfFile('doc.pdf', 1000)]);
  spy.mockRestore();
}

describe('Rearrange PDF view in demo mode', () => {
  demoModeHooks();

  it('makes 3 to 12 mock pages on upload', async () => {
    renderWithShell(<RearrangePdfView manifest={manifest} />);
    await chooseWithRandom(0);
    expect(listedNames(LIST)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    await chooseWithRandom(0.99999);
    expect(listedNames(LIST)).toHaveLength(12);
    await chooseWithRandom(0.5);
    expect(listedNames(LIST)).toHaveLength(8);
    expect(screen.getByRole('list', { name: LIST })).toHaveStyle({ maxHeight: '300px' });
    expect(openPreview).not.toHaveBeenCalled();
  });

  it('moves and removes pages, with Move up off on the first and Move down off on the last', async () => {
    renderWithShell(<RearrangePdfView manifest={manifest} />);
    await chooseWithRandom(0);
    expect(screen.getByRole('button', { name: 'Move Page 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Page 3 down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Page 2 up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Page 2 down' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move Page 3 up' }));
    expect(listedNames(LIST)).toEqual(['Page 1', 'Page 3', 'Page 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Page 1 down' }));
    expect(listedNames(LIST)).toEqual(['Page 3', 'Page 1', 'Page 2']);
    expect(screen.getByRole('button', { name: 'Move Page 3 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Page 2 down' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Page 1' }));
    expect(listedNames(LIST)).toEqual(['Page 3', 'Page 2']);
    // Mock pages cannot be rotated.
    expect(screen.queryByRole('button', { name: /Rotate/ })).toBeNull();
  });

  it('disables Save once no page remains', async () => {
    renderWithShell(<RearrangePdfView manifest={manifest} />);
    await chooseWithRandom(0);
    const save = screen.getByRole('button', { name: SAVE });
    expect(save).toBeEnabled();
    for (const n of [1, 2, 3]) fireEvent.click(screen.getByRole('button', { name: `Remove Page ${n}` }));
    expect(screen.queryByRole('list', { name: LIST })).toBeNull();
    expect(save).toBeDisabled();
  });

  it('saves after the simulated delay with the mock success', async () => {
    renderWithShell(<RearrangePdfView manifest={manifest} />);
    await chooseWithRandom(0);
    fireEvent.click(screen.getByRole('button', { name: 'Move Page 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: SAVE }));
    await flush();
    expect(screen.getByRole('button', { name: /Saving\.\.\./ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('result-name')).toHaveTextContent('rearranged-doc.pdf');
    expect(toastTexts()).toContain('Success: PDF pages rearranged successfully! (mock operation)');
  });
});

describe('Rearrange PDF view with a real file', () => {
  realModeHooks(openPreview, runInWorker);

  it('lists the real pages with thumbnails and saves the chosen order and rotations through the processor', async () => {
    const preview = fakePreview(4);
    vi.mocked(openPreview).mockResolvedValue(preview);
    const { seen, outputs } = runProcessorInPlace(vi.mocked(runInWorker), rearrangePdf);
    renderWithShell(<RearrangePdfView manifest={manifest} />);
    await choose([await realPdf('four.pdf', [210, 220, 230, 240])]);
    expect(listedNames(LIST)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4']);
    expect(screen.getAllByTestId('pdf-thumbnail')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Move Page 4 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Page 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate Page 2 clockwise' }));
    expect(listedNames(LIST)).toEqual(['Page 2', 'Page 4', 'Page 3']);
    fireEvent.click(screen.getByRole('button', { name: SAVE }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 25000 });
    });
    await flush();

    expect(seen).toEqual([{ order: [1, 3, 2], rotations: [90, 0, 0] }]);
    expect(await readPages(outputs[0].bytes)).toEqual([
      { width: 220, rotation: 90 },
      { width: 240, rotation: 0 },
      { width: 230, rotation: 0 },
    ]);
    expect(screen.getByTestId('result-name')).toHaveTextContent('rearranged-four.pdf');
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
  });
});
