// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../engine/demo/demo-mode';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell, toastTexts } from '../../tests/support/components';
import { encryptedMessage, unlockLink } from '../lib/pdf/messages';
import { openPreview, PreviewError } from '../lib/pdf/preview';
import MergePdfView from './merge-pdf';
import { demoModeHooks, listedNames } from '../../tests/support/views';

vi.mock('../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));

const manifest = manifestOf('merge-pdf');
const LIST = 'Files to merge, in order';
const files = (names: string[], size = 100) => names.map((n) => pdfFile(n, size));

describe('Merge PDF view in demo mode', () => {
  demoModeHooks();

  it('appends new files to the list and cuts it to 10', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf', '6.pdf']));
    await choose(files(['7.pdf', '8.pdf', '9.pdf', '10.pdf', '11.pdf', '12.pdf']));
    expect(listedNames(LIST)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf', '6.pdf', '7.pdf', '8.pdf', '9.pdf', '10.pdf']);
    expect(screen.getByRole('list', { name: LIST })).toHaveStyle({ maxHeight: '300px' });
  });

  it('disables the first Move up and the last Move down; moving and removing change the order', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['a.pdf', 'b.pdf', 'c.pdf']));
    expect(screen.getByRole('button', { name: 'Move a.pdf up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move a.pdf down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move c.pdf down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move c.pdf up' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move a.pdf down' }));
    expect(listedNames(LIST)).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Move c.pdf up' }));
    expect(listedNames(LIST)).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove c.pdf' }));
    expect(listedNames(LIST)).toEqual(['b.pdf', 'a.pdf']);
    expect(screen.getByRole('button', { name: 'Move b.pdf up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move a.pdf down' })).toBeDisabled();
  });

  it('reorders from the keyboard with the grab handle and announces each step', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['a.pdf', 'b.pdf', 'c.pdf']));
    const handle = screen.getByRole('button', { name: 'Reorder a.pdf' });
    const announcement = screen.getByTestId('reorder-announcement');
    fireEvent.keyDown(handle, { key: ' ' });
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(announcement).toHaveTextContent('a.pdf picked up');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(listedNames(LIST)).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
    expect(announcement).toHaveTextContent('a.pdf moved to position 3 of 3.');
    fireEvent.keyDown(handle, { key: ' ' });
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(announcement).toHaveTextContent('a.pdf dropped, position 3 of 3.');
    // Escape puts a picked-up item back where it was.
    fireEvent.keyDown(handle, { key: 'Enter' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(listedNames(LIST)).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
    fireEvent.keyDown(handle, { key: 'Escape' });
    expect(listedNames(LIST)).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
  });

  it('reorders by dragging the handle with the pointer', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['a.pdf', 'b.pdf', 'c.pdf']));
    // Rows 40 px tall, stacked from y = 0.
    screen.getByRole('list', { name: LIST }).querySelectorAll<HTMLElement>('[data-key]').forEach((row, i) => {
      row.getBoundingClientRect = () => ({ top: i * 40, height: 40, bottom: i * 40 + 40, left: 0, right: 100, width: 100, x: 0, y: i * 40, toJSON: () => ({}) });
    });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Reorder a.pdf' }), { button: 0, clientY: 20 });
    fireEvent.pointerMove(window, { clientY: 110 });
    fireEvent.pointerUp(window, { clientY: 110 });
    expect(listedNames(LIST)).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
    expect(screen.getByTestId('reorder-announcement')).toHaveTextContent('a.pdf dropped, position 3 of 3.');
  });

  it('answers a single file with the at-least-two message', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    const action = screen.getByRole('button', { name: manifest.action.label });
    expect(action).toBeDisabled();
    await choose(files(['only.pdf']));
    expect(action).toBeEnabled();
    fireEvent.click(action);
    await flush();
    expect(toastTexts()).toContain('Error: Please upload at least two PDF files to merge.');
    expect(manifest.messages.tooFewFiles).toBe('Please upload at least two PDF files to merge.');
  });

  it('asks to merge before downloading', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['a.pdf', 'b.pdf']));
    fireEvent.click(screen.getByRole('button', { name: 'Download merged PDF' }));
    expect(toastTexts()).toContain('Error: Please merge PDF files first.');
  });

  it('merges after 3 s into merged-document-[timestamp].pdf of 0.95 x the total size and 5 pages per file', async () => {
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose([pdfFile('a.pdf', 1000), pdfFile('b.pdf', 1000)]);
    fireEvent.click(screen.getByRole('button', { name: manifest.action.label }));
    await flush();
    expect(screen.getByRole('button', { name: /Merging\.\.\./ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(screen.queryByTestId('result-name')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByTestId('result-name').textContent).toMatch(/^merged-document-\d+\.pdf$/);
    expect(screen.getByTestId('result-size')).toHaveTextContent('1.86 KB'); // 0.95 x 2000 = 1900 B
    const card = screen.getByTestId('result-name').closest('li')!;
    expect(within(card).getByText('Pages').nextSibling).toHaveTextContent('10');
    expect(toastTexts()).toContain('Success: 2 PDF files merged successfully! (mock operation)');
    expect(openPreview).not.toHaveBeenCalled();
  });
});

describe('Merge PDF view with real files', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setDemoMode(false);
    vi.mocked(openPreview).mockReset();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('shows each file with its first page and its page count', async () => {
    const previews = [fakePreview(3), fakePreview(1)];
    vi.mocked(openPreview).mockImplementation(async (file) => (file.name === 'a.pdf' ? previews[0] : previews[1]));
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['a.pdf', 'b.pdf'], 2048));
    await flush();
    const rows = screen.getByRole('list', { name: LIST }).querySelectorAll('li');
    expect(rows[0]).toHaveTextContent('2.0 KB · 3 pages');
    expect(rows[1]).toHaveTextContent('2.0 KB · 1 page');
    expect(screen.getAllByTestId('pdf-thumbnail')).toHaveLength(2);
    expect(previews[0].rendered).toEqual([1]);
  });

  it('tells the visitor to unlock a password-protected file first, with a link to Unlock PDF', async () => {
    vi.mocked(openPreview).mockRejectedValue(new PreviewError({ message: encryptedMessage(), link: unlockLink() }));
    renderWithShell(<MergePdfView manifest={manifest} />);
    await choose(files(['locked.pdf']));
    expect(toastTexts()).toContain('Error: This PDF is password-protected. Unlock it first with Unlock PDF.');
    const link = screen.getByRole('link', { name: unlockLink().label });
    expect(link).toHaveAttribute('href', '/tools/unlock-pdf');
  });
});
