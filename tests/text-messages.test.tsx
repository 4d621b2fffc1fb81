// @vitest-environment jsdom
/**
 * Messages of the bespoke text and chart pages, and of the Crop PDF view,
 * written out as the visitor reads them: the text-to-speech download notice,
 * the chart maker's real success after drawing a real chart, and Crop PDF's
 * empty crop area.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../src/engine/demo/demo-mode';
import { choose, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from './support/components';
import type { ToolOutput } from '../src/contract/types';
import { runInWorker } from '../src/engine/worker/bridge';
import { CHART_HEIGHT, CHART_WIDTH } from '../src/lib/chart/size';
import chartMaker from '../src/processors/chart-maker';
import ChartMaker from '../src/views/chart-maker';
import CropPdfView from '../src/views/crop-pdf';
import TextToSpeech from '../src/views/text-to-speech';
import { decodeRgba } from './setup/offscreen-canvas';

vi.mock('../src/engine/worker/bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/engine/worker/bridge')>()),
  runInWorker: vi.fn(),
}));

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
  setDemoMode(false);
});

describe('Text to Speech', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('Download MP3 with text gives the demo notice in demo mode', async () => {
    setDemoMode(true);
    renderWithShell(<TextToSpeech manifest={manifestOf('text-to-speech')} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Read this aloud' } });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Download MP3' }));
    await flush();
    expect(toastTexts()).toEqual([
      'Information: This is a demo version. In the full version, the speech would be downloaded as an MP3 file.',
    ]);
  });
});

describe('Chart Maker with the real processor', () => {
  const originalGetContext = HTMLCanvasElement.prototype.getContext;
  let outputs: ToolOutput[];

  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
    // jsdom has no 2D canvas for the live preview; the PNG itself is drawn by the processor.
    HTMLCanvasElement.prototype.getContext = vi.fn(() => null) as never;
    outputs = [];
    // The worker is replaced by the same processor run on the page, so the chart is really drawn.
    vi.mocked(runInWorker).mockReset();
    vi.mocked(runInWorker).mockImplementation(async (_name, _files, options, signal, onProgress) => {
      outputs = await chartMaker.run([], chartMaker.options.parse(options), { signal, onProgress });
      return { outputs, failures: [] };
    });
  });
  afterEach(() => {
    HTMLCanvasElement.prototype.getContext = originalGetContext;
  });

  it('draws the sample data as a PNG and says "Chart created successfully!" without "(Mock)"', async () => {
    renderWithShell(<ChartMaker manifest={manifestOf('chart-maker')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Chart' }));
    await flush();
    await act(async () => {
      await vi.waitFor(() => expect(outputs).toHaveLength(1), { timeout: 25000 });
    });
    await flush();
    expect(vi.mocked(runInWorker)).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('result-name').textContent).toMatch(/^bar-chart-\d+\.png$/);
    const image = decodeRgba(outputs[0].bytes);
    expect([outputs[0].type, image.width, image.height]).toEqual(['image/png', CHART_WIDTH, CHART_HEIGHT]);
    expect(toastTexts()).toContain('Success: Chart created successfully!');
    expect(toastTexts().join()).not.toContain('(Mock)');
  });
});

describe('Crop PDF', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });

  it('refuses a crop area trimmed to nothing, and starts no run', async () => {
    const manifest = manifestOf('crop-pdf');
    renderWithShell(<CropPdfView manifest={manifest} />);
    await choose([pdfFile('doc.pdf', 1000)]);
    fireEvent.change(screen.getByLabelText('Trim top (%)'), { target: { value: '55' } });
    fireEvent.change(screen.getByLabelText('Trim bottom (%)'), { target: { value: '45' } });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await flush();
    expect(toastTexts()).toContain('Error: The crop area is empty. Please draw a box around the part of the page to keep.');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByTestId('result-name')).toBeNull();
  });
});
