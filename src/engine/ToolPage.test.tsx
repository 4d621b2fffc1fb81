// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import toast from 'react-hot-toast';
import { setDemoMode } from './demo/demo-mode';
import { defaultHelp } from './DropZone';
import { pdfFile, renderWithShell, testManifest, toastTexts } from '../../tests/support/components';
import { simulatedNote } from './demo/notes';
import { ToolPage } from './ToolPage';

/** Lets pending promises (the drop zone reads files asynchronously) settle without moving the clock. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

async function choose(files: File[]) {
  const input = screen.getByTestId('file-input');
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
  await flush();
}

describe('ToolPage in demo mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('renders the manifest: title, description, how-to, note, drop-zone help', () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Test Tool' })).toBeInTheDocument();
    expect(screen.getByText('A tool for tests.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Upload', 'Run', 'Download']);
    expect(screen.getByTestId('tool-note')).toHaveTextContent(simulatedNote());
    expect(screen.getByText(defaultHelp())).toBeInTheDocument();
  });

  it('disables the button with no file, enables it with one, and lists the size in KB', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    expect(screen.getByRole('button', { name: 'Run Tool' })).toBeDisabled();
    await choose([pdfFile('a.pdf', 512)]);
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByText('0.5 KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Tool' })).toBeEnabled();
  });

  it('shows the busy label for exactly the delay, then the named result of factor x size and the Mock success', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('a.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
    expect(screen.getByRole('button', { name: /Running\.\.\./ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name')).toHaveTextContent('out-a.pdf');
    expect(screen.getByTestId('result-size')).toHaveTextContent('500 B');
    expect(toastTexts()).toContain('Success: Done! (Mock)');
    expect(screen.getByRole('button', { name: 'Run Tool' })).toBeEnabled();
  });

  it('clears the earlier result when new files are chosen', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('a.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('result-name')).toBeInTheDocument();
    await choose([pdfFile('b.pdf', 10)]);
    expect(screen.queryByTestId('result-name')).toBeNull();
  });

  it('rejects a file over the size limit with the specification toast', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('big.pdf', 2048)]);
    expect(toastTexts()).toContain('File too large: The file big.pdf is too large. Maximum size is 0MB.');
  });

  it('rejects the wrong type and too many files with the specification toasts', async () => {
    renderWithShell(<ToolPage manifest={testManifest({ limits: { maxFiles: 2, maxBytes: 10485760 } })} />);
    await choose([new File(['x'], 'photo.png', { type: 'image/png' })]);
    expect(toastTexts()).toContain('Invalid file type: The file photo.png is not a supported file type.');
    await choose([pdfFile('1.pdf', 5), pdfFile('2.pdf', 5), pdfFile('3.pdf', 5)]);
    expect(toastTexts()).toContain('Too many files: You can only upload a maximum of 2 files.');
    // The first files up to the limit are kept; the surplus is refused with the toast.
    expect(screen.getAllByText(/^\d\.pdf$/).map((e) => e.textContent)).toEqual(['1.pdf', '2.pdf']);
  });

  it('rejects an empty file with a clear message', async () => {
    renderWithShell(<ToolPage manifest={testManifest()} />);
    await choose([pdfFile('empty.pdf', 0)]);
    expect(toastTexts()).toContain('Error: The file empty.pdf is empty. Please choose a file that has content.');
  });

  it('appends files and cuts the list to the limit when the manifest says so', async () => {
    renderWithShell(<ToolPage manifest={testManifest({ limits: { maxFiles: 3, maxBytes: 1024, appendFiles: true, minFiles: 2 }, messages: { noFile: 'n', downloadFirst: 'd', success: 's', tooFewFiles: 'Please upload at least two PDF files to merge.' } })} />);
    await choose([pdfFile('1.pdf', 5), pdfFile('2.pdf', 5)]);
    await choose([pdfFile('3.pdf', 5), pdfFile('4.pdf', 5)]);
    const names = screen.getAllByText(/^\d\.pdf$/).map((e) => e.textContent);
    expect(names).toEqual(['1.pdf', '2.pdf', '3.pdf']);
  });

  it('runs with per-file delays and shows one result per input', async () => {
    const manifest = testManifest({
      limits: { maxFiles: 5, maxBytes: 1024 },
      simulation: { delayMs: { base: 2000, perFile: 500 }, sizeFactor: 1.2, success: '{files} file(s) converted! (Mock)' },
      output: { name: '{base}.docx' },
    });
    renderWithShell(<ToolPage manifest={manifest} />);
    await choose([pdfFile('a.PDF', 100), pdfFile('b.pdf', 200)]);
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getAllByTestId('result-name').map((e) => e.textContent)).toEqual(['a.docx', 'b.docx']);
    expect(screen.getAllByTestId('result-size').map((e) => e.textContent)).toEqual(['120 B', '240 B']);
    expect(toastTexts()).toContain('Success: 2 file(s) converted! (Mock)');
  });

  it('shows options once a file is chosen and validates them with the field message', async () => {
    const manifest = testManifest({
      options: [
        { name: 'password', type: 'text', label: 'Password', default: '', required: true, minLength: 6, password: true,
          requiredMessage: 'Please enter a password to protect the PDF.', minLengthMessage: 'Password must be at least 6 characters long.' },
      ],
    });
    renderWithShell(<ToolPage manifest={manifest} />);
    expect(screen.queryByLabelText('Password')).toBeNull();
    await choose([pdfFile('a.pdf', 100)]);
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
    expect(toastTexts()).toContain('Error: Please enter a password to protect the PDF.');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Run Tool' }));
    await flush();
    expect(toastTexts()).toContain('Error: Password must be at least 6 characters long.');
    expect(screen.queryByRole('button', { name: /Running/ })).toBeNull();
  });
});
