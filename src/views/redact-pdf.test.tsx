// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { defineProcessor } from '../contract/processor';
import { runInWorker } from '../engine/worker/bridge';
import { openPreview } from '../lib/pdf/preview';
import { options as redactOptions } from '../processors/redact-pdf';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, runInPlace, toastTexts } from '../../tests/support/components';
import { renderRun } from '../../tests/support/tool-page';
import { demoModeHooks, layOutAt, pointerDrag, realModeHooks, realPdf } from '../../tests/support/views';
import RedactPdfView from './redact-pdf';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));
vi.mock('../engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

const manifest = manifestOf('redact-pdf');
const REDACT = manifest.action.label;
const boxes = () => screen.queryAllByTestId('redact-box');

/** Drags on the preview, which is laid out as 200 x 400 px at the origin. */
function drag(from: [number, number], to: [number, number]) {
  pointerDrag(layOutAt(screen.getByTestId('redact-surface'), 200, 400), from, to);
}

describe('Redact PDF view in demo mode', () => {
  demoModeHooks();

  it('draws several boxes with the mouse, in any direction, and removes one with its button', async () => {
    renderWithShell(<RedactPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    expect(boxes()).toHaveLength(0);
    drag([20, 40], [120, 80]);
    drag([150, 300], [50, 200]);
    // A click without a drag draws nothing.
    drag([10, 10], [10, 10]);
    expect(boxes()).toHaveLength(2);
    expect(boxes()[0]).toHaveStyle({ left: '10%', top: '10%', width: '50%', height: '10%' });
    expect(boxes()[1]).toHaveStyle({ left: '25%', top: '50%', width: '50%', height: '25%' });
    expect(screen.getByTestId('redact-count')).toHaveTextContent('2 boxes drawn in all.');

    fireEvent.click(screen.getByRole('button', { name: 'Remove box 1' }));
    expect(boxes()).toHaveLength(1);
    expect(boxes()[0]).toHaveStyle({ left: '25%', top: '50%' });
    const list = screen.getByRole('list', { name: 'Boxes on this page' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('adds, moves, resizes and removes a box from the keyboard', async () => {
    renderWithShell(<RedactPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a box' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    const box = screen.getByRole('button', { name: /^Box 1, from 20% across and 45% down, 60% wide and 5% high/ });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(boxes()[0]).toHaveStyle({ left: '21%', top: '44%', width: '60%', height: '5%' });
    fireEvent.keyDown(boxes()[0]!, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(boxes()[0]!, { key: 'ArrowLeft', shiftKey: true });
    expect(boxes()[0]).toHaveStyle({ left: '21%', top: '44%', width: '59%', height: '6%' });
    expect(boxes()[0]).toHaveAccessibleName(/from 21% across and 44% down, 59% wide and 6% high/);
    fireEvent.keyDown(boxes()[0]!, { key: 'Delete' });
    expect(boxes()).toHaveLength(0);
    expect(screen.getByTestId('redact-count')).toHaveTextContent('No boxes drawn.');
  });

  it('says there is nothing to redact without a box or a search, and runs the simulation with one', async () => {
    renderWithShell(<RedactPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: REDACT }));
    await flush();
    expect(toastTexts()).toContain(
      'Error: Nothing to redact. Please draw boxes over what to remove, or choose what to search for: email addresses, phone numbers or your own words.',
    );
    drag([20, 40], [120, 80]);
    fireEvent.click(screen.getByRole('button', { name: REDACT }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2010));
    expect(screen.getByTestId('result-name')).toHaveTextContent('redacted-doc.pdf');
    expect(toastTexts()).toContain('Success: PDF redacted successfully! (mock operation)');
  });

  it('refuses a run without a file and a download before redacting', async () => {
    const { result } = renderRun('redact-pdf');
    await act(async () => {
      await result.current.run({});
    });
    expect(toastTexts()).toEqual(['Error: Please upload a PDF file to redact.']);
    act(() => toast.remove());
    act(() => result.current.download());
    expect(toastTexts()).toEqual(['Error: Please redact a PDF file first.']);
  });
});

describe('Redact PDF view with a real file', () => {
  realModeHooks(openPreview, runInWorker);

  it('sends the boxes of every page, as fractions of their page, with the search options', async () => {
    vi.mocked(openPreview).mockResolvedValue(fakePreview(3));
    const seen: unknown[] = [];
    // Stands in for the processor: the run's options pass its schema, and the file comes back unchanged.
    const echo = defineProcessor(redactOptions, async (inputs, values) => {
      seen.push(values);
      return [{ bytes: inputs[0]!.bytes, type: 'application/pdf' }];
    });
    vi.mocked(runInWorker).mockImplementation(runInPlace(() => echo) as never);
    renderWithShell(<RedactPdfView manifest={manifest} />);
    await choose([await realPdf('three.pdf', [200, 200, 200])]);
    drag([0, 0], [100, 200]);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('redact-page')).toHaveTextContent('Page 2 of 3');
    expect(boxes()).toHaveLength(0);
    drag([100, 200], [200, 400]);
    fireEvent.click(screen.getByRole('switch', { name: 'Email addresses' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: REDACT }));
    await act(async () => {
      await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 10000 });
    });
    await flush();
    expect(seen[0]).toMatchObject({
      emails: true,
      phones: false,
      removeMetadata: true,
      redactions: [
        { page: 0, x: 0, y: 0, width: 0.5, height: 0.5 },
        { page: 1, x: 0.5, y: 0.5, width: 0.5, height: 0.5 },
      ],
    });
    expect(toastTexts()).toContain(`Success: ${manifest.messages.success}`);
  });
});
