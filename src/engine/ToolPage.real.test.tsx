// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolError } from '../lib/errors';
import { setDemoMode } from './demo/demo-mode';
import { pdfFile, renderWithShell, testManifest, toastTexts } from '../../tests/support/components';
import { realNote } from './demo/notes';
import { ToolPage } from './ToolPage';
import type { ToolOutput } from '../contract/types';

/** The worker bridge is replaced so the test controls progress, results and failures. */
const bridge = vi.hoisted(() => ({
  run: null as null | ((progress: (d: number, t: number) => void, signal: AbortSignal) => Promise<ToolOutput[]>),
}));
vi.mock('./worker/bridge', () => ({
  CRASH_MESSAGE: 'Processing failed unexpectedly. Please try again, or try a different file.',
  runInWorker: async (_p: string, _f: File[], _o: unknown, signal: AbortSignal, onProgress: (d: number, t: number) => void) => ({
    outputs: await bridge.run!(onProgress, signal),
    failures: [],
  }),
}));

const manifest = testManifest({ processor: 'merge-pdf', output: { name: 'real-{name}' } });
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

async function chooseAndRun() {
  renderWithShell(<ToolPage manifest={manifest} />);
  await act(async () => {
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [pdfFile('a.pdf', 100)] } });
  });
  await flush();
  fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
  await flush();
}

describe('ToolPage with a real processor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('says the file never leaves the device, shows progress, and names the real result without "(Mock)"', async () => {
    let finish!: (outputs: ToolOutput[]) => void;
    bridge.run = (progress) =>
      new Promise((resolve) => {
        progress(1, 4);
        finish = resolve;
      });
    await chooseAndRun();
    expect(screen.getByTestId('tool-note')).toHaveTextContent(realNote());
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '25');
    expect(screen.getByText('25%')).toBeInTheDocument();
    await act(async () => finish([{ bytes: new Uint8Array(10), type: 'application/pdf', meta: { pageCount: 3 } }]));
    await flush();
    expect(screen.getByTestId('result-name')).toHaveTextContent('real-a.pdf');
    expect(screen.getByTestId('result-size')).toHaveTextContent('10 B');
    expect(toastTexts()).toContain('Success: Done!');
    expect(toastTexts().join()).not.toContain('(Mock)');
  });

  it('cancels: the run stops, the page is ready again and says the file was not changed', async () => {
    bridge.run = (_progress, signal) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('Cancelled'), { name: 'CancelledError' }))));
    await chooseAndRun();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(toastTexts()).toContain('Info: Processing cancelled. Your file was not changed.');
    expect(screen.getByRole('button', { name: 'Run Tool' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows a processor's message as an Error toast with its link, and keeps the file", async () => {
    bridge.run = () =>
      Promise.reject(new ToolError('This PDF is password-protected. Unlock it first with Unlock PDF.', { href: '/tools/unlock-pdf', label: 'Open Unlock PDF' }));
    await chooseAndRun();
    expect(toastTexts()).toContain('Error: This PDF is password-protected. Unlock it first with Unlock PDF.');
    expect(screen.getByRole('link', { name: 'Open Unlock PDF' })).toHaveAttribute('href', '/tools/unlock-pdf');
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Tool' })).toBeEnabled();
  });

  it('shows a notice a processor attaches to its output', async () => {
    bridge.run = async () => [{ bytes: new Uint8Array(5), type: 'application/pdf', notice: 'Your original file is kept.' }];
    await chooseAndRun();
    expect(toastTexts()).toContain('Info: Your original file is kept.');
  });
});

describe('a field required in demo mode only (requiredWhenReal: false)', () => {
  const passwordTool = testManifest({
    processor: 'unlock-pdf',
    options: [{ name: 'password', type: 'text', label: 'PDF password', default: '', password: true, required: true, requiredWhenReal: false, invalidMessage: 'Please enter the PDF password.' }],
  });

  async function runWithBlankPassword() {
    renderWithShell(<ToolPage manifest={passwordTool} />);
    await act(async () => {
      fireEvent.change(screen.getByTestId('file-input'), { target: { files: [pdfFile('a.pdf', 100)] } });
    });
    await flush();
    expect(screen.getByLabelText('PDF password')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    setDemoMode(false);
    vi.useRealTimers();
  });

  it('lets a real run go with the field blank, for the processor to decide', async () => {
    setDemoMode(false);
    const run = vi.fn(async () => [{ bytes: new Uint8Array(5), type: 'application/pdf', notice: 'Restrictions removed.' }]);
    bridge.run = run;
    await runWithBlankPassword();
    expect(run).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual(expect.arrayContaining(['Info: Restrictions removed.', 'Success: Done!']));
  });

  it('refuses the blank field in demo mode with its message', async () => {
    setDemoMode(true);
    const run = vi.fn();
    bridge.run = run;
    await runWithBlankPassword();
    expect(toastTexts()).toEqual(['Error: Please enter the PDF password.']);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByTestId('result-name')).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });
});

describe('text results', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('shows a text result in the page and copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    bridge.run = async () => [{ bytes: new TextEncoder().encode('--- Page 1 ---\nHello'), type: 'text/plain' }];
    await chooseAndRun();
    await flush();
    expect(screen.getByLabelText('Text of real-a.pdf')).toHaveValue('--- Page 1 ---\nHello');
    fireEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith('--- Page 1 ---\nHello');
    expect(toastTexts()).toContain('Success: Text copied to clipboard!');
  });

  it('says so when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    bridge.run = async () => [{ bytes: new TextEncoder().encode('Hello'), type: 'text/plain' }];
    await chooseAndRun();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    await flush();
    expect(toastTexts()).toContain('Error: Failed to copy text. Please try again.');
  });
});
