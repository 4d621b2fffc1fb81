// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../engine/demo/demo-mode';
import { captureDownloads, choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { damagedPdfMessage } from '../lib/pdf/messages';
import { openPreview, PreviewError } from '../lib/pdf/preview';
import SplitPdfView from './split-pdf';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));

const manifest = manifestOf('split-pdf');
const SPLIT = manifest.action.label;

/** Chooses a file while Math.random returns `r`, so the mock page count is 5 + floor(r x 20). */
async function chooseWithRandom(r: number, name = 'doc.pdf') {
  const spy = vi.spyOn(Math, 'random').mockReturnValue(r);
  await choose([pdfFile(name, 2000)]);
  spy.mockRestore();
}

const rangesBox = () => screen.getByLabelText('Page ranges') as HTMLInputElement;
const everyNBox = () => screen.getByLabelText('Pages per file') as HTMLInputElement;

async function typeRanges(text: string) {
  fireEvent.change(rangesBox(), { target: { value: text } });
  await flush();
}
async function chooseEveryN() {
  fireEvent.click(screen.getByRole('radio', { name: 'Every N pages' }));
  await flush();
}
async function setEveryN(value: string) {
  fireEvent.change(everyNBox(), { target: { value } });
  await flush();
}
async function split(wait = manifest.simulation.delayMs as number) {
  fireEvent.click(screen.getByRole('button', { name: SPLIT }));
  await flush();
  await act(() => vi.advanceTimersByTimeAsync(wait));
}
const resultNames = () => screen.queryAllByTestId('result-name').map((e) => e.textContent);

describe('Split PDF view in demo mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(true);
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.restoreAllMocks();
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('draws a mock page count from 5 to 24 when a file is chosen', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0);
    expect(screen.getByTestId('page-count')).toHaveTextContent('This PDF has 5 pages');
    await chooseWithRandom(0.99999);
    expect(screen.getByTestId('page-count')).toHaveTextContent('This PDF has 24 pages');
    await chooseWithRandom(0.5);
    expect(screen.getByTestId('page-count')).toHaveTextContent('This PDF has 15 pages');
    expect(openPreview).not.toHaveBeenCalled();
  });

  it('splits "1-3, 4-6, 7" into 3 parts after 2.5 s and says so', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.5);
    await typeRanges('1-3, 4-6, 7');
    fireEvent.click(screen.getByRole('button', { name: SPLIT }));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(2490));
    expect(resultNames()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(resultNames()).toEqual(['split-part-1-doc.pdf', 'split-part-2-doc.pdf', 'split-part-3-doc.pdf']);
    expect(toastTexts()).toContain('Success: PDF split into 3 parts successfully!');
    expect(document.querySelector('.result-list')).toHaveStyle({ maxHeight: '400px' });
  });

  it('refuses blank ranges with the Error and ranges with no valid part with the destructive Warning', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.5);
    fireEvent.click(screen.getByRole('button', { name: SPLIT }));
    await flush();
    expect(toastTexts()).toContain('Error: Please enter page ranges to split the PDF.');
    act(() => toast.remove());
    // "abc" does not parse and "5-2" ends before it starts: no valid part.
    await typeRanges('abc, 5-2');
    fireEvent.click(screen.getByRole('button', { name: SPLIT }));
    await flush();
    expect(toastTexts()).toEqual(['Warning: Warning: No valid parts to split based on input.']);
    expect(screen.getByTestId('toast')).toHaveClass('toast-destructive');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(resultNames()).toEqual([]);
  });

  it('keeps the valid parts of a mixed list', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.5);
    await typeRanges('1-2, x-4, 6-3, 8');
    await split();
    expect(resultNames()).toHaveLength(2);
    expect(toastTexts()).toContain('Success: PDF split into 2 parts successfully!');
  });

  it('replaces the results on each split', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.5);
    await typeRanges('1-2');
    await split();
    expect(resultNames()).toHaveLength(1);
    await typeRanges('1, 2, 3');
    await split();
    expect(resultNames()).toEqual(['split-part-1-doc.pdf', 'split-part-2-doc.pdf', 'split-part-3-doc.pdf']);
  });

  it('keeps N between 1 and the page count, forces it to at least 1, and shows the number of files', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.25); // 10 pages
    await chooseEveryN();
    expect(everyNBox()).toHaveAttribute('min', '1');
    expect(everyNBox()).toHaveAttribute('max', '10');
    expect(everyNBox().value).toBe('1');
    expect(screen.getByTestId('file-count')).toHaveTextContent('This will create 10 files.');
    await setEveryN('3');
    expect(screen.getByTestId('file-count')).toHaveTextContent('This will create 4 files.');
    await setEveryN('0');
    expect(everyNBox().value).toBe('1');
    await setEveryN('-4');
    expect(everyNBox().value).toBe('1');
    await setEveryN('99');
    expect(everyNBox().value).toBe('10');
    expect(screen.getByTestId('file-count')).toHaveTextContent('This will create 1 file.');
    await setEveryN('');
    fireEvent.blur(everyNBox());
    await flush();
    expect(everyNBox().value).toBe('1');
    await setEveryN('4');
    await split();
    expect(resultNames()).toHaveLength(3);
    expect(toastTexts()).toContain('Success: PDF split into 3 parts successfully!');
  });

  it('clears the results, the range text and N when another file is chosen', async () => {
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.5);
    await typeRanges('1-2, 3');
    await split();
    expect(resultNames()).toHaveLength(2);
    await chooseWithRandom(0.1, 'other.pdf');
    expect(resultNames()).toEqual([]);
    expect(rangesBox().value).toBe('');
    await chooseEveryN();
    await setEveryN('3');
    await chooseWithRandom(0.5, 'third.pdf');
    expect(everyNBox().value).toBe('1');
  });

  it('Download All: asks to split first, then in demo mode downloads the first file with the notice', async () => {
    const downloads = captureDownloads();
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await chooseWithRandom(0.5);
    fireEvent.click(screen.getByRole('button', { name: 'Download All' }));
    await flush();
    expect(toastTexts()).toContain('Error: Please split the PDF first.');
    await typeRanges('1-2, 3');
    await split();
    const buttons = screen.getAllByRole('button', { name: 'Download All' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    await flush();
    expect(toastTexts()).toContain('Info: Demo: Download All would ZIP files. Downloading first file.');
    expect(downloads).toEqual(['split-part-1-doc.pdf']);
  });
});

