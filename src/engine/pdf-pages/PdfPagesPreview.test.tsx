// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '../demo/demo-mode';
import { choose, fakePreview, flush, manifestOf, pdfFile, renderWithShell } from '../../../tests/support/components';
import { ToolPage } from '../ToolPage';
import { openPreview } from '../../lib/pdf/preview';

vi.mock('../../lib/pdf/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/pdf/preview')>()),
  openPreview: vi.fn(),
}));

describe('PDF page previews on a generic tool page (pdf-to-jpg)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(openPreview).mockReset();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    setDemoMode(false);
  });

  it('shows a thumbnail per page and the page count once a PDF is chosen', async () => {
    setDemoMode(false);
    vi.mocked(openPreview).mockResolvedValue(fakePreview(3));
    renderWithShell(<ToolPage manifest={manifestOf('pdf-to-jpg')} />);
    await choose([pdfFile('deck.pdf', 100)]);
    // The preview is a lazily loaded module; wait for it to arrive.
    await vi.waitFor(() => expect(screen.getByText(/^3 pages\./)).toBeInTheDocument(), { timeout: 20000 });
    expect(screen.getByRole('list', { name: 'Pages' }).querySelectorAll('li')).toHaveLength(3);
    expect(openPreview).toHaveBeenCalledTimes(1);
  });

  it('opens nothing in demo mode, where there is no real file to show', async () => {
    setDemoMode(true);
    vi.mocked(openPreview).mockResolvedValue(fakePreview(3));
    renderWithShell(<ToolPage manifest={manifestOf('pdf-to-jpg')} />);
    await choose([pdfFile('deck.pdf', 100)]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await flush();
    expect(openPreview).not.toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Pages' })).toBeNull();
  });
});
