// @vitest-environment jsdom
/** The page frame's own behaviour: demo marking, simulated results, the result as the next step, focus during a run. */
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from './demo/demo-mode';
import { simulatedResultNote } from './ResultList';
import { pdfFile, renderWithShell, testManifest } from '../../tests/support/components';

const DEMO_BADGE = 'Demo';
import { ToolPage } from './ToolPage';
import { toolBySlug } from '../../tests/support/catalogue';

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

async function choose(files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('file-input'), { target: { files } });
  });
  await flush();
}

async function runOnce(delay = 2000) {
  fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
  await flush();
  await act(() => vi.advanceTimersByTimeAsync(delay));
}

describe('the tool page frame', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('marks a tool with no real processor with the Demo badge, and a real tool without it', () => {
    const { unmount } = renderWithShell(<ToolPage manifest={testManifest()} />);
    expect(screen.getByText(DEMO_BADGE)).toBeInTheDocument();
    unmount();
    renderWithShell(<ToolPage manifest={testManifest({ processor: 'merge-pdf' })} />);
    expect(screen.queryByText(DEMO_BADGE)).toBeNull();
  });

  it('says on the page of a tool that stays simulated why it does', () => {
    renderWithShell(<ToolPage manifest={toolBySlug('colorize-photo')!} />);
    expect(screen.getByText(DEMO_BADGE)).toBeInTheDocument();
    expect(screen.getByText(/^Colorizing is simulated: no colorization model that runs in a browser ships in a package/)).toBeInTheDocument();
  });

  it('says on a simulated result card that its file and figures are not real', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('a.pdf', 1000)]);
    await runOnce();
    expect(screen.getByTestId('result-simulated')).toHaveTextContent(simulatedResultNote());
  });

  it('makes the download the primary action after a run, and the run button secondary', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('a.pdf', 1000)]);
    const runButton = screen.getByRole('button', { name: 'Run Tool' });
    expect(runButton.className).toMatch(/rt-variant-solid/);
    await runOnce();
    expect(screen.getByRole('button', { name: 'Run Tool' }).className).toMatch(/rt-variant-soft/);
    expect(screen.getByRole('button', { name: 'Download out-a.pdf' }).className).toMatch(/rt-variant-solid/);
  });

  it('keeps focus on the live run status while running, then moves it to the results', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('a.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
    const status = screen.getByTestId('run-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(document.activeElement).toBe(status);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Results' }));
  });
});