describe('Split PDF view with a real file', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
    vi.mocked(openPreview).mockReset();
  });
  afterEach(() => {
    cleanup();
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('uses the page count pdf.js reads and shows a thumbnail of every page', async () => {
    const preview = fakePreview(12);
    vi.mocked(openPreview).mockResolvedValue(preview);
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await choose([pdfFile('real.pdf', 3000)]);
    expect(screen.getByTestId('page-count')).toHaveTextContent('This PDF has 12 pages.');
    expect(screen.getAllByTestId('pdf-thumbnail')).toHaveLength(12);
    await chooseEveryN();
    await setEveryN('5');
    expect(screen.getByTestId('file-count')).toHaveTextContent('This will create 3 files.');
    // Past the last page the range is cut, before the first it is skipped: "13-20" alone gives nothing.
    fireEvent.click(screen.getByRole('radio', { name: 'By page ranges' }));
    await flush();
    await typeRanges('13-20');
    fireEvent.click(screen.getByRole('button', { name: SPLIT }));
    await flush();
    expect(toastTexts()).toContain('Warning: Warning: No valid parts to split based on input.');
  });

  it('reports a damaged file and keeps the Split button disabled', async () => {
    vi.mocked(openPreview).mockRejectedValue(new PreviewError({ message: damagedPdfMessage('bad.pdf') }));
    renderWithShell(<SplitPdfView manifest={manifest} />);
    await choose([pdfFile('bad.pdf', 3000)]);
    expect(toastTexts()).toContain('Error: The file bad.pdf is damaged and could not be read. Please choose another PDF.');
    expect(screen.getByRole('button', { name: SPLIT })).toBeDisabled();
  });
});
